// OCSP stapling on the server side (tls_status.cc, tls_ocsp.cc), without a JVM: a stapling server
// asks its verifier for the leaf's response once its credentials are chosen and the client asked
// (status_request); a response at hand is stapled at once, none pauses the handshake until the
// caller hands one over (the Java side's delegated task), and the client sees the bytes. The OCSP
// helpers are checked on what they can be given without a responder: the request's CertID and any
// bytes as a response (real responses: the Java tests, against `openssl ocsp`).
#include <gtest/gtest.h>
#include <openssl/err.h>
#include <openssl/ocsp.h>
#include <openssl/ssl.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "carbide/error.h"
#include "carbide/tls.h"
#include "carbide/tls_ocsp.h"
#include "tls_fixture.h"

namespace carbide::tls {
namespace {

using fixture::Identity;
using fixture::Move;
using fixture::SelfSigned;

const Der kResponse = {0x30, 0x03, 0x0a, 0x01, 0x00};  // the client does not parse it

// Trusts every chain, records what the client saw stapled, and answers a stapling server with
// `answer` (nullopt: pause).
class StaplingVerifier final : public PeerVerifier {
 public:
  StaplingVerifier(const Engine& client, std::optional<Der> answer)
      : client_(client), answer_(std::move(answer)) {}
  bool Verify(const std::vector<Der>& /*chain*/, const std::string& /*suite*/) noexcept override {
    seen.push_back(client_.StapledResponse());
    return true;
  }
  std::optional<Der> ServerStatusResponse() noexcept override {
    asked++;
    return answer_;
  }
  std::vector<Der> seen;
  int asked = 0;

 private:
  const Engine& client_;
  std::optional<Der> answer_;
};

class TlsStaplingTest : public testing::TestWithParam<int> {
 protected:
  TlsStaplingTest() : client(context, true), server(context, false), identity(SelfSigned()) {}

  void Configure(bool client_asks, bool server_staples) {
    Settings client_settings;
    client_settings.max_version = GetParam();
    client_settings.status_request = client_asks;
    client.Configure(client_settings);
    Settings server_settings;
    server_settings.status_request = server_staples;
    server.Configure(server_settings);
    server.UseKey({identity.certificate}, identity.private_key);
  }

  // Drives both engines; on a server pause for its response, hands over `late` (if any) first.
  // Returns how many times the server paused for it.
  int Run(PeerVerifier& verifier, const Der& late = Der()) {
    int pauses = 0;
    for (int round = 0; round < 20; round++) {
      bool client_done = client.Handshake(verifier);
      Move(client, server);
      bool server_done = server.Handshake(verifier);
      if (server.AwaitsStatusResponse()) {
        pauses++;
        EXPECT_FALSE(server_done);
        EXPECT_EQ(server.PendingRecords(), 0u) << "wrote before the pause";
        server.StapleResponse(late);
        server_done = server.Handshake(verifier);
        EXPECT_FALSE(server.AwaitsStatusResponse());
      }
      Move(server, client);
      if (client_done && server_done && client.PendingRecords() == 0) {
        return pauses;
      }
    }
    ADD_FAILURE() << "the handshake made no progress";
    return pauses;
  }

