// What a server's handshake costs with the key decoded in every handshake (Engine::UseKey, as the
// engine did before CredentialCache) or once (Credentials), and what a resumed TLS 1.3 handshake
// costs beside a full one. Each iteration is one whole in-memory handshake, both sides, between
// two engines of one context, X25519 and an EC P-256 certificate.
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "../test/tls_fixture.h"
#include "bench_util.h"
#include "carbide/tls.h"

namespace carbide::tls {
namespace {

using fixture::Handshake;
using fixture::Identity;
using fixture::TrustAll;

enum class Mode { kDecodeEachTime, kDecodedOnce, kResumed };

void BM_TlsHandshake(benchmark::State& state) {
  auto mode = static_cast<Mode>(state.range(0));
  Context context;
  Identity identity = fixture::SelfSignedEc();
  Credentials credentials({identity.certificate}, identity.private_key);
  Settings settings;
  settings.groups = "X25519";
  TrustAll trust;
  std::unique_ptr<SSL_SESSION, decltype(&SSL_SESSION_free)> session(nullptr, SSL_SESSION_free);
  for (auto _ : state) {
    Engine client(context, true);
    Engine server(context, false);
    client.Configure(settings);
    server.Configure(settings);
    if (mode == Mode::kDecodeEachTime) {
      server.UseKey({identity.certificate}, identity.private_key);
    } else {
      server.UseCredentials(credentials);
    }
    if (mode == Mode::kResumed && session != nullptr) {
      client.OfferSession(session.get());
    }
    Handshake(client, server, trust);
    if (mode == Mode::kResumed) {
      std::vector<uint8_t> out(16);
      client.Read(out, trust);  // takes the ticket in
      session.reset(client.TakeNewSession());
    }
  }
}

BENCHMARK(BM_TlsHandshake)
    ->ArgName("mode")
    ->Arg(static_cast<int>(Mode::kDecodeEachTime))
    ->Arg(static_cast<int>(Mode::kDecodedOnce))
    ->Arg(static_cast<int>(Mode::kResumed))
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace carbide::tls
