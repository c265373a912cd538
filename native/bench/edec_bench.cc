// The native limits for EdDSA signing and verification, X25519 and X448 agreement, and the key
// generation of Ed25519 and X25519.
#include <benchmark/benchmark.h>

#include "carbide/pkey.h"
#include "pkey_bench.h"

namespace carbide {
namespace {

// `type` is OpenSSL's key type: "ED25519" or "ED448".
void SignOrVerify(benchmark::State& state, const char* type, bool sign) {
  KeyPairGenerator generator(type, nullptr);
  PkeyPtr key = generator.Generate();
  bench::SignatureLoop(state, key.get(), nullptr, sign);
}

void BM_EdSign(benchmark::State& state, const char* type) { SignOrVerify(state, type, true); }
void BM_EdVerify(benchmark::State& state, const char* type) { SignOrVerify(state, type, false); }

// `type` is "X25519" or "X448".
void BM_Xdh(benchmark::State& state, const char* type) { bench::DeriveLoop(state, type, nullptr); }

void BM_EdKeygen(benchmark::State& state, const char* type) {
  bench::KeygenLoop(state, type, nullptr);
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
