// The native limit for HKDF-SHA256 in the shapes TLS 1.3 uses: 32-byte secrets, 32-byte outputs
// and an HKDF-Expand-Label info of about 50 bytes. "Reused" keeps one EVP_KDF_CTX across
// derivations (the raw limit); "Pooled" borrows one from Hkdf's pool and scrubs it afterwards,
// which is what the provider does, since SunJSSE makes a new KDF for every derivation.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench_util.h"
#include "carbide/kdf.h"
#include "carbide/library.h"

namespace carbide {
namespace {

const Hkdf& Sha256() { return *Hkdf::Find(FindDigest("SHA2-256")); }

const std::vector<uint8_t> kSecret(32, 0x5a);
const std::vector<uint8_t> kSalt(32, 0xa5);
const std::vector<uint8_t> kInfo(50, 0x3c);

void BM_HkdfReused(benchmark::State& state, HkdfMode mode) {
  const Hkdf& hkdf = Sha256();
  KdfCtxPtr ctx = hkdf.NewContext();
  uint8_t out[32];
  for (auto _ : state) {
    hkdf.Derive(ctx.get(), mode, {kSecret, kSalt, kInfo}, out);
    benchmark::DoNotOptimize(out);
  }
  bench::ReportOpsAndBytes(state, sizeof(out));
}

void BM_HkdfPooled(benchmark::State& state, HkdfMode mode) {
  const Hkdf& hkdf = Sha256();
  uint8_t out[32];
  for (auto _ : state) {
    hkdf.Derive(mode, {kSecret, kSalt, kInfo}, out);
    benchmark::DoNotOptimize(out);
  }
  bench::ReportOpsAndBytes(state, sizeof(out));
}

BENCHMARK_CAPTURE(BM_HkdfReused, ExtractThenExpand32, HkdfMode::kExtractThenExpand);
BENCHMARK_CAPTURE(BM_HkdfReused, ExpandOnly32, HkdfMode::kExpand);
BENCHMARK_CAPTURE(BM_HkdfPooled, ExtractThenExpand32, HkdfMode::kExtractThenExpand);
BENCHMARK_CAPTURE(BM_HkdfPooled, ExpandOnly32, HkdfMode::kExpand);

}  // namespace
}  // namespace carbide
