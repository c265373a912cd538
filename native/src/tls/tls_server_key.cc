// A server's certificate and key, chosen once the ClientHello is known: OpenSSL's certificate
// callback of the server SSL_CTX (ChooseServerCertificate) runs after the ClientHello's extensions
// are read and only for a handshake that resumes no session, and asks the engine's PeerVerifier
// (the JNI bridge: the application's X509KeyManager, whose handshake session then carries the
// client's SNI name and signature schemes), so that a key manager can choose by server name.
#include <openssl/ssl.h>

#include <string>

#include "carbide/tls.h"

namespace carbide::tls {

// Returns 1 with the chosen credentials in use (or, if none are chosen, with those the engine was
// given before its handshake) and their OCSP response stapled if the server staples, -1 to pause
// for that response (Engine::AwaitsStatusResponse) or before an external key signs (Engine::
// AwaitsExternalSigner), and 0 to fail the handshake: a server has nothing to present.
int ChooseServerCertificate(SSL* ssl, void* /*arg*/) {
  auto* engine = static_cast<Engine*>(SSL_get_app_data(ssl));
  if (engine == nullptr || SSL_is_server(ssl) == 0 || engine->ResumesAfterPause()) {
    return 1;
  }
  try {
    const char* name = SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name);
    const Credentials* credentials =
        engine->verifier_ == nullptr
            ? nullptr
            : engine->verifier_->ChooseServerCredentials(name == nullptr ? "" : name);
    if (credentials != nullptr) {
      engine->UseCredentials(*credentials);
    } else if (SSL_get_certificate(ssl) == nullptr) {
      return 0;
    }
    if (engine->PausesForStatusResponse()) {
      return -1;  // SSL_ERROR_WANT_X509_LOOKUP: the caller fetches the OCSP response
    }
    return engine->PauseForExternalSigner();
  } catch (...) {
    return 0;
  }
}

void Context::SetUpServerCertificates() {
  SSL_CTX_set_cert_cb(ctx_, ChooseServerCertificate, nullptr);
}

}  // namespace carbide::tls
