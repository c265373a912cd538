// Keys OpenSSL cannot hold (carbide/tls_external_key.h), without a JVM: a stub ExternalSigner signs
// with a key of its own, as the Java side's Signature would. The provider must ask it for the TLS
// signature scheme libssl chose and hand back what it signed, in a handshake on either side, TLS
// 1.3 and 1.2; a failing signer must fail the handshake, and the signer must live exactly as long
// as the last engine or credentials using it (checked under ASan too).
#include "carbide/tls_external_key.h"

#include <gtest/gtest.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include <atomic>
#include <cstring>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "carbide/error.h"
#include "carbide/tls.h"
#include "tls_fixture.h"

namespace carbide::tls {
namespace {

using fixture::Handshake;
using fixture::Identity;
using fixture::MutualEngines;
using fixture::SelfSigned;

std::atomic<int> live_signers{0};

// Signs with its own EVP_PKEY, recording each scheme it was asked for.
class StubSigner final : public ExternalSigner {
 public:
  explicit StubSigner(std::shared_ptr<EVP_PKEY> key, bool fail = false)
      : key_(std::move(key)), fail_(fail) {
    live_signers++;
  }
  ~StubSigner() override { live_signers--; }
  StubSigner(const StubSigner&) = delete;
  StubSigner& operator=(const StubSigner&) = delete;

  std::vector<uint8_t> Sign(uint16_t scheme, std::span<const uint8_t> message) override {
    schemes.push_back(scheme);
    if (fail_) {
      throw Error(ErrorKind::kProvider, "the stub refuses");
    }
    // The digest each scheme hashes with; none for EdDSA. PSS schemes are 0x0804 to 0x080b.
    bool pss = scheme >= 0x0804 && scheme <= 0x080b && scheme != 0x0807 && scheme != 0x0808;
    static const struct {
      uint16_t scheme;
      const char* digest;
    } kDigests[] = {{0x0403, "SHA256"}, {0x0503, "SHA384"}, {0x0603, "SHA512"}, {0x0401, "SHA256"},
                    {0x0501, "SHA384"}, {0x0601, "SHA512"}, {0x0804, "SHA256"}, {0x0805, "SHA384"},
                    {0x0806, "SHA512"}, {0x0809, "SHA256"}, {0x080a, "SHA384"}, {0x080b, "SHA512"}};
    const char* digest = nullptr;
    for (const auto& row : kDigests) {
      if (row.scheme == scheme) {
        digest = row.digest;
      }
    }
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                    EVP_MD_CTX_free);
    EVP_PKEY_CTX* pkey_context = nullptr;
    size_t length = 0;
    if (EVP_DigestSignInit_ex(context.get(), &pkey_context, digest, nullptr, nullptr, key_.get(),
                              nullptr) != 1 ||
        (pss && (EVP_PKEY_CTX_set_rsa_padding(pkey_context, RSA_PKCS1_PSS_PADDING) != 1 ||
                 EVP_PKEY_CTX_set_rsa_pss_saltlen(pkey_context, RSA_PSS_SALTLEN_DIGEST) != 1)) ||
        EVP_DigestSign(context.get(), nullptr, &length, message.data(), message.size()) != 1) {
      ThrowOpensslError("the stub cannot sign");
    }
    std::vector<uint8_t> signature(length);
    if (EVP_DigestSign(context.get(), signature.data(), &length, message.data(), message.size()) !=
        1) {
      ThrowOpensslError("the stub cannot sign");
    }
    signature.resize(length);
    return signature;
  }

  std::vector<uint16_t> schemes;

 private:
  std::shared_ptr<EVP_PKEY> key_;
  bool fail_;
};

class TrustAll final : public PeerVerifier {
 public:
  explicit TrustAll(const Credentials* client = nullptr) : client_(client) {}
  bool Verify(const std::vector<Der>& /*chain*/, const std::string& /*suite*/) noexcept override {
    return true;
  }
  const Credentials* ChooseClientCredentials(
      const std::vector<std::string>& /*key_types*/,
      const std::vector<Der>& /*issuers*/) noexcept override {
    return client_;
  }

