// The loops that the public-key native limits share, in the shapes of the JMH suite: a 64-byte
// message per signature, a generator set up once, one derivation per agreement.
#pragma once

#include <benchmark/benchmark.h>

#include <vector>

#include "bench_util.h"
#include "carbide/pkey.h"

namespace carbide::bench {

// Signs (or verifies, if !sign) a 64-byte message with `key` per iteration. `md` is null for
// EdDSA, which hashes internally.
inline void SignatureLoop(benchmark::State& state, EVP_PKEY* key, const EVP_MD* md, bool sign) {
  DigestSigner signer(key, md, true);
  DigestSigner verifier(key, md, false);
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
  ReportOpsAndBytes(state, 0);
}

// Generates one key pair per iteration; `algorithm` and `group` as for KeyPairGenerator.
inline void KeygenLoop(benchmark::State& state, const char* algorithm, const char* group) {
  KeyPairGenerator generator(algorithm, group);
  for (auto _ : state) {
    benchmark::DoNotOptimize(generator.Generate());
  }
  ReportOpsAndBytes(state, 0);
}

// Like KeygenLoop, but each key stays alive until `held` keys exist and then all are freed at
// once, as keys held by Java objects are when a collection finds them unreachable. Not a limit:
// it shows what that lifetime costs OpenSSL and malloc alone (fresh pages, colder memory), apart
// from anything the JVM adds.
inline void HeldKeygenLoop(benchmark::State& state, const char* algorithm, const char* group,
                           size_t held) {
  KeyPairGenerator generator(algorithm, group);
  std::vector<PkeyPtr> keys;
  keys.reserve(held);
  for (auto _ : state) {
    keys.push_back(generator.Generate());
    if (keys.size() == held) {
      keys.clear();
    }
  }
  ReportOpsAndBytes(state, 0);
}

// Derives one shared secret per iteration between two fresh keys of `algorithm` and `group`.
inline void DeriveLoop(benchmark::State& state, const char* algorithm, const char* group) {
  KeyPairGenerator generator(algorithm, group);
  PkeyPtr own = generator.Generate();
  PkeyPtr peer = generator.Generate();
  for (auto _ : state) {
    benchmark::DoNotOptimize(DeriveSecret(own.get(), peer.get()));
  }
  ReportOpsAndBytes(state, 0);
}

}  // namespace carbide::bench
