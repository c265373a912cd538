// The native limits for ML-DSA and SLH-DSA signing and verification of a 64-byte message, and
// their key generation, through the same DigestSigner the provider uses (so each message pays
// the EVP_DigestSignInit that a JCA sign() pays). These algorithms arrived in OpenSSL 3.5; on an
// older libcrypto each benchmark reports an error and is skipped.
#include <benchmark/benchmark.h>

#include <string>

#include "carbide/kem.h"
#include "carbide/pkey.h"
#include "pkey_bench.h"

namespace carbide {
namespace {

void SignOrVerify(benchmark::State& state, const char* name, bool sign) {
  if (!KeyTypeAvailable(name)) {
    state.SkipWithError((std::string(name) + " is not in this OpenSSL").c_str());
    return;
  }
  KeyPairGenerator generator(name, nullptr);
  PkeyPtr key = generator.Generate();
  bench::SignatureLoop(state, key.get(), nullptr, sign);
}

void BM_PqcSign(benchmark::State& state, const char* name) { SignOrVerify(state, name, true); }
void BM_PqcVerify(benchmark::State& state, const char* name) { SignOrVerify(state, name, false); }

void BM_PqcKeygen(benchmark::State& state, const char* name) {
  if (!KeyTypeAvailable(name)) {
    state.SkipWithError((std::string(name) + " is not in this OpenSSL").c_str());
    return;
  }
  bench::KeygenLoop(state, name, nullptr);
}

BENCHMARK_CAPTURE(BM_PqcSign, ML_DSA_44, "ML-DSA-44");
BENCHMARK_CAPTURE(BM_PqcVerify, ML_DSA_44, "ML-DSA-44");
BENCHMARK_CAPTURE(BM_PqcSign, ML_DSA_65, "ML-DSA-65");
BENCHMARK_CAPTURE(BM_PqcVerify, ML_DSA_65, "ML-DSA-65");
BENCHMARK_CAPTURE(BM_PqcSign, ML_DSA_87, "ML-DSA-87");
BENCHMARK_CAPTURE(BM_PqcVerify, ML_DSA_87, "ML-DSA-87");
BENCHMARK_CAPTURE(BM_PqcKeygen, ML_DSA_65, "ML-DSA-65");
BENCHMARK_CAPTURE(BM_PqcSign, SLH_DSA_SHA2_128f, "SLH-DSA-SHA2-128f");
BENCHMARK_CAPTURE(BM_PqcVerify, SLH_DSA_SHA2_128f, "SLH-DSA-SHA2-128f");

}  // namespace
}  // namespace carbide
