// What a server's handshake costs with the key decoded in every handshake (Engine::UseKey, as the
// engine did before CredentialCache) or once (Credentials), and what a resumed TLS 1.3 handshake
// costs beside a full one. Each iteration is one whole in-memory handshake, both sides, between
// two engines of one context, X25519 and an EC P-256 certificate. Mode 3 signs through the external
// key provider (carbide/tls_external_key.h) with a signer that signs natively: what a key only Java
// can use costs beyond its Java Signature. Beside it, the engine's own floor for what the Java side
// adds per connection and per request: setting an engine up (with and without an explicit cipher
// suite list, parsed once per context or, as before, for each engine), and one record of
// application data through both engines.
#include <benchmark/benchmark.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>

#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "../test/tls_fixture.h"
#include "bench_util.h"
#include "carbide/error.h"
#include "carbide/tls.h"
#include "carbide/tls_external_key.h"

namespace carbide::tls {
namespace {

using fixture::Handshake;
using fixture::Identity;
using fixture::TrustAll;

// Signs ECDSA with its own key, as a Java Signature would.
class LocalSigner final : public ExternalSigner {
 public:
  explicit LocalSigner(const Der& pkcs8) {
    const unsigned char* p = pkcs8.data();
    key_ = d2i_AutoPrivateKey(nullptr, &p, static_cast<long>(pkcs8.size()));
  }
  ~LocalSigner() override { EVP_PKEY_free(key_); }
  LocalSigner(const LocalSigner&) = delete;
  LocalSigner& operator=(const LocalSigner&) = delete;

  std::vector<uint8_t> Sign(uint16_t scheme, std::span<const uint8_t> message) override {
    const char* digest = scheme == 0x0503 ? "SHA384" : scheme == 0x0603 ? "SHA512" : "SHA256";
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                    EVP_MD_CTX_free);
    std::vector<uint8_t> signature(static_cast<size_t>(EVP_PKEY_get_size(key_)));
    size_t length = signature.size();
    if (EVP_DigestSignInit_ex(context.get(), nullptr, digest, nullptr, nullptr, key_, nullptr) !=
            1 ||
        EVP_DigestSign(context.get(), signature.data(), &length, message.data(), message.size()) !=
            1) {
      throw std::runtime_error("cannot sign");
    }
    signature.resize(length);
    return signature;
  }

 private:
  EVP_PKEY* key_ = nullptr;
};

enum class Mode { kDecodeEachTime, kDecodedOnce, kResumed, kExternalKey };

void BM_TlsHandshake(benchmark::State& state) {
  auto mode = static_cast<Mode>(state.range(0));
  Context context;
  Identity identity = fixture::SelfSignedEc();
  Credentials credentials({identity.certificate}, identity.private_key);
  Credentials external({identity.certificate}, std::make_shared<LocalSigner>(identity.private_key));
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
      server.UseCredentials(mode == Mode::kExternalKey ? external : credentials);
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
    ->Arg(static_cast<int>(Mode::kExternalKey))
    ->Unit(benchmark::kMicrosecond);

// What the setup and record benchmarks share: a context and a server identity decoded once.
struct Server {
  Context context;
  Identity identity = fixture::SelfSignedEc();
  Credentials credentials{{identity.certificate}, identity.private_key};
};

enum class Setup {
  kEngineOnly,
  kGroups,
  kGroupsAndSuites,
  kGroupsAndCredentials,
  kGroupsAndSuitesParsed,
};

// One server engine made and configured, as CarbideSslEngine.start does before the handshake:
// the SSL object alone; with the named groups; with an explicit cipher suite list (the default
// list, named again: what the Java side passes for suites set with setEnabledCipherSuites or
// SSLParameters), made from the list's template, parsed once per context; with the groups and
// the credentials decoded once (what a server engine on the default suites does); and with the
// explicit list parsed for each engine, as every engine did before the templates (a new
// CipherSuiteTemplates each time: the parse and one SSL_dup).
void BM_TlsEngineSetup(benchmark::State& state) {
  auto setup = static_cast<Setup>(state.range(0));
  Server server_fixture;
  Settings settings;
  if (setup != Setup::kEngineOnly) {
    settings.groups = "X25519MLKEM768:X25519:secp256r1:secp384r1";  // EngineSettings' default
  }
  std::vector<std::string> suites;
  if (setup == Setup::kGroupsAndSuites || setup == Setup::kGroupsAndSuitesParsed) {
    suites = server_fixture.context.DefaultCipherSuites();
  }
  for (auto _ : state) {
    if (setup == Setup::kGroupsAndSuitesParsed) {
      CipherSuiteTemplates templates;
      SSL* ssl = templates.NewSsl(server_fixture.context.get(), suites);
      CheckOpenssl(SSL_set1_groups_list(ssl, settings.groups.c_str()), "SSL_set1_groups_list");
      SSL_free(ssl);
      continue;
    }
    Engine server(server_fixture.context, false, suites);
    if (setup != Setup::kEngineOnly) {
      server.Configure(settings);
    }
    if (setup == Setup::kGroupsAndCredentials) {
      server.UseCredentials(server_fixture.credentials);
    }
    benchmark::DoNotOptimize(&server);
  }
}

BENCHMARK(BM_TlsEngineSetup)
    ->ArgName("setup")
    ->Arg(static_cast<int>(Setup::kEngineOnly))
    ->Arg(static_cast<int>(Setup::kGroups))
    ->Arg(static_cast<int>(Setup::kGroupsAndSuites))
    ->Arg(static_cast<int>(Setup::kGroupsAndCredentials))
    ->Arg(static_cast<int>(Setup::kGroupsAndSuitesParsed))
    ->Unit(benchmark::kMicrosecond);

// One record of `size` bytes of application data, written by the server and read by the client
// (TLS 1.3, AES-256-GCM): the engine's floor for a keep-alive response.
void BM_TlsRecord(benchmark::State& state) {
  auto size = static_cast<size_t>(state.range(0));
  Server server_fixture;
  Settings settings;
  settings.groups = "X25519";
  TrustAll trust;
  Engine client(server_fixture.context, true);
  Engine server(server_fixture.context, false);
  client.Configure(settings);
  server.Configure(settings);
  server.UseCredentials(server_fixture.credentials);
  Handshake(client, server, trust);
  std::vector<uint8_t> out(size);
  client.Read(out, trust);  // takes the server's ticket in
  std::vector<uint8_t> data(size, 0x5a);
  std::vector<uint8_t> wire(size + 256);
  if (state.range(1) != 0) {
    // The record path the Java engine takes: the caller's buffers lent to libssl.
    for (auto _ : state) {
      size_t n = server.SealRecord(data, wire);
      if (client.OpenRecord(std::span<const uint8_t>(wire.data(), n), out, trust) !=
          static_cast<long>(size)) {
        state.SkipWithError("the record carried no application data");
        return;
      }
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(size));
    return;
  }
  for (auto _ : state) {
    server.Write(data);
    size_t n = server.TakeRecords(wire);
    client.FeedRecords(std::span<const uint8_t>(wire.data(), n));
    size_t got = 0;
    while (got < size) {
      long read = client.Read(std::span<uint8_t>(out.data() + got, size - got), trust);
      if (read <= 0) {
        state.SkipWithError("the record carried no application data");
        return;
      }
      got += static_cast<size_t>(read);
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(size));
}

// Second argument: 0 through the engine's queues (Write, TakeRecords, FeedRecords, Read), 1 with
// the caller's buffers lent (SealRecord, OpenRecord).
BENCHMARK(BM_TlsRecord)->ArgsProduct({{1024, 16384}, {0, 1}})->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace carbide::tls
