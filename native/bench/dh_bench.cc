// The native limits for finite-field Diffie-Hellman as the provider runs it for a bare key size: a
// generator set up once from p, g and the private value length of SunJCE's group of that size (the
// RFC 3526 MODP group, with SunJCE's 224 bits for 2048 and 256 for 3072, which DhGroups takes from
// SunJCE), and one derivation per agreement.
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

BENCHMARK_CAPTURE(BM_DhKeygen, DH_2048, "modp_2048", 224);
BENCHMARK_CAPTURE(BM_Dh, DH_2048, "modp_2048", 224);
BENCHMARK_CAPTURE(BM_DhKeygen, DH_3072, "modp_3072", 256);
BENCHMARK_CAPTURE(BM_Dh, DH_3072, "modp_3072", 256);

}  // namespace
}  // namespace carbide
