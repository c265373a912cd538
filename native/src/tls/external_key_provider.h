// What the two halves of the external key provider share (carbide/tls_external_key.h):
// tls_external_key.cc holds the provider and its key managers, tls_external_signature.cc its
// signature operation.
#pragma once

#include <openssl/core.h>
#include <openssl/evp.h>

#include <memory>

#include "carbide/tls_external_key.h"

namespace carbide::tls::external_key {

// Every algorithm of the provider carries this property.
inline constexpr const char* kProperties = "provider=carbide-external-key";
// The one signature algorithm: no other provider serves this name, so libssl's fetch by name in
// the SSL_CTX's library context fails and OpenSSL falls back to the key's own provider.
inline constexpr const char* kSignatureName = "CARBIDE-EXTERNAL-KEY-SIGNATURE";

enum class KeyKind { kEc, kRsa, kRsaPss, kEd25519, kEd448 };

// A key manager's key data: the certificate's public key and the signer.
struct ExternalKey {
  explicit ExternalKey(KeyKind key_kind) : kind(key_kind) {}
  ~ExternalKey() { EVP_PKEY_free(public_key); }
  ExternalKey(const ExternalKey&) = delete;
  ExternalKey& operator=(const ExternalKey&) = delete;

  KeyKind kind;
  EVP_PKEY* public_key = nullptr;
  std::shared_ptr<ExternalSigner> signer;
};

// An OSSL_DISPATCH entry's function.
template <typename Fn>
void (*Function(Fn* fn))(void) {
  return reinterpret_cast<void (*)(void)>(fn);
}

// The signature operation's dispatch table (tls_external_signature.cc).
const OSSL_DISPATCH* SignatureFunctions();

}  // namespace carbide::tls::external_key
