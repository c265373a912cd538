// A client's certificate (mutual TLS): when a server asks for one, OpenSSL calls
// ChooseClientCertificate (the client SSL_CTX's certificate callback), which asks the engine's
// PeerVerifier (the JNI bridge: the application's X509KeyManager) for credentials, given the key
// types the server's signature algorithms allow and the certificate authorities it named.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <algorithm>
#include <string>
#include <vector>

#include "carbide/tls.h"

namespace carbide::tls {

namespace {

void AddKeyType(std::vector<std::string>& types, const char* type) {
  if (std::find(types.begin(), types.end(), type) == types.end()) {
    types.emplace_back(type);
  }
}

// JSSE's key type names for the signature algorithms the server accepts, in its order.
std::vector<std::string> AcceptedKeyTypes(SSL* ssl) {
  std::vector<std::string> types;
  int count = SSL_get_sigalgs(ssl, -1, nullptr, nullptr, nullptr, nullptr, nullptr);
  for (int i = 0; i < count; i++) {
    int sign = NID_undef;
    SSL_get_sigalgs(ssl, i, &sign, nullptr, nullptr, nullptr, nullptr);
    switch (sign) {
      case EVP_PKEY_EC:
        AddKeyType(types, "EC");
        break;
      case EVP_PKEY_RSA:
        AddKeyType(types, "RSA");
        break;
      case EVP_PKEY_RSA_PSS:  // rsa_pss_rsae_* sign with an RSA key, rsa_pss_pss_* with a PSS one
        AddKeyType(types, "RSA");
        AddKeyType(types, "RSASSA-PSS");
        break;
      case EVP_PKEY_ED25519:
      case EVP_PKEY_ED448:
        AddKeyType(types, "EdDSA");
        break;
      default:
        break;
    }
  }
  return types;
}

// The DER names of the certificate authorities the server accepts (TLS 1.2's CertificateRequest,
// TLS 1.3's certificate_authorities extension); often none.
std::vector<Der> AcceptedIssuers(const SSL* ssl) {
  std::vector<Der> issuers;
  const STACK_OF(X509_NAME)* names = SSL_get0_peer_CA_list(ssl);
  for (int i = 0; i < sk_X509_NAME_num(names); i++) {
    unsigned char* der = nullptr;
    int length = i2d_X509_NAME(sk_X509_NAME_value(names, i), &der);
    if (length > 0) {
      issuers.emplace_back(der, der + length);
    }
    OPENSSL_free(der);
  }
  return issuers;
}

}  // namespace

// Returns 1 with the chosen credentials in use, or with none (an empty Certificate message: the
// server decides whether that is enough), -1 to pause before an external key signs (Engine::
// AwaitsExternalSigner), and 0 to fail the handshake on an internal error.
int ChooseClientCertificate(SSL* ssl, void* /*arg*/) {
  auto* engine = static_cast<Engine*>(SSL_get_app_data(ssl));
  if (engine == nullptr || engine->verifier_ == nullptr || SSL_is_server(ssl) != 0 ||
      engine->ResumesAfterPause()) {
    return 1;
  }
  try {
    const Credentials* credentials =
        engine->verifier_->ChooseClientCredentials(AcceptedKeyTypes(ssl), AcceptedIssuers(ssl));
    if (credentials == nullptr) {
      return 1;
    }
    engine->UseCredentials(*credentials);
    return engine->PauseForExternalSigner();
  } catch (...) {
    return 0;
  }
}

void Context::SetUpClientCertificates() {
  SSL_CTX_set_cert_cb(client_ctx_, ChooseClientCertificate, nullptr);
}

}  // namespace carbide::tls