 private:
  const Credentials* client_;
};

std::shared_ptr<EVP_PKEY> PublicKey(const Identity& identity) {
  const unsigned char* p = identity.certificate.data();
  std::unique_ptr<X509, decltype(&X509_free)> cert(
      d2i_X509(nullptr, &p, static_cast<long>(identity.certificate.size())), X509_free);
  return std::shared_ptr<EVP_PKEY>(X509_get_pubkey(cert.get()), EVP_PKEY_free);
}

// Signs as libssl does (EVP_DigestSign, PSS set on the context), checks that the signer was asked
// for `scheme`, and verifies the result with the certificate's key.
void SignsAs(const std::string& type, const char* digest, bool pss, uint16_t scheme) {
  SCOPED_TRACE(type + " " + (digest == nullptr ? "none" : digest) + (pss ? " pss" : ""));
  Identity identity = SelfSigned(type);
  std::shared_ptr<EVP_PKEY> public_key = PublicKey(identity);
  auto signer = std::make_shared<StubSigner>(identity.key);
  std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(NewExternalKey(public_key.get(), signer),
                                                          EVP_PKEY_free);
  EXPECT_EQ(EVP_PKEY_is_a(key.get(), type.c_str()), 1);
  EXPECT_EQ(EVP_PKEY_get_size(key.get()), EVP_PKEY_get_size(public_key.get()));
  EXPECT_EQ(EVP_PKEY_eq(public_key.get(), key.get()), 1);
  const std::string message = "the transcript to sign";
  auto sign_or_verify = [&](EVP_PKEY* with, std::vector<uint8_t>* signature, bool verify) {
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                    EVP_MD_CTX_free);
    EVP_PKEY_CTX* pkey_context = nullptr;
    int rc = verify ? EVP_DigestVerifyInit_ex(context.get(), &pkey_context, digest, nullptr,
                                              nullptr, with, nullptr)
                    : EVP_DigestSignInit_ex(context.get(), &pkey_context, digest, nullptr, nullptr,
                                            with, nullptr);
    ASSERT_EQ(rc, 1);
    if (pss) {
      ASSERT_EQ(EVP_PKEY_CTX_set_rsa_padding(pkey_context, RSA_PKCS1_PSS_PADDING), 1);
      ASSERT_EQ(EVP_PKEY_CTX_set_rsa_pss_saltlen(pkey_context, RSA_PSS_SALTLEN_DIGEST), 1);
    }
    const auto* data = reinterpret_cast<const unsigned char*>(message.data());
    if (verify) {
      EXPECT_EQ(EVP_DigestVerify(context.get(), signature->data(), signature->size(), data,
                                 message.size()),
                1);
      return;
    }
    size_t length = 0;
    ASSERT_EQ(EVP_DigestSign(context.get(), nullptr, &length, data, message.size()), 1);
    signature->resize(length);
    ASSERT_EQ(EVP_DigestSign(context.get(), signature->data(), &length, data, message.size()), 1);
    signature->resize(length);
  };
  std::vector<uint8_t> signature;
  sign_or_verify(key.get(), &signature, false);
  ASSERT_EQ(signer->schemes, std::vector<uint16_t>{scheme});
  sign_or_verify(public_key.get(), &signature, true);
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

TEST(TlsExternalKeyTest, SignsEachSchemeThroughItsSigner) {
  SignsAs("EC", "SHA256", false, 0x0403);
  SignsAs("EC", "SHA2-384", false, 0x0503);
  SignsAs("RSA", "SHA256", false, 0x0401);
  SignsAs("RSA", "SHA256", true, 0x0804);
  SignsAs("RSA", "SHA512", true, 0x0806);
  SignsAs("ED25519", nullptr, false, 0x0807);
}

TEST(TlsExternalKeyTest, RefusesWhatNoTlsSchemeSigns) {
  Identity identity = SelfSigned("EC");
  auto signer = std::make_shared<StubSigner>(identity.key);
  std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(
      NewExternalKey(PublicKey(identity).get(), signer), EVP_PKEY_free);
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                  EVP_MD_CTX_free);
  EXPECT_NE(EVP_DigestSignInit_ex(context.get(), nullptr, "SHA3-256", nullptr, nullptr, key.get(),
                                  nullptr),
            1);
  ERR_clear_error();
  std::shared_ptr<EVP_PKEY> x25519 = fixture::NewKey("X25519");
  EXPECT_THROW(NewExternalKey(x25519.get(), signer), Error);
  EXPECT_THROW(NewExternalKey(nullptr, signer), Error);
  EXPECT_TRUE(signer->schemes.empty());
}

