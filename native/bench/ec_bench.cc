// The native limits for the EC operations the provider serves: key generation with a context set
// up once, ECDSA with a signer bound to its key, and ECDH with a fresh derivation context.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench_util.h"
#include "carbide/library.h"
#include "carbide/pkey.h"

namespace carbide {
namespace {

void Report(benchmark::State& state) { bench::ReportOpsAndBytes(state, 0); }

void BM_EcKeygen(benchmark::State& state, const char* group) {
  KeyPairGenerator generator("EC", group);
  for (auto _ : state) {
    benchmark::DoNotOptimize(generator.Generate());
  }
  Report(state);
}

void BM_Ecdh(benchmark::State& state, const char* group) {
  KeyPairGenerator generator("EC", group);
  PkeyPtr own = generator.Generate();
  PkeyPtr peer = generator.Generate();
  for (auto _ : state) {
    benchmark::DoNotOptimize(DeriveSecret(own.get(), peer.get()));
  }
  Report(state);
}

void BM_EcdsaSign(benchmark::State& state, const char* group, const char* digest) {
  KeyPairGenerator generator("EC", group);
  PkeyPtr key = generator.Generate();
  DigestSigner signer(key.get(), FindDigest(digest), true);
  std::vector<uint8_t> message(64, 0x5a);
  std::vector<uint8_t> signature(signer.MaxSignatureSize());
  for (auto _ : state) {
    benchmark::DoNotOptimize(signer.Sign(message, signature.data()));
  }
  Report(state);
}

void BM_EcdsaVerify(benchmark::State& state, const char* group, const char* digest) {
  KeyPairGenerator generator("EC", group);
  PkeyPtr key = generator.Generate();
  DigestSigner signer(key.get(), FindDigest(digest), true);
  DigestSigner verifier(key.get(), FindDigest(digest), false);
  std::vector<uint8_t> message(64, 0x5a);
  std::vector<uint8_t> signature(signer.MaxSignatureSize());
  signature.resize(signer.Sign(message, signature.data()));
  for (auto _ : state) {
    benchmark::DoNotOptimize(verifier.Verify(message, signature));
  }
  Report(state);
}

BENCHMARK_CAPTURE(BM_EcKeygen, P256, "prime256v1");
BENCHMARK_CAPTURE(BM_EcKeygen, P384, "secp384r1");
BENCHMARK_CAPTURE(BM_Ecdh, ECDH_P256, "prime256v1");
BENCHMARK_CAPTURE(BM_Ecdh, ECDH_P384, "secp384r1");
// The JMH suite's SHA256withECDSA on P-256 and SHA384withECDSA on P-384.
BENCHMARK_CAPTURE(BM_EcdsaSign, ECDSA_P256, "prime256v1", "SHA2-256");
BENCHMARK_CAPTURE(BM_EcdsaVerify, ECDSA_P256, "prime256v1", "SHA2-256");
BENCHMARK_CAPTURE(BM_EcdsaSign, ECDSA_P384, "secp384r1", "SHA2-384");
BENCHMARK_CAPTURE(BM_EcdsaVerify, ECDSA_P384, "secp384r1", "SHA2-384");

}  // namespace
}  // namespace carbide
