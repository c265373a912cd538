// The native limits for Ed25519 signing and verification and for X25519 agreement.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench_util.h"
#include "carbide/pkey.h"

namespace carbide {
namespace {

void BM_Ed25519(benchmark::State& state, bool sign) {
  KeyPairGenerator generator("ED25519", nullptr);
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

void BM_X25519(benchmark::State& state) {
  KeyPairGenerator generator("X25519", nullptr);
  PkeyPtr own = generator.Generate();
  PkeyPtr peer = generator.Generate();
  for (auto _ : state) {
    benchmark::DoNotOptimize(DeriveSecret(own.get(), peer.get()));
  }
  bench::ReportOpsAndBytes(state, 0);
}

BENCHMARK_CAPTURE(BM_Ed25519, Sign, true);
BENCHMARK_CAPTURE(BM_Ed25519, Verify, false);
BENCHMARK(BM_X25519);

}  // namespace
}  // namespace carbide
