// The native limit for HMAC: a context keyed once and restarted for every message, as the provider
// uses it.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench_util.h"
#include "carbide/library.h"
#include "carbide/mac.h"

namespace carbide {
namespace {

void BM_Hmac(benchmark::State& state, const char* digest) {
  Hmac hmac(FindDigest(digest));
  std::vector<uint8_t> key(32, 0x4b);
  hmac.SetKey(key.data(), key.size());
  std::vector<uint8_t> input(static_cast<size_t>(state.range(0)), 0x5a);
  uint8_t out[kMaxMacSize];
  for (auto _ : state) {
    hmac.Update(input.data(), input.size());
    hmac.Finish(out);
    benchmark::DoNotOptimize(out);
  }
  bench::ReportOpsAndBytes(state, input.size());
}

BENCHMARK_CAPTURE(BM_Hmac, HmacSHA256, "SHA2-256")->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Hmac, HmacSHA512, "SHA2-512")->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Hmac, HmacSHA3_256, "SHA3-256")->Apply(bench::StandardSizes);

}  // namespace
}  // namespace carbide
