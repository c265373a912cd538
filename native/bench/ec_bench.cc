// The native limits for the EC operations the provider serves: key generation with a context set
// up once, ECDSA with a signer bound to its key, and ECDH with a fresh derivation context.
#include <benchmark/benchmark.h>

#include <string>

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

// The curves issue 19 added, each with the digest the JMH suite signs with: key generation,
// ECDSA and ECDH, registered from one table under the names BENCHMARK_CAPTURE would give them.
struct MoreCurve {
  const char* label;
  const char* group;
  const char* digest;
};

constexpr MoreCurve kMoreCurves[] = {
    {"P224", "secp224r1", "SHA2-224"},
    {"secp256k1", "secp256k1", "SHA2-256"},
    {"brainpoolP256r1", "brainpoolP256r1", "SHA2-256"},
    {"brainpoolP384r1", "brainpoolP384r1", "SHA2-384"},
    {"brainpoolP512r1", "brainpoolP512r1", "SHA2-512"},
};

const bool kMoreCurvesRegistered = [] {
  for (const MoreCurve& curve : kMoreCurves) {
    // This Google Benchmark copies the name, which it takes as a C string.
    std::string label(curve.label);
    benchmark::RegisterBenchmark(("BM_EcKeygen/" + label).c_str(), BM_EcKeygen, curve.group);
    benchmark::RegisterBenchmark(("BM_Ecdh/ECDH_" + label).c_str(), BM_Ecdh, curve.group);
    benchmark::RegisterBenchmark(("BM_EcdsaSign/ECDSA_" + label).c_str(), BM_EcdsaSign, curve.group,
                                 curve.digest);
    benchmark::RegisterBenchmark(("BM_EcdsaVerify/ECDSA_" + label).c_str(), BM_EcdsaVerify,
                                 curve.group, curve.digest);
  }
  return true;
}();

}  // namespace
}  // namespace carbide