// A server and a client (mutual TLS) whose keys are both external; `defer` as the JNI bridge sets
// Settings::defer_external_signatures.
struct ExternalPair {
  ExternalPair(const std::string& type, int version, bool defer)
      : server_identity(SelfSigned(type)),
        client_identity(SelfSigned(type)),
        server_signer(std::make_shared<StubSigner>(server_identity.key)),
        client_signer(std::make_shared<StubSigner>(client_identity.key)),
        server_credentials({server_identity.certificate}, server_signer),
        client_credentials({client_identity.certificate}, client_signer),
        engines(context, version, defer),
        trust(&client_credentials) {
    server.UseCredentials(server_credentials);
  }

  // Both signed once, and each side saw the other's certificate.
  void ExpectSignedOnceEach() const {
    EXPECT_EQ(server_signer->schemes.size(), 1u);
    EXPECT_EQ(client_signer->schemes.size(), 1u);
    EXPECT_EQ(server.PeerChain(), std::vector<Der>{client_identity.certificate});
    EXPECT_EQ(client.PeerChain(), std::vector<Der>{server_identity.certificate});
    EXPECT_TRUE(OpensslErrorQueueEmpty());
  }

  Context context;
  Identity server_identity;
  Identity client_identity;
  std::shared_ptr<StubSigner> server_signer;
  std::shared_ptr<StubSigner> client_signer;
  Credentials server_credentials;
  Credentials client_credentials;
  MutualEngines engines;
  Engine& client = engines.client;
  Engine& server = engines.server;
  TrustAll trust;
};

// TLS 1.3 and 1.2, EC, RSA and Ed25519.
class TlsExternalKeyHandshakeTest : public testing::TestWithParam<std::tuple<std::string, int>> {};

TEST_P(TlsExternalKeyHandshakeTest, BothSidesSignThroughTheirSigners) {
  auto [type, version] = GetParam();
  ExternalPair pair(type, version, /*defer=*/false);
  Handshake(pair.client, pair.server, pair.trust);
  pair.ExpectSignedOnceEach();
  EXPECT_EQ(pair.client.Session().protocol, version == TLS1_3_VERSION ? "TLSv1.3" : "TLSv1.2");
}

// With defer_external_signatures each side pauses once, after its external credentials are chosen
// and before it signs: nothing signed and nothing queued yet. The next Handshake call goes on (the
// Java side's delegated task) and signs when the records it needs are in.
TEST_P(TlsExternalKeyHandshakeTest, DeferringSidesPauseOnceBeforeTheySign) {
  auto [type, version] = GetParam();
  ExternalPair pair(type, version, /*defer=*/true);
  int client_pauses = 0;
  int server_pauses = 0;
  auto step = [&](Engine& engine, const StubSigner& signer, int& pauses) {
    size_t signed_before = signer.schemes.size();
    bool done = engine.Handshake(pair.trust);
    if (engine.AwaitsExternalSigner()) {
      pauses++;
      EXPECT_FALSE(done);
      EXPECT_EQ(signer.schemes.size(), signed_before) << "signed before the pause";
      EXPECT_EQ(engine.PendingRecords(), 0u) << "wrote before the pause";
    }
    return done;
  };
  bool client_done = false;
  bool server_done = false;
  for (int round = 0; round < 20 && !(client_done && server_done); round++) {
    client_done = step(pair.client, *pair.client_signer, client_pauses);
    fixture::Move(pair.client, pair.server);
    server_done = step(pair.server, *pair.server_signer, server_pauses);
    fixture::Move(pair.server, pair.client);
  }
  ASSERT_TRUE(client_done && server_done);
  EXPECT_EQ(client_pauses, 1);
  EXPECT_EQ(server_pauses, 1);
  pair.ExpectSignedOnceEach();
}

INSTANTIATE_TEST_SUITE_P(KeysAndProtocols, TlsExternalKeyHandshakeTest,
                         testing::Combine(testing::Values("EC", "RSA", "ED25519"),
                                          testing::Values(TLS1_3_VERSION, TLS1_2_VERSION)));

