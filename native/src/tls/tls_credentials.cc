// Credentials: a chain and key decoded once per key manager alias (the Java side caches them per
// SSLContext), then lent to each engine by reference. A key only Java can use becomes an external
// key (tls_external_key.cc) that signs through the Java side.
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <climits>
#include <memory>
#include <vector>

#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/tls.h"
#include "carbide/tls_external_key.h"
#include "certificate_der.h"

namespace carbide::tls {

X509Ptr ParseCertificate(std::span<const uint8_t> der, ErrorKind kind) {
  if (der.empty() || der.size() > LONG_MAX) {
    throw Error(kind, "a certificate is empty");
  }
  // Made in the engine's library context first, so that its public key is decoded there too.
  X509* into = X509_new_ex(LibraryContext(), nullptr);
  if (into == nullptr) {
    throw Error(ErrorKind::kOutOfMemory, "X509_new_ex failed");
  }
  const unsigned char* p = der.data();
  const X509* parsed = d2i_X509(&into, &p, static_cast<long>(der.size()));
  X509Ptr cert(into, X509_free);  // a failed d2i_X509 has freed it and left `into` null
  if (parsed == nullptr || p != der.data() + der.size()) {
    ThrowOpensslError("cannot parse the certificate", kind);
  }
  return cert;
}

namespace {

using PkeyPtr = std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)>;
struct ChainFree {
  void operator()(STACK_OF(X509) * chain) const noexcept { sk_X509_pop_free(chain, X509_free); }
};
using ChainPtr = std::unique_ptr<STACK_OF(X509), ChainFree>;

// The leaf and the certificates after it, each parsed.
struct ParsedChain {
  X509Ptr leaf{nullptr, X509_free};
  ChainPtr rest;
};

ParsedChain ParseChain(const std::vector<Der>& chain) {
  if (chain.empty()) {
    throw Error(ErrorKind::kInvalidKey, "the certificate chain is empty");
  }
  ParsedChain parsed;
  parsed.leaf = ParseCertificate(chain.front(), ErrorKind::kInvalidKey);
  parsed.rest.reset(sk_X509_new_null());
  if (parsed.rest == nullptr) {
    throw Error(ErrorKind::kOutOfMemory, "sk_X509_new_null failed");
  }
  for (size_t i = 1; i < chain.size(); i++) {
    X509Ptr cert = ParseCertificate(chain[i], ErrorKind::kInvalidKey);
    if (sk_X509_push(parsed.rest.get(), cert.get()) <= 0) {
      throw Error(ErrorKind::kOutOfMemory, "sk_X509_push failed");
    }
    static_cast<void>(cert.release());  // the stack owns it now
  }
  return parsed;
}

}  // namespace

Credentials::Credentials(const std::vector<Der>& chain, std::span<const uint8_t> pkcs8) {
  ParsedChain parsed = ParseChain(chain);
  if (pkcs8.empty() || pkcs8.size() > LONG_MAX) {
    throw Error(ErrorKind::kInvalidKey, "the private key is empty");
  }
  const unsigned char* p = pkcs8.data();
  PkeyPtr key(d2i_AutoPrivateKey_ex(nullptr, &p, static_cast<long>(pkcs8.size()), LibraryContext(),
                                    nullptr),
              EVP_PKEY_free);
  if (key == nullptr) {
    ThrowOpensslError("cannot decode the private key", ErrorKind::kInvalidKey);
  }
  if (X509_check_private_key(parsed.leaf.get(), key.get()) != 1) {
    ThrowOpensslError("the private key does not match the certificate", ErrorKind::kInvalidKey);
  }
  leaf_ = parsed.leaf.release();
  chain_ = parsed.rest.release();
  key_ = key.release();
}

Credentials::Credentials(const std::vector<Der>& chain,
                         const std::shared_ptr<ExternalSigner>& signer) {
  ParsedChain parsed = ParseChain(chain);
  PkeyPtr key(NewExternalKey(X509_get0_pubkey(parsed.leaf.get()), signer), EVP_PKEY_free);
  leaf_ = parsed.leaf.release();
  chain_ = parsed.rest.release();
  key_ = key.release();
}

Credentials::~Credentials() {
  EVP_PKEY_free(key_);
  sk_X509_pop_free(chain_, X509_free);
  X509_free(leaf_);
}

void Engine::UseCredentials(const Credentials& credentials) {
  // Takes references to the leaf, the key and each chain certificate; override=1 replaces any
  // credentials set before.
  CheckOpenssl(SSL_use_cert_and_key(ssl_, credentials.leaf_, credentials.key_, credentials.chain_,
                                    /*override=*/1),
               "cannot use the certificate and key");
}

bool Engine::ResumesAfterPause() noexcept {
  bool resuming = pause_ != Pause::kNone;
  pause_ = Pause::kNone;
  return resuming;
}

// OpenSSL calls the certificate callback again when the paused handshake goes on (a server's in
// tls_post_process_client_hello, a client's in tls_prepare_client_certificate), which then signs
// in the same SSL_do_handshake call if the records it needs are there.
int Engine::PauseForExternalSigner() noexcept {
  if (!defer_external_signatures_ || !IsExternalKey(SSL_get_privatekey(ssl_))) {
    return 1;
  }
  pause_ = Pause::kExternalSigner;
  return -1;  // SSL_ERROR_WANT_X509_LOOKUP
}

}  // namespace carbide::tls
