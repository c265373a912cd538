// The native limits for EdDSA signing and verification, X25519 and X448 agreement, and the key
// generation of Ed25519 and X25519.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench_util.h"
#include "carbide/pkey.h"

namespace carbide {
namespace {

// `type` is OpenSSL's key type: "ED25519" or "ED448".
void SignOrVerify(benchmark::State& state, const char* type, bool sign) {
  KeyPairGenerator generator(type, nullptr);
  PkeyPtr key = generator.Generate();
  DigestSigner signer(key.get(), nullptr, true);
  DigestSigner verifier(key.get(), nullptr, false);
  std::vector<uint8_t> message(64, 0x5a);
  std::vector<uint8_t> signature(signer.MaxSignatureSize());
  signature.resize(signer.Sign(message, signature.data()));
  for (auto _ : state) {
    if (sign) {
      benchmark::DoNotOptimize(signer.Sign(message, signature.data()));
    } else {
      benchmark::DoNotOptimize(verifier.Verify(message, signature));
    }
  }
  bench::ReportOpsAndBytes(state, 0);
}

void BM_EdSign(benchmark::State& state, const char* type) { SignOrVerify(state, type, true); }
void BM_EdVerify(benchmark::State& state, const char* type) { SignOrVerify(state, type, false); }

// `type` is "X25519" or "X448".
void BM_Xdh(benchmark::State& state, const char* type) {
  KeyPairGenerator generator(type, nullptr);
  PkeyPtr own = generator.Generate();
  PkeyPtr peer = generator.Generate();
  for (auto _ : state) {
    benchmark::DoNotOptimize(DeriveSecret(own.get(), peer.get()));
  }
  bench::ReportOpsAndBytes(state, 0);
}

void BM_EdKeygen(benchmark::State& state, const char* type) {
  KeyPairGenerator generator(type, nullptr);
  for (auto _ : state) {
    benchmark::DoNotOptimize(generator.Generate());
  }
  bench::ReportOpsAndBytes(state, 0);
}

BENCHMARK_CAPTURE(BM_EdSign, Ed25519, "ED25519");
BENCHMARK_CAPTURE(BM_EdVerify, Ed25519, "ED25519");
BENCHMARK_CAPTURE(BM_EdSign, Ed448, "ED448");
BENCHMARK_CAPTURE(BM_EdVerify, Ed448, "ED448");
BENCHMARK_CAPTURE(BM_Xdh, X25519, "X25519");
BENCHMARK_CAPTURE(BM_Xdh, X448, "X448");
BENCHMARK_CAPTURE(BM_EdKeygen, Ed25519, "ED25519");
BENCHMARK_CAPTURE(BM_EdKeygen, X25519, "X25519");

}  // namespace
}  // namespace carbide