TEST(TlsExternalKeyTest, AFailingSignerFailsTheHandshake) {
  for (int version : {TLS1_3_VERSION, TLS1_2_VERSION}) {
    Context context;
    Identity identity = SelfSigned("EC");
    auto signer = std::make_shared<StubSigner>(identity.key, /*fail=*/true);
    Credentials credentials({identity.certificate}, signer);
    Engine client(context, true);
    Engine server(context, false);
    Settings settings;
    settings.max_version = version;
    client.Configure(settings);
    server.UseCredentials(credentials);
    TrustAll trust;
    try {
      Handshake(client, server, trust);
      ADD_FAILURE() << "the handshake succeeded";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("failed to sign"), std::string::npos) << e.what();
    }
    EXPECT_EQ(signer->schemes.size(), 1u);
    EXPECT_GT(server.PendingRecords(), 0u);  // the alert for the client
    ERR_clear_error();
  }
}

// Keys OpenSSL holds never pause, deferring or not: only an external key costs the round trip.
TEST(TlsExternalKeyTest, OrdinaryKeysNeverPause) {
  for (int version : {TLS1_3_VERSION, TLS1_2_VERSION}) {
    Context context;
    Identity server_identity = SelfSigned("EC");
    Identity client_identity = SelfSigned("EC");
    Credentials client_credentials({client_identity.certificate}, client_identity.private_key);
    Engine client(context, true);
    Engine server(context, false);
    Settings settings;
    settings.max_version = version;
    settings.defer_external_signatures = true;
    client.Configure(settings);
    settings.verify_mode = SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT;
    server.Configure(settings);
    server.UseKey({server_identity.certificate}, server_identity.private_key);
    TrustAll trust(&client_credentials);
    bool client_done = false;
    bool server_done = false;
    for (int round = 0; round < 20 && !(client_done && server_done); round++) {
      client_done = client.Handshake(trust);
      EXPECT_FALSE(client.AwaitsExternalSigner());
      fixture::Move(client, server);
      server_done = server.Handshake(trust);
      EXPECT_FALSE(server.AwaitsExternalSigner());
      fixture::Move(server, client);
    }
    EXPECT_TRUE(client_done && server_done);
    EXPECT_EQ(server.PeerChain(), std::vector<Der>{client_identity.certificate});
  }
}

// The signer lives while credentials or an engine hold the key, and not a moment longer.
TEST(TlsExternalKeyTest, TheSignerIsReleasedWithTheLastHolder) {
  int before = live_signers;
  {
    Context context;
    Identity identity = SelfSigned("EC");
    auto credentials = std::make_unique<Credentials>(std::vector<Der>{identity.certificate},
                                                     std::make_shared<StubSigner>(identity.key));
    EXPECT_EQ(live_signers, before + 1);
    auto server = std::make_unique<Engine>(context, false);
    server->UseCredentials(*credentials);
    credentials.reset();
    EXPECT_EQ(live_signers, before + 1);  // the engine still signs with it
    Engine client(context, true);
    TrustAll trust;
    Handshake(client, *server, trust);
    server.reset();
  }
  EXPECT_EQ(live_signers, before);
}

// An engine dropped while paused before its signature (the Java task never run) lets go of the
// signer with everything else; the signer was never asked.
TEST(TlsExternalKeyTest, AnEngineDroppedWhilePausedReleasesTheSigner) {
  int before = live_signers;
  {
    Context context;
    Identity identity = SelfSigned("EC");
    auto signer = std::make_shared<StubSigner>(identity.key);
    auto credentials =
        std::make_unique<Credentials>(std::vector<Der>{identity.certificate}, signer);
    auto server = std::make_unique<Engine>(context, false);
    Settings settings;
    settings.defer_external_signatures = true;
    server->Configure(settings);
    server->UseCredentials(*credentials);
    credentials.reset();
    Engine client(context, true);
    TrustAll trust;
    EXPECT_FALSE(client.Handshake(trust));
    fixture::Move(client, *server);
    EXPECT_FALSE(server->Handshake(trust));
    EXPECT_TRUE(server->AwaitsExternalSigner());
    server.reset();
    EXPECT_TRUE(signer->schemes.empty());
    EXPECT_EQ(live_signers, before + 1);  // only the test's own reference is left
  }
  EXPECT_EQ(live_signers, before);
}

}  // namespace
}  // namespace carbide::tls
