// The native limit for SecureRandom: RAND_bytes from the calling thread's public DRBG, at the sizes
// of the JMH suite's SecureRandom benchmark.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench_util.h"
#include "carbide/random.h"

namespace carbide {
namespace {

void BM_RandBytes(benchmark::State& state) {
  std::vector<uint8_t> out(static_cast<size_t>(state.range(0)));
  for (auto _ : state) {
    random::Generate(out.data(), out.size());
    benchmark::DoNotOptimize(out.data());
  }
  bench::ReportOpsAndBytes(state, out.size());
}

BENCHMARK(BM_RandBytes)->Arg(16)->Arg(1024)->Arg(4096);

}  // namespace
}  // namespace carbide
