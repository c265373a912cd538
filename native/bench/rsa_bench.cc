// The native limits for RSA: SHA256withRSA (PKCS #1 v1.5) signing and verification with a signer
// bound to its key, and key generation with a context set up once.
#include <benchmark/benchmark.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>

#include "bench_util.h"
#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/pkey.h"
#include "pkey_bench.h"

namespace carbide {
namespace {

// A generator of `bits`-bit keys with the public exponent 65537 (OpenSSL's default).
PkeyCtxPtr RsaGenerator(unsigned bits) {
  PkeyCtxPtr ctx(
      CheckNotNull(EVP_PKEY_CTX_new_from_name(nullptr, "RSA", nullptr), "EVP_PKEY_CTX_new"));
  CheckOpenssl(EVP_PKEY_keygen_init(ctx.get()), "EVP_PKEY_keygen_init");
  CheckOpenssl(EVP_PKEY_CTX_set_rsa_keygen_bits(ctx.get(), static_cast<int>(bits)),
               "EVP_PKEY_CTX_set_rsa_keygen_bits");
  return ctx;
}

PkeyPtr GenerateRsa(EVP_PKEY_CTX* ctx) {
  EVP_PKEY* key = nullptr;
  CheckOpenssl(EVP_PKEY_generate(ctx, &key), "EVP_PKEY_generate");
  return PkeyPtr(key);
}

void BM_RsaKeygen(benchmark::State& state, unsigned bits) {
  PkeyCtxPtr ctx = RsaGenerator(bits);
  for (auto _ : state) {
    benchmark::DoNotOptimize(GenerateRsa(ctx.get()));
  }
  bench::ReportOpsAndBytes(state, 0);
}

void SignOrVerify(benchmark::State& state, unsigned bits, bool sign) {
  PkeyCtxPtr ctx = RsaGenerator(bits);
  PkeyPtr key = GenerateRsa(ctx.get());
  bench::SignatureLoop(state, key.get(), FindDigest("SHA2-256"), sign);
}

void BM_RsaSign(benchmark::State& state, unsigned bits) { SignOrVerify(state, bits, true); }
void BM_RsaVerify(benchmark::State& state, unsigned bits) { SignOrVerify(state, bits, false); }

BENCHMARK_CAPTURE(BM_RsaSign, RSA_2048, 2048);
BENCHMARK_CAPTURE(BM_RsaVerify, RSA_2048, 2048);
BENCHMARK_CAPTURE(BM_RsaKeygen, RSA_2048, 2048);
// A 4096-bit key takes about half a second to find; a few iterations suffice.
BENCHMARK_CAPTURE(BM_RsaKeygen, RSA_4096, 4096)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace carbide
