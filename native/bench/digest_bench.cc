// The native limit for digests: a reused context, as the provider uses it.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench_util.h"
#include "carbide/digest.h"
#include "carbide/library.h"

namespace carbide {
namespace {

// `size` is the output length, for an XOF (0: the digest's own).
void BM_Digest(benchmark::State& state, const char* algorithm, size_t size) {
  const EVP_MD* md = FindDigest(algorithm);
  Digest digest(md, size != 0 ? size : Digest::SizeOf(md));
  std::vector<uint8_t> input(static_cast<size_t>(state.range(0)), 0x5a);
  uint8_t out[kMaxDigestSize];
  for (auto _ : state) {
    digest.Update(input.data(), input.size());
    digest.Finish(out);
    benchmark::DoNotOptimize(out);
  }
  bench::ReportOpsAndBytes(state, input.size());
}

BENCHMARK_CAPTURE(BM_Digest, SHA256, "SHA2-256", 0)->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Digest, SHA512, "SHA2-512", 0)->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Digest, SHA3_256, "SHA3-256", 0)->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Digest, SHAKE256_512, "SHAKE-256", 64)->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Digest, SHAKE128_256, "SHAKE-128", 32)->Apply(bench::StandardSizes);

}  // namespace
}  // namespace carbide
