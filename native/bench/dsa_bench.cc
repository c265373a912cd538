// The native limits for DSA over 2048-bit parameters with a 224-bit q (the JDK's default size):
// key generation (Carbide's, and OpenSSL's own EVP_PKEY_keygen beside it), and SHA-256 signing
// and verification of a 64-byte message with a signer bound once. The parameters are generated
// once, at first use.
#include <benchmark/benchmark.h>
#include <openssl/evp.h>

#include <vector>

#include "bench_util.h"
#include "carbide/dsa.h"
#include "carbide/ffc.h"
#include "carbide/library.h"
#include "pkey_bench.h"

namespace carbide {
namespace {

struct Domain {
  std::vector<uint8_t> p;
  std::vector<uint8_t> q;
  std::vector<uint8_t> g;
  DsaParameters params() const { return {p, q, g}; }
};

const Domain& Dsa2048() {
  static const Domain domain = [] {
    PkeyPtr generated = GenerateFfcParameters("DSA", 2048, 224);
    return Domain{FfcComponent(generated.get(), "p"), FfcComponent(generated.get(), "q"),
                  FfcComponent(generated.get(), "g")};
  }();
  return domain;
}

void BM_DsaKeygen(benchmark::State& state) {
  DsaKeyPairGenerator generator(Dsa2048().params());
  for (auto _ : state) {
    benchmark::DoNotOptimize(generator.Generate());
  }
  bench::ReportOpsAndBytes(state, 0);
}

// OpenSSL's own key generation over the same parameters (EVP_PKEY_keygen with a context set up
// once), which DsaKeyPairGenerator used until 2026-12-02: it checks g's order again for every
// pair, a second modular exponentiation.
void BM_DsaKeygenEvp(benchmark::State& state) {
  PkeyPtr domain = DsaKeyPairGenerator(Dsa2048().params()).Generate();
  PkeyCtxPtr ctx = FfcKeygenContext(domain.get());
  for (auto _ : state) {
    EVP_PKEY* key = nullptr;
    CheckOpenssl(EVP_PKEY_keygen(ctx.get(), &key), "EVP_PKEY_keygen");
    PkeyPtr owned(key);
    benchmark::DoNotOptimize(owned.get());
  }
  bench::ReportOpsAndBytes(state, 0);
}

void BM_DsaSignOrVerify(benchmark::State& state, bool sign) {
  PkeyPtr key = DsaKeyPairGenerator(Dsa2048().params()).Generate();
  bench::SignatureLoop(state, key.get(), FindDigest("SHA2-256"), sign);
}

BENCHMARK(BM_DsaKeygen)->Name("BM_DsaKeygen/DSA_2048");
BENCHMARK(BM_DsaKeygenEvp)->Name("BM_DsaKeygen/DSA_2048_openssl_keygen");
BENCHMARK_CAPTURE(BM_DsaSignOrVerify, sign_DSA_2048, true);
BENCHMARK_CAPTURE(BM_DsaSignOrVerify, verify_DSA_2048, false);

}  // namespace
}  // namespace carbide
