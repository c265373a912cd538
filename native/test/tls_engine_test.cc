// The TLS engine without a JVM: two engines handshake through their memory BIOs with a self-signed
// P-256 certificate (tls_fixture.h), and hostile records end in carbide::Error, never a crash (the
// sanitizer pass runs this too).
#include <gtest/gtest.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <algorithm>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "carbide/error.h"
#include "carbide/tls.h"
#include "tls_fixture.h"

namespace carbide::tls {
namespace {

class FixedVerifier final : public PeerVerifier {
 public:
  explicit FixedVerifier(bool trusted) : trusted_(trusted) {}
  bool Verify(const std::vector<Der>& chain, const std::string& /*suite*/) noexcept override {
    calls++;
    chain_length = chain.size();
    return trusted_;
  }
  int calls = 0;
  size_t chain_length = 0;

 private:
  bool trusted_;
};

using fixture::Handshake;
using fixture::Identity;
using fixture::Move;
using fixture::MutualEngines;
using fixture::SelfSigned;

TEST(TlsEngineTest, HybridHandshakeAndRecordsBetweenTwoEngines) {
  Context context;
  Identity identity = SelfSigned();
  Engine client(context, /*client=*/true);
  Engine server(context, /*client=*/false);
  Settings settings;
  settings.groups = "X25519MLKEM768:X25519";
  client.Configure(settings);
  server.Configure(settings);
  server.UseKey({identity.certificate}, identity.private_key);
  FixedVerifier verifier(true);
  Handshake(client, server, verifier);
  EXPECT_EQ(verifier.calls, 1);
  EXPECT_EQ(verifier.chain_length, 1u);
  EXPECT_EQ(client.Session().group, "X25519MLKEM768");
  EXPECT_EQ(server.Session().protocol, "TLSv1.3");
  EXPECT_EQ(client.PeerChain(), std::vector<Der>{identity.certificate});

  const std::string message = "application data";
  client.Write({reinterpret_cast<const uint8_t*>(message.data()), message.size()});
  Move(client, server);
  std::vector<uint8_t> out(64);
  long read = server.Read(out, verifier);
  ASSERT_EQ(read, static_cast<long>(message.size()));
  EXPECT_EQ(std::string(out.begin(), out.begin() + read), message);
}

// What the Java side filters a FIPS engine's groups by: in the default context every group of the
// issue's list, hybrids included, under its IANA name and OpenSSL's aliases.
TEST(TlsEngineTest, ImplementedGroupsNameWhatTheContextCanNegotiate) {
  Context context;
  std::vector<std::string> groups = context.ImplementedGroups();
  for (const char* name : {"X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024", "x25519",
                           "x448", "secp256r1", "secp384r1", "P-256"}) {
    EXPECT_NE(std::find(groups.begin(), groups.end(), name), groups.end()) << name;
  }
  EXPECT_EQ(std::find(groups.begin(), groups.end(), "not-a-group"), groups.end());
}

TEST(TlsEngineTest, RefusedChainFailsTheHandshake) {
  Context context;
  Identity identity = SelfSigned();
  Engine client(context, true);
  Engine server(context, false);
  server.UseKey({identity.certificate}, identity.private_key);
  FixedVerifier refusing(false);
  EXPECT_THROW(Handshake(client, server, refusing), Error);
  EXPECT_GT(client.PendingRecords(), 0u);  // the alert for the server
}

TEST(TlsEngineTest, HostileRecordsThrowAndNeverCrash) {
  Context context;
  FixedVerifier verifier(true);
  std::mt19937 random(7);
  for (int i = 0; i < 300; i++) {
    Engine engine(context, i % 2 == 0);
    std::vector<uint8_t> record(5 + random() % 700);
    for (uint8_t& byte : record) {
      byte = static_cast<uint8_t>(random());
    }
    record[0] = static_cast<uint8_t>(20 + random() % 5);
    record[1] = 3;
    size_t body = record.size() - 5 - (i % 3 == 0 ? random() % 4 : 0);  // sometimes truncated
    record[3] = static_cast<uint8_t>(body >> 8);
    record[4] = static_cast<uint8_t>(body);
    try {
      engine.Handshake(verifier);
      engine.FeedRecords(record);
      engine.Handshake(verifier);
    } catch (const Error&) {
      // expected for almost every input
    }
    ERR_clear_error();
  }
}

// Credentials decoded once serve many engines, each holding its own references: freeing them
// before the handshakes (checked under ASan) changes nothing.
TEST(TlsEngineTest, CredentialsDecodedOnceServeManyEngines) {
  Context context;
  Identity identity = SelfSigned();
  auto credentials =
      std::make_unique<Credentials>(std::vector<Der>{identity.certificate}, identity.private_key);
  std::vector<std::unique_ptr<Engine>> servers;
  for (int i = 0; i < 3; i++) {
    servers.push_back(std::make_unique<Engine>(context, false));
    servers.back()->UseCredentials(*credentials);
  }
  credentials.reset();
  FixedVerifier verifier(true);
  for (auto& server : servers) {
    Engine client(context, true);
    Handshake(client, *server, verifier);
    EXPECT_EQ(client.PeerChain(), std::vector<Der>{identity.certificate});
  }
}

TEST(TlsEngineTest, CredentialsRefuseAKeyOfAnotherCertificate) {
  Identity identity = SelfSigned();
  Identity other = SelfSigned();
  EXPECT_THROW(Credentials({identity.certificate}, other.private_key), Error);
  EXPECT_THROW(Credentials({}, identity.private_key), Error);
  std::vector<uint8_t> truncated(identity.private_key.begin(), identity.private_key.end() - 1);
  EXPECT_THROW(Credentials({identity.certificate}, truncated), Error);
  ERR_clear_error();
}

// A second client of the same context resumes the first one's session (a TLS 1.3 ticket read
// after the handshake, or a TLS 1.2 session): no certificate is verified the second time.
class TlsResumptionTest : public testing::TestWithParam<int> {};

TEST_P(TlsResumptionTest, ASecondClientResumesTheFirstOnesSession) {
  Context context;
  Identity identity = SelfSigned();
  Credentials credentials({identity.certificate}, identity.private_key);
  Settings settings;
  settings.max_version = GetParam();
  FixedVerifier verifier(true);
  std::unique_ptr<SSL_SESSION, decltype(&SSL_SESSION_free)> session(nullptr, SSL_SESSION_free);
  for (int round = 0; round < 2; round++) {
    Engine client(context, true);
    Engine server(context, false);
    client.Configure(settings);
    server.UseCredentials(credentials);
    if (session != nullptr) {
      client.OfferSession(session.get());
    }
    Handshake(client, server, verifier);
    EXPECT_EQ(client.SessionReused(), round == 1);
    EXPECT_EQ(server.SessionReused(), round == 1);
    std::vector<uint8_t> out(16);
    EXPECT_EQ(client.Read(out, verifier), 0);  // takes in a TLS 1.3 ticket, if one came
    std::unique_ptr<SSL_SESSION, decltype(&SSL_SESSION_free)> fresh(client.TakeNewSession(),
                                                                    SSL_SESSION_free);
    EXPECT_EQ(client.TakeNewSession(), nullptr);  // taken once
    // A resumed TLS 1.2 session stays what it was; TLS 1.3 sends a new ticket every time.
    if (round == 0 || GetParam() == TLS1_3_VERSION) {
      ASSERT_NE(fresh, nullptr);
      EXPECT_FALSE(SessionId(fresh.get()).empty());
      session = std::move(fresh);
    }
  }
  EXPECT_EQ(verifier.calls, 1);
}

INSTANTIATE_TEST_SUITE_P(Protocols, TlsResumptionTest,
                         testing::Values(TLS1_3_VERSION, TLS1_2_VERSION));

TEST(TlsEngineTest, ARemovedServerSessionIsNotResumed) {
  Context context;
  // Stateful sessions only, so that the server's cache decides.
  context.ConfigureSessions(60, 60, 100, /*server_tickets=*/false, /*client_tickets=*/false);
  Identity identity = SelfSigned();
  Credentials credentials({identity.certificate}, identity.private_key);
  Settings settings;
  settings.max_version = TLS1_2_VERSION;
  FixedVerifier verifier(true);
  Engine first_client(context, true);
  Engine first_server(context, false);
  first_client.Configure(settings);
  first_server.UseCredentials(credentials);
  Handshake(first_client, first_server, verifier);
  std::unique_ptr<SSL_SESSION, decltype(&SSL_SESSION_free)> offered(first_client.TakeNewSession(),
                                                                    SSL_SESSION_free);
  std::unique_ptr<SSL_SESSION, decltype(&SSL_SESSION_free)> cached(first_server.CurrentSession(),
                                                                   SSL_SESSION_free);
  ASSERT_NE(offered, nullptr);
  ASSERT_NE(cached, nullptr);
  EXPECT_EQ(SessionId(offered.get()), SessionId(cached.get()));
  // A new client offering the session: whether the server resumed it.
  auto resumes = [&] {
    Engine client(context, true);
    Engine server(context, false);
    client.Configure(settings);
    server.UseCredentials(credentials);
    client.OfferSession(offered.get());
    Handshake(client, server, verifier);
    return client.SessionReused();
  };
  EXPECT_TRUE(resumes());  // from the server's cache, while it holds the session
  context.RemoveServerSession(cached.get());
  EXPECT_FALSE(resumes());
  EXPECT_EQ(verifier.calls, 2);
}

TEST(TlsEngineTest, SessionSettingsAreChecked) {
  Context context;
  EXPECT_THROW(context.ConfigureSessions(-1, 0, 0, true, true), Error);
  EXPECT_THROW(context.ConfigureSessions(0, 0, -1, true, true), Error);
  context.ConfigureSessions(0, 0, 0, true, true);  // no limits, as JSSE's zeros mean
  Engine server(context, false);
  std::unique_ptr<SSL_SESSION, decltype(&SSL_SESSION_free)> session(SSL_SESSION_new(),
                                                                    SSL_SESSION_free);
  EXPECT_THROW(server.OfferSession(session.get()), Error);  // only a client offers one
  EXPECT_THROW(Engine(context, true).OfferSession(nullptr), Error);
}

// Trusts every chain and presents the given credentials when a server asks this client for some.
class ClientIdentity final : public PeerVerifier {
 public:
  explicit ClientIdentity(const Credentials* credentials) : credentials_(credentials) {}
  bool Verify(const std::vector<Der>& /*chain*/, const std::string& /*suite*/) noexcept override {
    return true;
  }
  const Credentials* ChooseClientCredentials(
      const std::vector<std::string>& key_types,
      const std::vector<Der>& /*issuers*/) noexcept override {
    requests++;
    offered_key_types = key_types;
    return credentials_;
  }
  int requests = 0;
  std::vector<std::string> offered_key_types;

