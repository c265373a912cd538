// Explicit cipher-suite lists, parsed once per context (CipherSuiteTemplates): an engine made from
// a list's template offers and accepts exactly that list, in its order, whether the list was just
// parsed or found again; switching lists between engines takes effect; the cache stays bounded;
// and the SSL_CTX's options set after a template was made still reach the engines made from it.
#include <gtest/gtest.h>
#include <openssl/err.h>
#include <openssl/ssl.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "carbide/error.h"
#include "carbide/tls.h"
#include "tls_fixture.h"

namespace carbide::tls {
namespace {

using fixture::Handshake;
using fixture::Identity;
using fixture::SelfSigned;
using fixture::TrustAll;

using SslPtr = std::unique_ptr<SSL, decltype(&SSL_free)>;

// The IANA names of the suites `ssl` offers, in its order.
std::vector<std::string> Offered(SSL* ssl) {
  std::vector<std::string> names;
  STACK_OF(SSL_CIPHER)* ciphers = SSL_get_ciphers(ssl);
  for (int i = 0; i < sk_SSL_CIPHER_num(ciphers); i++) {
    names.emplace_back(SSL_CIPHER_standard_name(sk_SSL_CIPHER_value(ciphers, i)));
  }
  return names;
}

// The suite a handshake between a client offering `client_suites` and a server accepting
// `server_suites` (empty: the defaults) settles, with the client limited to `max_version`.
std::string Negotiated(const Context& context, const Identity& identity,
                       const std::vector<std::string>& client_suites,
                       const std::vector<std::string>& server_suites,
                       int max_version = TLS1_3_VERSION) {
  Engine client(context, true, client_suites);
  Engine server(context, false, server_suites);
  Settings settings;
  settings.max_version = max_version;
  client.Configure(settings);
  server.UseKey({identity.certificate}, identity.private_key);
  TrustAll trust;
  Handshake(client, server, trust);
  EXPECT_EQ(server.Session().cipher_suite, client.Session().cipher_suite);
  return client.Session().cipher_suite;
}

TEST(TlsCipherSuitesTest, EachEngineNegotiatesOnlyItsOwnList) {
  Context context;
  Identity identity = SelfSigned();
  // Each list again after another one: found in the cache, it must still be its own list.
  for (int round = 0; round < 2; round++) {
    for (const char* suite :
         {"TLS_CHACHA20_POLY1305_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_AES_128_GCM_SHA256"}) {
      EXPECT_EQ(Negotiated(context, identity, {suite}, {}), suite);
      EXPECT_EQ(Negotiated(context, identity, {}, {suite}), suite);
    }
    for (const char* suite : {"TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
                              "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"}) {
      EXPECT_EQ(Negotiated(context, identity, {suite}, {}, TLS1_2_VERSION), suite);
    }
  }
}

TEST(TlsCipherSuitesTest, AServerRefusesASuiteNotInItsList) {
  Context context;
  Identity identity = SelfSigned();
  EXPECT_THROW(
      Negotiated(context, identity, {"TLS_AES_128_GCM_SHA256"}, {"TLS_AES_256_GCM_SHA384"}), Error);
  ERR_clear_error();
  // Both lists stay usable.
  EXPECT_EQ(Negotiated(context, identity, {"TLS_AES_256_GCM_SHA384", "TLS_AES_128_GCM_SHA256"},
                       {"TLS_AES_256_GCM_SHA384"}),
            "TLS_AES_256_GCM_SHA384");
}

TEST(TlsCipherSuitesTest, AListKeepsItsOrderTls13First) {
  Context context;
  const std::vector<std::string> suites = {"TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
                                           "TLS_AES_256_GCM_SHA384", "TLS_NOT_A_SUITE",
                                           "TLS_CHACHA20_POLY1305_SHA256"};
  const std::vector<std::string> expected = {"TLS_AES_256_GCM_SHA384",
                                             "TLS_CHACHA20_POLY1305_SHA256",
                                             "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"};
  for (int i = 0; i < 2; i++) {  // parsed, then from the template
    SslPtr ssl(context.NewSsl(false, suites), SSL_free);
    EXPECT_EQ(Offered(ssl.get()), expected);
  }
  SslPtr defaults(context.NewSsl(false, {}), SSL_free);
  EXPECT_EQ(Offered(defaults.get()), context.DefaultCipherSuites());
}

TEST(TlsCipherSuitesTest, AListOfNoKnownSuiteIsRefusedAndNotKept) {
  Context context;
  CipherSuiteTemplates templates;
  try {
    SSL_free(templates.NewSsl(context.get(), {"TLS_NOT_A_SUITE", "SSL_RSA_WITH_RC4_128_MD5"}));
    ADD_FAILURE() << "an unknown list was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kIllegalArgument);
  }
  EXPECT_EQ(templates.size(), 0u);
  EXPECT_THROW(Engine(context, true, {"TLS_NOT_A_SUITE"}), Error);
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

TEST(TlsCipherSuitesTest, AtMostMaxListsAreKeptAndADroppedOneIsParsedAgain) {
  Context context;
  CipherSuiteTemplates templates;
  std::vector<std::string> all = context.DefaultCipherSuites();
  ASSERT_GT(all.size(), CipherSuiteTemplates::kMaxLists + 2);
  for (size_t i = 0; i < CipherSuiteTemplates::kMaxLists + 2; i++) {
    SslPtr ssl(templates.NewSsl(context.get(), {all[i]}), SSL_free);
    EXPECT_EQ(Offered(ssl.get()), std::vector<std::string>{all[i]});
    EXPECT_LE(templates.size(), CipherSuiteTemplates::kMaxLists);
  }
  EXPECT_EQ(templates.size(), CipherSuiteTemplates::kMaxLists);
  SslPtr first(templates.NewSsl(context.get(), {all[0]}), SSL_free);  // dropped, parsed again
  EXPECT_EQ(Offered(first.get()), std::vector<std::string>{all[0]});
  // The lists of the two SSL_CTXs are kept apart.
  SslPtr client(templates.NewSsl(context.client(), {all[0]}), SSL_free);
  EXPECT_EQ(SSL_get_SSL_CTX(client.get()), context.client());
  EXPECT_EQ(SSL_get_SSL_CTX(first.get()), context.get());
}

// SSL_dup copies the template's options, which were the SSL_CTX's when it was made.
TEST(TlsCipherSuitesTest, OptionsSetOnTheContextLaterReachNewEngines) {
  Context context;
  const std::vector<std::string> suites = {"TLS_AES_128_GCM_SHA256"};
  SslPtr before(context.NewSsl(false, suites), SSL_free);
  EXPECT_EQ(SSL_get_options(before.get()) & SSL_OP_NO_TICKET, 0u);
  context.ConfigureSessions(60, 60, 10, /*server_tickets=*/false, /*client_tickets=*/true);
  SslPtr after(context.NewSsl(false, suites), SSL_free);
  EXPECT_NE(SSL_get_options(after.get()) & SSL_OP_NO_TICKET, 0u);
  EXPECT_EQ(SSL_get_options(after.get()), SSL_CTX_get_options(context.get()));
}

TEST(TlsCipherSuitesTest, ManyThreadsShareTheTemplates) {
  Context context;
  const std::vector<std::vector<std::string>> lists = {
      {"TLS_AES_128_GCM_SHA256"},
      {"TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256"},
      {"TLS_CHACHA20_POLY1305_SHA256", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"}};
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, 0);
  for (int t = 0; t < 4; t++) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 60; i++) {
        const std::vector<std::string>& list = lists[(i + t) % lists.size()];
        SslPtr ssl(context.NewSsl((i & 1) != 0, list), SSL_free);
        wrong[t] += Offered(ssl.get()) == list ? 0 : 1;
      }
    });
  }
  for (std::thread& thread : threads) {
    thread.join();
  }
  EXPECT_EQ(wrong, std::vector<int>(4, 0));
}

}  // namespace
}  // namespace carbide::tls
