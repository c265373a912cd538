// Signature schemes, for ExtendedSSLSession as SunJSSE fills it. Local: the schemes the engine
// offers (a client's signature_algorithms, a server's CertificateRequest) and accepts; OpenSSL has
// no getter for its own default list, so the engine sets the list itself, on both SSL_CTXs, and
// reports that same list (LocalSignatureSchemes). Peer: what the peer accepts in certificates,
// which is its signature_algorithms_cert if it sent one, else its signature_algorithms; OpenSSL
// keeps the former to itself, so a server reads it from the ClientHello (NoteClientHello).
// In FIPS mode both the list set and the list reported leave out DSA: FIPS 186-5 no longer
// approves DSA signatures (the module still signs with it, as an unapproved operation), and
// Carbide's FIPS mode has no DSA Signature either (docs/fips.md).
#include <openssl/ssl.h>

#include <string>
#include <vector>

#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/tls.h"

namespace carbide::tls {

namespace {

struct Scheme {
  const char* name;     // as SSL_CTX_set1_sigalgs_list takes it
  uint16_t code_point;  // RFC 8446, 4.2.3
  bool tls12_only;      // left out by OpenSSL when a client offers only TLS 1.3
  bool fips;            // offered in FIPS mode
};

// OpenSSL 3.5's default list, in its order, less the schemes the JDK has no name for (brainpool,
// ML-DSA, GOST), which no Java peer can verify or sign either, and less SHA-1, which OpenSSL's
// default security level leaves out anyway (naming it here would make the reported list wrong).
constexpr Scheme kSchemes[] = {
    {"ecdsa_secp256r1_sha256", 0x0403, false, true},
    {"ecdsa_secp384r1_sha384", 0x0503, false, true},
    {"ecdsa_secp521r1_sha512", 0x0603, false, true},
    {"ed25519", 0x0807, false, true},
    {"ed448", 0x0808, false, true},
    {"rsa_pss_pss_sha256", 0x0809, false, true},
    {"rsa_pss_pss_sha384", 0x080a, false, true},
    {"rsa_pss_pss_sha512", 0x080b, false, true},
    {"rsa_pss_rsae_sha256", 0x0804, false, true},
    {"rsa_pss_rsae_sha384", 0x0805, false, true},
    {"rsa_pss_rsae_sha512", 0x0806, false, true},
    {"RSA+SHA256", 0x0401, false, true},
    {"RSA+SHA384", 0x0501, false, true},
    {"RSA+SHA512", 0x0601, false, true},
    {"ECDSA+SHA224", 0x0303, true, true},
    {"RSA+SHA224", 0x0301, true, true},
    {"DSA+SHA224", 0x0302, true, false},
    {"DSA+SHA256", 0x0402, true, false},
};

// Whether this engine offers `scheme`: all of them, or in FIPS mode the approved ones.
bool Offered(const Scheme& scheme) { return scheme.fips || !FipsEnabled(); }

}  // namespace

// The client hello callback of the server SSL_CTX: keeps the ClientHello's
// signature_algorithms_cert list (code points), or none.
int NoteClientHello(SSL* ssl, int* /*alert*/, void* /*arg*/) {
  auto* engine = static_cast<Engine*>(SSL_get_app_data(ssl));
  if (engine == nullptr) {
    return SSL_CLIENT_HELLO_SUCCESS;
  }
  try {
    engine->peer_certificate_schemes_.clear();
    const unsigned char* data = nullptr;
    size_t length = 0;
    if (SSL_client_hello_get0_ext(ssl, TLSEXT_TYPE_signature_algorithms_cert, &data, &length) ==
            1 &&
        length >= 2) {
      size_t list = static_cast<size_t>(data[0]) << 8 | data[1];
      if (list % 2 == 0 && list <= length - 2) {
        for (size_t at = 2; at < 2 + list; at += 2) {
          engine->peer_certificate_schemes_.push_back(
              static_cast<uint16_t>(data[at] << 8 | data[at + 1]));
        }
      }
    }
  } catch (...) {
    engine->peer_certificate_schemes_.clear();  // out of memory: fall back to signature_algorithms
  }
  return SSL_CLIENT_HELLO_SUCCESS;
}

void Context::SetUpSignatureSchemes() {
  std::string list;
  for (const Scheme& scheme : kSchemes) {
    if (Offered(scheme)) {
      list += (list.empty() ? "" : ":") + std::string(scheme.name);
    }
  }
  for (SSL_CTX* ctx : {ctx_, client_ctx_}) {
    CheckOpenssl(static_cast<int>(SSL_CTX_set1_sigalgs_list(ctx, list.c_str())),
                 "cannot set the signature schemes");
  }
  SSL_CTX_set_client_hello_cb(ctx_, NoteClientHello, nullptr);
}

std::vector<uint16_t> Engine::PeerSignatureSchemes() const {
  if (!peer_certificate_schemes_.empty()) {
    return peer_certificate_schemes_;
  }
  std::vector<uint16_t> schemes;
  int count = SSL_get_sigalgs(ssl_, -1, nullptr, nullptr, nullptr, nullptr, nullptr);
  for (int i = 0; i < count; i++) {
    unsigned char signature = 0;
    unsigned char hash = 0;
    SSL_get_sigalgs(ssl_, i, nullptr, nullptr, nullptr, &signature, &hash);
    schemes.push_back(static_cast<uint16_t>(hash << 8 | signature));  // the code point's bytes
  }
  return schemes;
}

std::vector<uint16_t> LocalSignatureSchemes(bool tls13_only) {
  std::vector<uint16_t> schemes;
  for (const Scheme& scheme : kSchemes) {
    if (Offered(scheme) && (!tls13_only || !scheme.tls12_only)) {
      schemes.push_back(scheme.code_point);
    }
  }
  return schemes;
}

}  // namespace carbide::tls