 private:
  const Credentials* credentials_;
};

TEST(TlsEngineTest, AClientPresentsTheCredentialsItIsGiven) {
  Context context;
  Identity server_identity = SelfSigned();
  Identity client_identity = SelfSigned();
  Credentials client_credentials({client_identity.certificate}, client_identity.private_key);
  for (int version : {TLS1_3_VERSION, TLS1_2_VERSION}) {
    MutualEngines engines(context, version);
    engines.server.UseKey({server_identity.certificate}, server_identity.private_key);
    ClientIdentity identity(&client_credentials);
    Handshake(engines.client, engines.server, identity);
    EXPECT_EQ(identity.requests, 1);
    EXPECT_NE(std::find(identity.offered_key_types.begin(), identity.offered_key_types.end(), "EC"),
              identity.offered_key_types.end());
    EXPECT_EQ(engines.server.PeerChain(), std::vector<Der>{client_identity.certificate});
  }
}

TEST(TlsEngineTest, AClientWithoutCredentialsFailsAServerThatNeedsThem) {
  Context context;
  Identity server_identity = SelfSigned();
  MutualEngines engines(context, TLS1_3_VERSION);
  engines.server.UseKey({server_identity.certificate}, server_identity.private_key);
  ClientIdentity nobody(nullptr);
  EXPECT_THROW(Handshake(engines.client, engines.server, nobody), Error);
  EXPECT_EQ(nobody.requests, 1);
  ERR_clear_error();
}

// Presents, for each SNI name, the credentials registered under it; counts the requests.
class NamedServerKeys final : public PeerVerifier {
 public:
  bool Verify(const std::vector<Der>& /*chain*/, const std::string& /*suite*/) noexcept override {
    return true;
  }
  const Credentials* ChooseServerCredentials(const std::string& server_name) noexcept override {
    requests++;
    auto found = by_name.find(server_name);
    return found == by_name.end() ? nullptr : found->second;
  }
  std::map<std::string, const Credentials*> by_name;
  int requests = 0;
};

// The server's credentials are chosen once the ClientHello is known, by the SNI name it carries,
// and not again for a handshake that resumes a session; no credentials fail the handshake.
TEST(TlsEngineTest, AServerChoosesItsCertificateByTheClientsServerName) {
  Context context;
  Identity alpha = fixture::SelfSignedEc("alpha.test");
  Identity beta = fixture::SelfSignedEc("beta.test");
  Credentials alpha_credentials({alpha.certificate}, alpha.private_key);
  Credentials beta_credentials({beta.certificate}, beta.private_key);
  NamedServerKeys keys;
  keys.by_name = {{"alpha.test", &alpha_credentials}, {"beta.test", &beta_credentials}};
  std::unique_ptr<SSL_SESSION, decltype(&SSL_SESSION_free)> session(nullptr, SSL_SESSION_free);
  const char* names[] = {"beta.test", "alpha.test", "alpha.test"};
  for (int round = 0; round < 3; round++) {
    const char* name = names[round];
    Engine client(context, true);
    Engine server(context, false);
    Settings settings;
    settings.server_name = name;
    client.Configure(settings);
    if (round == 2) {
      client.OfferSession(session.get());  // resumes the second handshake's session
    }
    Handshake(client, server, keys);
    EXPECT_EQ(client.PeerChain().front(),
              std::string(name) == "alpha.test" ? alpha.certificate : beta.certificate);
    EXPECT_EQ(server.Session().server_name, name);
    EXPECT_EQ(server.SessionReused(), round == 2);
    std::vector<uint8_t> out(16);
    client.Read(out, keys);  // takes the TLS 1.3 ticket in
    session.reset(client.TakeNewSession());
  }
  EXPECT_EQ(keys.requests, 2);

  Engine client(context, true);
  Engine server(context, false);
  Settings settings;
  settings.server_name = "gamma.test";
  client.Configure(settings);
  EXPECT_THROW(Handshake(client, server, keys), Error);
  ERR_clear_error();
}

// Stateless ticket keys rotate on their period and each still decrypts for the session timeout
// after that, timed by a clock the test moves: a ticket outlives the rotation of its key, not the
// end of the key's window, and a newer ticket still resumes then.
class TicketKeyRotationTest : public testing::TestWithParam<int> {};

TEST_P(TicketKeyRotationTest, TicketsResumeUntilTheirKeyIsGone) {
  Context context;
  context.ConfigureSessions(20, 20, 100, /*server_tickets=*/true, /*client_tickets=*/true);
  context.SetTicketKeyRotation(10);
  int64_t now = 1000;
  context.ticket_keys().SetClock([&now] { return now; });
  Identity identity = SelfSigned();
  Credentials credentials({identity.certificate}, identity.private_key);
  Settings settings;
  settings.max_version = GetParam();
  FixedVerifier verifier(true);
  using SessionPtr = std::unique_ptr<SSL_SESSION, decltype(&SSL_SESSION_free)>;
  // One connection offering `offered` (may be null); returns whether it resumed, and its ticket.
  auto connect = [&](SSL_SESSION* offered, SessionPtr* ticket) {
    Engine client(context, true);
    Engine server(context, false);
    client.Configure(settings);
    server.UseCredentials(credentials);
    if (offered != nullptr) {
      client.OfferSession(offered);
    }
    Handshake(client, server, verifier);
    std::vector<uint8_t> out(16);
    EXPECT_EQ(client.Read(out, verifier), 0);  // takes a TLS 1.3 ticket in
    if (ticket != nullptr) {
      ticket->reset(client.TakeNewSession());
      EXPECT_NE(*ticket, nullptr);
    }
    return client.SessionReused();
  };
  SessionPtr first(nullptr, SSL_SESSION_free);
  SessionPtr second(nullptr, SSL_SESSION_free);
  EXPECT_FALSE(connect(nullptr, &first));  // under the first key, made at 1000
  EXPECT_EQ(context.ticket_keys().KeyCount(), 1u);
  now = 1011;  // past the first key's period: a second key encrypts now
  EXPECT_FALSE(connect(nullptr, &second));
  EXPECT_EQ(context.ticket_keys().KeyCount(), 2u);
  EXPECT_TRUE(connect(first.get(), nullptr));  // the first key still decrypts
  now = 1031;  // past 1000 + 10 + 20: the ticket renewed here brings a third key, the first goes
  EXPECT_TRUE(connect(second.get(), nullptr));
  EXPECT_EQ(context.ticket_keys().KeyCount(), 2u);
  now = 1042;  // a fourth key; the second (made at 1011) is past its window too
  SessionPtr third(nullptr, SSL_SESSION_free);
  EXPECT_FALSE(connect(nullptr, &third));
  EXPECT_EQ(context.ticket_keys().KeyCount(), 2u);
  EXPECT_FALSE(connect(first.get(), nullptr));
  EXPECT_TRUE(connect(third.get(), nullptr));
}

INSTANTIATE_TEST_SUITE_P(Protocols, TicketKeyRotationTest,
                         testing::Values(TLS1_3_VERSION, TLS1_2_VERSION));

TEST(TlsEngineTest, TicketKeyPeriodsAreChecked) {
  Context context;
  EXPECT_THROW(context.SetTicketKeyRotation(-1), Error);
}

}  // namespace
}  // namespace carbide::tls
