// The native limits for finite-field Diffie-Hellman as the provider runs it for a bare key size: a
// generator set up once from p, g and the private value length of SunJCE's group of that size (the
// RFC 3526 MODP group, with SunJCE's 224 bits for 2048 and 256 for 3072, which DhGroups takes from
// SunJCE), and one derivation per agreement. The checks are the provider's: OpenSSL recognises the
// group by p and g in both, so the peer validation inside DeriveSecret (EVP_PKEY_derive_set_peer's
// public-key check) is its range check alone (2 <= y <= p - 2), and the derivation refuses a
// secret of 0, 1 or p - 1; the provider's own subgroup check runs once per peer key object, so it
// is in BM_DhNewPeer and not in BM_Dh.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench_util.h"
#include "carbide/dh.h"
#include "carbide/ffc.h"
#include "carbide/pkey.h"

namespace carbide {
namespace {

// A generator over OpenSSL's `group` ("modp_2048") with private values of `private_bits`, built
// from p and g as the provider builds it from a DHParameterSpec.
DhKeyPairGenerator GeneratorFor(const char* group, int private_bits) {
  KeyPairGenerator named("DH", group);
  PkeyPtr domain = named.Generate();
  std::vector<uint8_t> p = FfcComponent(domain.get(), "p");
  std::vector<uint8_t> g = FfcComponent(domain.get(), "g");
  return DhKeyPairGenerator(DhParameters{p, g, private_bits});
}

void BM_DhKeygen(benchmark::State& state, const char* group, int private_bits) {
  DhKeyPairGenerator generator = GeneratorFor(group, private_bits);
  for (auto _ : state) {
    benchmark::DoNotOptimize(generator.Generate());
  }
  bench::ReportOpsAndBytes(state, 0);
}

void BM_Dh(benchmark::State& state, const char* group, int private_bits) {
  DhKeyPairGenerator generator = GeneratorFor(group, private_bits);
  PkeyPtr own = generator.Generate();
  PkeyPtr peer = generator.Generate();
  for (auto _ : state) {
    benchmark::DoNotOptimize(DeriveSecret(own.get(), peer.get()));
  }
  bench::ReportOpsAndBytes(state, 0);
}

// An agreement with a peer key the provider has not seen before (a TLS handshake's): the provider
// then also runs its subgroup check on the peer (DhCheckPeerSubgroup, the Legendre symbol of y for
// these groups) once, before OpenSSL's derivation, whose own peer validation for a named group is
// the range check alone. BM_Dh is the agreement with a peer already checked, as `speed` reuses one.
void BM_DhNewPeer(benchmark::State& state, const char* group, int private_bits) {
  DhKeyPairGenerator generator = GeneratorFor(group, private_bits);
  PkeyPtr own = generator.Generate();
  PkeyPtr peer = generator.Generate();
  for (auto _ : state) {
    DhCheckPeerSubgroup(peer.get());
    benchmark::DoNotOptimize(DeriveSecret(own.get(), peer.get()));
  }
  bench::ReportOpsAndBytes(state, 0);
}

BENCHMARK_CAPTURE(BM_DhKeygen, DH_2048, "modp_2048", 224);
BENCHMARK_CAPTURE(BM_Dh, DH_2048, "modp_2048", 224);
BENCHMARK_CAPTURE(BM_DhKeygen, DH_3072, "modp_3072", 256);
BENCHMARK_CAPTURE(BM_Dh, DH_3072, "modp_3072", 256);
BENCHMARK_CAPTURE(BM_DhNewPeer, DH_2048, "modp_2048", 224);
BENCHMARK_CAPTURE(BM_DhNewPeer, DH_3072, "modp_3072", 256);

}  // namespace
}  // namespace carbide
