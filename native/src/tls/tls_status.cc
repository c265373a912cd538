// OCSP stapling. On the client side, a client asks for the server's stapled OCSP response
// (status_request, Settings::status_request) and the application's trust manager sees it, as the
// JDK's PKIX revocation checking expects (ExtendedSSLSession.getStatusResponses), when it is asked
// about the server's chain. TLS 1.3 carries the response in the Certificate message, so it is there
// when OpenSSL verifies the chain (VerifyPeer). TLS 1.2 sends it after, in CertificateStatus, so
// VerifyPeer only keeps the chain and the verifier is asked from OpenSSL's status callback, which
// runs once the server's whole first flight is read and before the client answers it: what
// SunJSSE does, deferring the trust check until CertificateStatus has arrived.
//
// And on the server side: a server that staples (Settings::status_request, SunJSSE's
// jdk.tls.server.enableStatusRequestExtension) asks its PeerVerifier for the leaf's OCSP response
// once its certificate callback has chosen the credentials of a full handshake whose client sent
// status_request. The response is fetched and cached by the caller (the Java side), never inside
// the handshake: one at hand is stapled at once, and without one the handshake pauses there
// (SSL_ERROR_WANT_X509_LOOKUP, as for an external signer) until the caller has fetched it. OpenSSL
// then sends it, from the server SSL_CTX's status callback, in TLS 1.3's Certificate message or
// TLS 1.2's CertificateStatus.
#include <openssl/crypto.h>
#include <openssl/ocsp.h>
#include <openssl/ssl.h>
#include <openssl/tls1.h>

#include <climits>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "carbide/error.h"
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

namespace {

// The server's status callback: the response stapled before (Engine::StapleResponse) is sent if
// there is one (OpenSSL sends it only then), and nothing otherwise.
int ServeStatus(SSL* /*ssl*/, void* /*arg*/) { return SSL_TLSEXT_ERR_OK; }

}  // namespace

void Context::SetUpStatusRequests() {
  SSL_CTX_set_tlsext_status_cb(client_ctx_, VerifyPeerWithStatus);
  SSL_CTX_set_tlsext_status_cb(ctx_, ServeStatus);
}

bool Engine::PausesForStatusResponse() {
  if (!staples_status_ || verifier_ == nullptr ||
      SSL_get_tlsext_status_type(ssl_) != TLSEXT_STATUSTYPE_ocsp) {
    return false;
  }
  // As SunJSSE, only a request that names no particular responder is answered.
  STACK_OF(OCSP_RESPID)* responders = nullptr;
  SSL_get_tlsext_status_ids(ssl_, &responders);
  if (sk_OCSP_RESPID_num(responders) > 0) {
    return false;
  }
  std::optional<Der> response = verifier_->ServerStatusResponse();
  if (!response.has_value()) {
    pause_ = Pause::kStatusResponse;
    return true;
  }
  StapleResponse(*response);
  return false;
}

void Engine::StapleResponse(std::span<const uint8_t> response) {
  if (response.size() > LONG_MAX) {
    throw Error(ErrorKind::kIllegalArgument, "the OCSP response is too long");
  }
  unsigned char* copy = nullptr;
  if (!response.empty()) {
    copy = static_cast<unsigned char*>(OPENSSL_malloc(response.size()));
    if (copy == nullptr) {
      throw Error(ErrorKind::kOutOfMemory, "cannot copy the OCSP response");
    }
    std::memcpy(copy, response.data(), response.size());
  }
  // OpenSSL takes the buffer (and frees one set before), to free it with the SSL.
  SSL_set_tlsext_status_ocsp_resp(ssl_, copy, static_cast<long>(response.size()));
}

Der Engine::StapledResponse() const {
  unsigned char* response = nullptr;
  long length = SSL_get_tlsext_status_ocsp_resp(ssl_, &response);
  return response == nullptr || length <= 0 ? Der() : Der(response, response + length);
}

}  // namespace carbide::tls
