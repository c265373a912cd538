// OCSP stapling on the client side (tls_status.cc), without a JVM: the server's SSL_CTX gets a test
// status callback that staples fixed bytes (the engine's server side staples nothing yet), and the
// client's verifier records what StapledResponse gives while it is asked about the chain. TLS 1.3
// carries the response in the Certificate message, TLS 1.2 in CertificateStatus, after which the
// client's deferred verification runs; a refusal there still fails the handshake.
#include <gtest/gtest.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/ssl.h>

#include <cstring>
#include <string>
#include <vector>

#include "carbide/error.h"
#include "carbide/tls.h"
#include "tls_fixture.h"

namespace carbide::tls {
namespace {

using fixture::Handshake;
using fixture::Identity;
using fixture::SelfSigned;

const Der kResponse = {0x30, 0x03, 0x0a, 0x01, 0x00};  // any bytes: the client does not parse them

int server_callbacks = 0;

// The server side of s_server -status_file: staples kResponse when the client asked.
int StapleResponse(SSL* ssl, void* /*arg*/) {
  server_callbacks++;
  auto* copy = static_cast<unsigned char*>(OPENSSL_malloc(kResponse.size()));
  if (copy == nullptr) {
    return SSL_TLSEXT_ERR_ALERT_FATAL;
  }
  std::memcpy(copy, kResponse.data(), kResponse.size());
  SSL_set_tlsext_status_ocsp_resp(ssl, copy, static_cast<long>(kResponse.size()));  // takes it
  return SSL_TLSEXT_ERR_OK;
}

// Records the client engine's stapled response each time it is asked about the chain.
class StatusRecorder final : public PeerVerifier {
 public:
  StatusRecorder(const Engine& client, bool trusted) : client_(client), trusted_(trusted) {}
  bool Verify(const std::vector<Der>& chain, const std::string& /*suite*/) noexcept override {
    chain_length = chain.size();
    seen.push_back(client_.StapledResponse());
    return trusted_;
  }
  std::vector<Der> seen;
  size_t chain_length = 0;

 private:
  const Engine& client_;
  bool trusted_;
};

class TlsStatusTest : public testing::TestWithParam<int> {
 protected:
  // One handshake; the client asks for a response if `status_request`.
  void Run(bool status_request, bool trusted) {
    Context context;
    SSL_CTX_set_tlsext_status_cb(context.get(), StapleResponse);
    Identity identity = SelfSigned();
    Engine client(context, true);
    Engine server(context, false);
    Settings settings;
    settings.max_version = GetParam();
    settings.status_request = status_request;
    client.Configure(settings);
    server.UseKey({identity.certificate}, identity.private_key);
    StatusRecorder recorder(client, trusted);
    server_callbacks = 0;
    if (trusted) {
      Handshake(client, server, recorder);
      EXPECT_EQ(client.StapledResponse(), status_request ? kResponse : Der());
    } else {
      EXPECT_THROW(Handshake(client, server, recorder), Error);
      ERR_clear_error();
    }
    seen = recorder.seen;
    EXPECT_EQ(recorder.chain_length, 1u);
  }
  std::vector<Der> seen;
};

TEST_P(TlsStatusTest, TheVerifierSeesTheStapledResponse) {
  Run(/*status_request=*/true, /*trusted=*/true);
  EXPECT_EQ(server_callbacks, 1);
  EXPECT_EQ(seen, std::vector<Der>{kResponse});
}

TEST_P(TlsStatusTest, WithoutStatusRequestNoneIsAskedFor) {
  Run(/*status_request=*/false, /*trusted=*/true);
  EXPECT_EQ(server_callbacks, 0);
  EXPECT_EQ(seen, std::vector<Der>{Der()});
}

TEST_P(TlsStatusTest, ARefusalWithAResponseStillFailsTheHandshake) {
  Run(/*status_request=*/true, /*trusted=*/false);
  EXPECT_EQ(seen, std::vector<Der>{kResponse});
}

INSTANTIATE_TEST_SUITE_P(Versions, TlsStatusTest, testing::Values(TLS1_3_VERSION, TLS1_2_VERSION));

}  // namespace
}  // namespace carbide::tls
