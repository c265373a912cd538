// The native limits for finite-field Diffie-Hellman as the provider runs it: a generator set up
// once from the group's p and g (as DHParameterSpec gives them; OpenSSL recognises the RFC 7919
// groups by their numbers and picks their private value length), and one derivation per
// agreement.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench_util.h"
#include "carbide/dh.h"
#include "carbide/pkey.h"

namespace carbide {
namespace {

// A generator over `group` ("ffdhe2048"), built from its p and g alone, as the provider builds it.
DhKeyPairGenerator GeneratorFor(const char* group) {
  KeyPairGenerator named("DH", group);
  PkeyPtr domain = named.Generate();
  std::vector<uint8_t> p = DhComponent(domain.get(), "p");
  std::vector<uint8_t> g = DhComponent(domain.get(), "g");
  return DhKeyPairGenerator(DhParameters{p, g, 0});
}

void BM_DhKeygen(benchmark::State& state, const char* group) {
  DhKeyPairGenerator generator = GeneratorFor(group);
  for (auto _ : state) {
    benchmark::DoNotOptimize(generator.Generate());
  }
  bench::ReportOpsAndBytes(state, 0);
}

void BM_Dh(benchmark::State& state, const char* group) {
  DhKeyPairGenerator generator = GeneratorFor(group);
  PkeyPtr own = generator.Generate();
  PkeyPtr peer = generator.Generate();
  for (auto _ : state) {
    benchmark::DoNotOptimize(DeriveSecret(own.get(), peer.get()));
  }
  bench::ReportOpsAndBytes(state, 0);
}

// SunJCE's 2048-bit default group is ffdhe2048, the group TLS 1.3 offers first.
BENCHMARK_CAPTURE(BM_DhKeygen, DH_ffdhe2048, "ffdhe2048");
BENCHMARK_CAPTURE(BM_Dh, DH_ffdhe2048, "ffdhe2048");
BENCHMARK_CAPTURE(BM_DhKeygen, DH_ffdhe3072, "ffdhe3072");
BENCHMARK_CAPTURE(BM_Dh, DH_ffdhe3072, "ffdhe3072");

}  // namespace
}  // namespace carbide
