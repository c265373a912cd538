// The native limit for SecureRandom: the calling thread's public DRBG as Carbide calls it, at the
// sizes of the JMH suite's SecureRandom benchmark, beside OpenSSL's RAND_bytes_ex, which looks the
// DRBG up again on every call.
#include <benchmark/benchmark.h>
#include <openssl/rand.h>

#include <vector>

#include "bench_util.h"
#include "carbide/library.h"
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

void BM_RandBytesEx(benchmark::State& state) {
  std::vector<uint8_t> out(static_cast<size_t>(state.range(0)));
  for (auto _ : state) {
    if (RAND_bytes_ex(LibraryContext(), out.data(), out.size(), 0) != 1) {
      state.SkipWithError("RAND_bytes_ex failed");
      break;
    }
    benchmark::DoNotOptimize(out.data());
  }
  bench::ReportOpsAndBytes(state, out.size());
}

BENCHMARK(BM_RandBytesEx)->Arg(16)->Arg(1024)->Arg(4096);

}  // namespace
}  // namespace carbide
