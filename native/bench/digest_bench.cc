// The native limit for digests: a reused context, as the provider uses it.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench_util.h"
#include "carbide/digest.h"
#include "carbide/library.h"

namespace carbide {
namespace {

void BM_Digest(benchmark::State& state, const char* algorithm) {
  Digest digest(FindDigest(algorithm));
  std::vector<uint8_t> input(static_cast<size_t>(state.range(0)), 0x5a);
  uint8_t out[kMaxDigestSize];
  for (auto _ : state) {
    digest.Update(input.data(), input.size());
    digest.Finish(out);
    benchmark::DoNotOptimize(out);
  }
  bench::ReportOpsAndBytes(state, input.size());
}

BENCHMARK_CAPTURE(BM_Digest, SHA256, "SHA2-256")->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Digest, SHA512, "SHA2-512")->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Digest, SHA3_256, "SHA3-256")->Apply(bench::StandardSizes);

}  // namespace
}  // namespace carbide
