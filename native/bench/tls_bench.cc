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

#include <algorithm>
#include <cstring>
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

// libssl's own limit for the same record, with no memory BIO: the server's SSL writes its records
// straight into one wire buffer and the client's SSL reads them from there (a BIO of this file
// over the buffer), so the only copies left are libssl's own (its write buffer, its read buffer,
// the plaintext out). What any engine on libssl can reach per record at best (docs/tls.md).
class Wire {
 public:
  Wire() {
    method_ = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "carbide bench wire");
    BIO_meth_set_write_ex(method_, &Wire::Write);
    BIO_meth_set_read_ex(method_, &Wire::Read);
    BIO_meth_set_ctrl(method_, &Wire::Control);
    BIO_meth_set_create(method_, [](BIO* bio) {
      BIO_set_init(bio, 1);
      return 1;
    });
    bytes_.resize(64 * 1024);
  }
  ~Wire() { BIO_meth_free(method_); }
  Wire(const Wire&) = delete;
  Wire& operator=(const Wire&) = delete;

  // A new BIO over this wire; the SSL that takes it owns it.
  BIO* NewBio() {
    BIO* bio = BIO_new(method_);
    BIO_set_data(bio, this);
    return bio;
  }

 private:
  static int Write(BIO* bio, const char* data, size_t length, size_t* written) {
    auto* wire = static_cast<Wire*>(BIO_get_data(bio));
    if (wire->end_ + length > wire->bytes_.size()) {
      return 0;
    }
    std::memcpy(wire->bytes_.data() + wire->end_, data, length);
    wire->end_ += length;
    *written = length;
    return 1;
  }
  static int Read(BIO* bio, char* out, size_t length, size_t* read) {
    auto* wire = static_cast<Wire*>(BIO_get_data(bio));
    size_t n = std::min(length, wire->end_ - wire->start_);
    if (n == 0) {
      BIO_set_retry_read(bio);
      return 0;
    }
    BIO_clear_retry_flags(bio);
    std::memcpy(out, wire->bytes_.data() + wire->start_, n);
    wire->start_ += n;
    if (wire->start_ == wire->end_) {
      wire->start_ = wire->end_ = 0;
    }
    *read = n;
    return 1;
  }
  static long Control(BIO* /*bio*/, int command, long /*num*/, void* /*ptr*/) {
    return command == BIO_CTRL_FLUSH ? 1 : 0;
  }

  BIO_METHOD* method_ = nullptr;
  std::vector<uint8_t> bytes_;
  size_t start_ = 0;
  size_t end_ = 0;
};

void BM_TlsRecordLibssl(benchmark::State& state) {
  auto size = static_cast<size_t>(state.range(0));
  Identity identity = fixture::SelfSignedEc();
  std::unique_ptr<SSL_CTX, decltype(&SSL_CTX_free)> context(SSL_CTX_new(TLS_method()),
                                                            SSL_CTX_free);
  const unsigned char* key = identity.private_key.data();
  std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> private_key(
      d2i_AutoPrivateKey(nullptr, &key, static_cast<long>(identity.private_key.size())),
      EVP_PKEY_free);
  SSL_CTX_set_min_proto_version(context.get(), TLS1_3_VERSION);
  if (SSL_CTX_use_certificate_ASN1(context.get(), static_cast<int>(identity.certificate.size()),
                                   identity.certificate.data()) != 1 ||
      SSL_CTX_use_PrivateKey(context.get(), private_key.get()) != 1 ||
      SSL_CTX_set_ciphersuites(context.get(), "TLS_AES_256_GCM_SHA384") != 1) {
    state.SkipWithError("cannot set the server's identity up");
    return;
  }
  Wire to_client;
  Wire to_server;
  std::unique_ptr<SSL, decltype(&SSL_free)> server(SSL_new(context.get()), SSL_free);
  std::unique_ptr<SSL, decltype(&SSL_free)> client(SSL_new(context.get()), SSL_free);
  SSL_set_bio(server.get(), to_server.NewBio(), to_client.NewBio());
  SSL_set_bio(client.get(), to_client.NewBio(), to_server.NewBio());
  SSL_set_accept_state(server.get());
  SSL_set_connect_state(client.get());
  for (int step = 0;
       step < 10 && (!SSL_is_init_finished(server.get()) || !SSL_is_init_finished(client.get()));
       step++) {
    SSL_do_handshake(client.get());
    SSL_do_handshake(server.get());
  }
  std::vector<uint8_t> data(size, 0x5a);
  std::vector<uint8_t> out(size);
  size_t n = 0;
  SSL_read_ex(client.get(), out.data(), out.size(), &n);  // takes the server's tickets in
  for (auto _ : state) {
    size_t written = 0;
    if (SSL_write_ex(server.get(), data.data(), size, &written) != 1 || written != size) {
      state.SkipWithError("SSL_write failed");
      return;
    }
    size_t got = 0;
    while (got < size) {
      if (SSL_read_ex(client.get(), out.data() + got, size - got, &n) != 1) {
        state.SkipWithError("SSL_read failed");
        return;
      }
      got += n;
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(size));
}

BENCHMARK(BM_TlsRecordLibssl)->Arg(1024)->Arg(16384)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace carbide::tls
