// The native limits for the EC operations the provider serves: key generation with a context set
// up once, ECDSA with a signer bound to its key, and ECDH with a fresh derivation context.
#include <benchmark/benchmark.h>

#include "carbide/library.h"
#include "carbide/pkey.h"
#include "pkey_bench.h"

namespace carbide {
namespace {

void BM_EcKeygen(benchmark::State& state, const char* group) {
  bench::KeygenLoop(state, "EC", group);
}

// P-256 keys held 50,000 at a time: about what a JMH fork generates between two young
// collections, measured at 16 MB/s of Java allocation (pkey_bench.h says why this is not a limit).
void BM_EcKeygenHeld(benchmark::State& state, const char* group) {
  bench::HeldKeygenLoop(state, "EC", group, 50000);
}

void BM_Ecdh(benchmark::State& state, const char* group) { bench::DeriveLoop(state, "EC", group); }

void SignOrVerify(benchmark::State& state, const char* group, const char* digest, bool sign) {
  KeyPairGenerator generator("EC", group);
  PkeyPtr key = generator.Generate();
  bench::SignatureLoop(state, key.get(), FindDigest(digest), sign);
}

void BM_EcdsaSign(benchmark::State& state, const char* group, const char* digest) {
  SignOrVerify(state, group, digest, true);
}

void BM_EcdsaVerify(benchmark::State& state, const char* group, const char* digest) {
  SignOrVerify(state, group, digest, false);
}

BENCHMARK_CAPTURE(BM_EcKeygen, P256, "prime256v1");
BENCHMARK_CAPTURE(BM_EcKeygen, P384, "secp384r1");
BENCHMARK_CAPTURE(BM_EcKeygenHeld, P256, "prime256v1")->Iterations(200000);
BENCHMARK_CAPTURE(BM_Ecdh, ECDH_P256, "prime256v1");
BENCHMARK_CAPTURE(BM_Ecdh, ECDH_P384, "secp384r1");
// The JMH suite's SHA256withECDSA on P-256 and SHA384withECDSA on P-384.
BENCHMARK_CAPTURE(BM_EcdsaSign, ECDSA_P256, "prime256v1", "SHA2-256");
BENCHMARK_CAPTURE(BM_EcdsaVerify, ECDSA_P256, "prime256v1", "SHA2-256");
BENCHMARK_CAPTURE(BM_EcdsaSign, ECDSA_P384, "secp384r1", "SHA2-384");
BENCHMARK_CAPTURE(BM_EcdsaVerify, ECDSA_P384, "secp384r1", "SHA2-384");

}  // namespace
}  // namespace carbide