  Context context;
  Engine client;
  Engine server;
  Identity identity;
};

TEST_P(TlsStaplingTest, AResponseAtHandIsStapledAtOnce) {
  Configure(/*client_asks=*/true, /*server_staples=*/true);
  StaplingVerifier verifier(client, kResponse);
  EXPECT_EQ(Run(verifier), 0);
  EXPECT_EQ(verifier.asked, 1);
  EXPECT_EQ(verifier.seen, std::vector<Der>{kResponse});
  EXPECT_EQ(client.StapledResponse(), kResponse);
}

TEST_P(TlsStaplingTest, NoResponseAtHandPausesUntilOneIsHandedOver) {
  Configure(true, true);
  StaplingVerifier verifier(client, std::nullopt);
  EXPECT_EQ(Run(verifier, kResponse), 1);
  EXPECT_EQ(verifier.asked, 1) << "the resumed step asks no more";
  EXPECT_EQ(verifier.seen, std::vector<Der>{kResponse});
}

TEST_P(TlsStaplingTest, APauseWithNothingHandedOverStaplesNothing) {
  Configure(true, true);
  StaplingVerifier verifier(client, std::nullopt);
  EXPECT_EQ(Run(verifier), 1);
  EXPECT_EQ(verifier.seen, std::vector<Der>{Der()});
}

TEST_P(TlsStaplingTest, AnEmptyAnswerStaplesNothing) {
  Configure(true, true);
  StaplingVerifier verifier(client, Der());
  EXPECT_EQ(Run(verifier), 0);
  EXPECT_EQ(verifier.asked, 1);
  EXPECT_EQ(verifier.seen, std::vector<Der>{Der()});
}

TEST_P(TlsStaplingTest, AClientThatDoesNotAskIsStapledNothing) {
  Configure(/*client_asks=*/false, /*server_staples=*/true);
  StaplingVerifier verifier(client, kResponse);
  EXPECT_EQ(Run(verifier), 0);
  EXPECT_EQ(verifier.asked, 0);
  EXPECT_EQ(client.StapledResponse(), Der());
}

TEST_P(TlsStaplingTest, AServerThatDoesNotStapleAsksNothing) {
  Configure(/*client_asks=*/true, /*server_staples=*/false);
  StaplingVerifier verifier(client, kResponse);
  EXPECT_EQ(Run(verifier), 0);
  EXPECT_EQ(verifier.asked, 0);
  EXPECT_EQ(verifier.seen, std::vector<Der>{Der()});
}

INSTANTIATE_TEST_SUITE_P(Versions, TlsStaplingTest,
                         testing::Values(TLS1_3_VERSION, TLS1_2_VERSION));

TEST(TlsOcspTest, TheRequestNamesTheLeafByItsIssuer) {
  Identity issuer = SelfSigned("EC", "issuer");
  Identity leaf = SelfSigned("EC", "leaf");
  Der der = NewOcspRequest(leaf.certificate, issuer.certificate);
  const unsigned char* p = der.data();
  std::unique_ptr<OCSP_REQUEST, decltype(&OCSP_REQUEST_free)> request(
      d2i_OCSP_REQUEST(nullptr, &p, static_cast<long>(der.size())), OCSP_REQUEST_free);
  ASSERT_NE(request, nullptr);
  EXPECT_EQ(p, der.data() + der.size());
  ASSERT_EQ(OCSP_request_onereq_count(request.get()), 1);
  OCSP_CERTID* id = OCSP_onereq_get0_id(OCSP_request_onereq_get0(request.get(), 0));
  ASN1_INTEGER* serial = nullptr;
  ASN1_OBJECT* hash = nullptr;
  ASSERT_EQ(OCSP_id_get0_info(nullptr, &hash, nullptr, &serial, id), 1);
  EXPECT_EQ(ASN1_INTEGER_get(serial), 1);  // SelfSigned's serial
  EXPECT_EQ(OBJ_obj2nid(hash), NID_sha1);
  EXPECT_EQ(OCSP_request_is_signed(request.get()), 0);
}

TEST(TlsOcspTest, ACertificateWithoutAccessInformationNamesNoResponder) {
  EXPECT_EQ(OcspResponderUri(SelfSigned().certificate), "");
}

TEST(TlsOcspTest, BadCertificatesAreRefused) {
  Der garbage = {0x30, 0x01, 0x00};
  Der leaf = SelfSigned().certificate;
  EXPECT_THROW(OcspResponderUri(garbage), Error);
  EXPECT_THROW(NewOcspRequest(leaf, garbage), Error);
  EXPECT_THROW(NewOcspRequest(Der(), leaf), Error);
  ERR_clear_error();
}

// Whatever a responder sends is a verdict, never a failure: truncated, garbled, empty, an
// unsuccessful status, a request instead of a response.
TEST(TlsOcspTest, AnyBytesAsAResponseAreUnusable) {
  Identity issuer = SelfSigned("EC", "issuer");
  Der leaf = SelfSigned("EC", "leaf").certificate;
  Der request = NewOcspRequest(leaf, issuer.certificate);
  Der try_later = {0x30, 0x03, 0x0a, 0x01, 0x03};  // OCSPResponse{responseStatus tryLater}
  std::vector<Der> inputs = {Der(), try_later, request, leaf,
                             Der(request.begin(), request.end() - 1)};
  for (size_t i = 0; i < 200; i++) {
    Der noise(i % 64);
    for (size_t j = 0; j < noise.size(); j++) {
      noise[j] = static_cast<uint8_t>(j * 31 + i * 7);
    }
    noise.insert(noise.begin(), {0x30, static_cast<uint8_t>(noise.size())});
    inputs.push_back(noise);
  }
  for (const Der& input : inputs) {
    OcspVerdict verdict = InspectOcspResponse(input, leaf, issuer.certificate);
    EXPECT_EQ(verdict.status, OcspVerdict::Status::kUnusable);
    EXPECT_EQ(ERR_peek_error(), 0u) << "the error queue is left clean";
  }
}

}  // namespace
}  // namespace carbide::tls
