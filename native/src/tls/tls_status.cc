// OCSP stapling, on the client side: a client asks for the server's stapled OCSP response
// (status_request, Settings::status_request) and the application's trust manager sees it, as the
// JDK's PKIX revocation checking expects (ExtendedSSLSession.getStatusResponses), when it is asked
// about the server's chain. TLS 1.3 carries the response in the Certificate message, so it is there
// when OpenSSL verifies the chain (VerifyPeer). TLS 1.2 sends it after, in CertificateStatus, so
// VerifyPeer only keeps the chain and the verifier is asked from OpenSSL's status callback, which
// runs once the server's whole first flight is read and before the client answers it: what
// SunJSSE does, deferring the trust check until CertificateStatus has arrived.
#include <openssl/ssl.h>
#include <openssl/tls1.h>

#include <string>
#include <utility>
#include <vector>

#include "carbide/tls.h"

namespace carbide::tls {

bool Engine::DefersVerificationToStatus() const noexcept {
  return SSL_is_server(ssl_) == 0 && SSL_get_tlsext_status_type(ssl_) == TLSEXT_STATUSTYPE_ocsp &&
         SSL_version(ssl_) < TLS1_3_VERSION;
}

// Returns 1 to go on, 0 to fail the handshake (OpenSSL then sends bad_certificate_status_response:
// SunJSSE would send certificate_unknown, but the callback cannot choose its alert).
int VerifyPeerWithStatus(SSL* ssl, void* /*arg*/) {
  auto* engine = static_cast<Engine*>(SSL_get_app_data(ssl));
  if (engine == nullptr || !engine->deferred_peer_.has_value()) {
    return 1;  // nothing deferred (TLS 1.3 verified the chain already)
  }
  Engine::DeferredPeer peer = std::move(*engine->deferred_peer_);
  engine->deferred_peer_.reset();
  try {
    return engine->verifier_ != nullptr && engine->verifier_->Verify(peer.chain, peer.cipher_suite)
               ? 1
               : 0;
  } catch (...) {
    return 0;
  }
}

void Context::SetUpStatusRequests() {
  SSL_CTX_set_tlsext_status_cb(client_ctx_, VerifyPeerWithStatus);
}

Der Engine::StapledResponse() const {
  unsigned char* response = nullptr;
  long length = SSL_get_tlsext_status_ocsp_resp(ssl_, &response);
  return response == nullptr || length <= 0 ? Der() : Der(response, response + length);
}

}  // namespace carbide::tls
