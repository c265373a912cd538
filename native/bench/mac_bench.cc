// The native limit for HMAC and the other MACs: a context keyed once and restarted for every
// message, as the provider uses it.
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
BENCHMARK_CAPTURE(BM_Hmac, HmacMD5, "MD5")->Apply(bench::StandardSizes);

// The other EVP_MACs as the provider runs them: keyed once and restarted for every message, except
// GMAC, whose IV serves one message, so it is keyed with a new IV each time.
void BM_EvpMac(benchmark::State& state, const char* mac_name, EvpMac::Parameter parameter,
               const char* cipher) {
  EvpMac mac(FindMac(mac_name), parameter);
  std::vector<uint8_t> key(32, 0x4b);
  std::vector<uint8_t> iv(12, 0x24);
  mac.SetKey(key, cipher, iv, 64);
  const bool rekey = parameter == EvpMac::Parameter::kIv;
  std::vector<uint8_t> input(static_cast<size_t>(state.range(0)), 0x5a);
  uint8_t out[kMaxMacSize];
  for (auto _ : state) {
    if (rekey) {
      mac.SetKey(key, cipher, iv, 0);
    }
    mac.Update(input.data(), input.size());
    mac.Finish(out);
    benchmark::DoNotOptimize(out);
  }
  bench::ReportOpsAndBytes(state, input.size());
}

BENCHMARK_CAPTURE(BM_EvpMac, AESCMAC, "CMAC", EvpMac::Parameter::kNone, "AES-256-CBC")
    ->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_EvpMac, AES_GMAC, "GMAC", EvpMac::Parameter::kIv, "AES-256-GCM")
    ->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_EvpMac, KMAC256, "KMAC-256", EvpMac::Parameter::kCustomisation, nullptr)
    ->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_EvpMac, KMAC128, "KMAC-128", EvpMac::Parameter::kCustomisation, nullptr)
    ->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_EvpMac, POLY1305, "POLY1305", EvpMac::Parameter::kNone, nullptr)
    ->Apply(bench::StandardSizes);

}  // namespace
}  // namespace carbide
