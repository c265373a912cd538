// The native limit for HKDF-SHA256 in the shapes TLS 1.3 uses: 32-byte secrets, 32-byte outputs
// and an HKDF-Expand-Label info of about 50 bytes. Each derivation goes through Hkdf::Derive, as
// the provider's do (SunJSSE makes a new KDF for every derivation, so nothing is kept in Java):
// it borrows a pooled context and scrubs it afterwards. "Composed" is the path Carbide takes on
// OpenSSL's default provider; "EvpKdf" is OpenSSL's EVP_KDF, which it keeps for FIPS providers.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench_util.h"
#include "carbide/kdf.h"
#include "carbide/library.h"

namespace carbide {
namespace {

const std::vector<uint8_t> kSecret(32, 0x5a);
const std::vector<uint8_t> kSalt(32, 0xa5);
const std::vector<uint8_t> kInfo(50, 0x3c);

void BM_Hkdf(benchmark::State& state, Hkdf::Path path, HkdfMode mode) {
  Hkdf hkdf(FindDigest("SHA2-256"), path);
  uint8_t out[32];
  for (auto _ : state) {
    hkdf.Derive(mode, {kSecret, kSalt, kInfo}, out);
    benchmark::DoNotOptimize(out);
  }
  bench::ReportOpsAndBytes(state, sizeof(out));
}

void BM_HkdfComposed(benchmark::State& state, HkdfMode mode) {
  BM_Hkdf(state, Hkdf::Path::kComposed, mode);
}

void BM_HkdfEvpKdf(benchmark::State& state, HkdfMode mode) {
  BM_Hkdf(state, Hkdf::Path::kEvpKdf, mode);
}

BENCHMARK_CAPTURE(BM_HkdfComposed, ExtractThenExpand32, HkdfMode::kExtractThenExpand);
BENCHMARK_CAPTURE(BM_HkdfComposed, ExpandOnly32, HkdfMode::kExpand);
BENCHMARK_CAPTURE(BM_HkdfEvpKdf, ExtractThenExpand32, HkdfMode::kExtractThenExpand);
BENCHMARK_CAPTURE(BM_HkdfEvpKdf, ExpandOnly32, HkdfMode::kExpand);

}  // namespace
}  // namespace carbide
