// Private keys that OpenSSL cannot hold: a key only Java can use (an HSM's, reached through
// SunPKCS11, or a custom provider's) has no encoding to decode into an EVP_PKEY. A small OpenSSL 3
// provider built into libcarbide-ssl.so (tls_external_key.cc) serves such keys as EVP_PKEYs whose
// signing calls an ExternalSigner, so that libssl signs CertificateVerify and TLS 1.2's
// ServerKeyExchange with them as with any other key. Everything else libssl asks of the key (its
// type, size, curve, its match with the certificate) is answered from the certificate's public key.
//
// The provider lives in a library context of its own, made on first use: SSL_CTXs stay in the
// default context, and libssl reaches the provider's signature through the key (OpenSSL fetches a
// key's signature from the key's own provider when the SSL_CTX's context has none), so contexts
// that never meet such a key pay nothing for it.
#pragma once

#include <openssl/evp.h>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace carbide::tls {

// Signs for a private key held outside OpenSSL. Called inside SSL_do_handshake, on the thread that
// runs the handshake, once per signature; several engines may call one signer at once.
class ExternalSigner {
 public:
  virtual ~ExternalSigner() = default;
  // Signs `message` with the TLS signature scheme `scheme` (an RFC 8446 section 4.2.3 code point:
  // 0x0403 ecdsa_secp256r1_sha256, 0x0401 rsa_pkcs1_sha256, 0x0804 rsa_pss_rsae_sha256, 0x0807
  // ed25519, ...), which names the hash and padding; the message is not hashed yet. Returns the
  // signature as TLS carries it (DER for ECDSA). Throws carbide::Error if signing fails, which
  // fails the handshake.
  virtual std::vector<uint8_t> Sign(uint16_t scheme, std::span<const uint8_t> message) = 0;
};

// Returns a new EVP_PKEY (the caller owns the reference) whose public half is `public_key` (a
// certificate's key: EC, RSA, RSA-PSS, Ed25519 or Ed448) and whose signatures come from `signer`.
// The key keeps a reference to `public_key` and shares `signer` until its last reference is freed,
// on whichever thread frees it. Throws carbide::Error (kInvalidKey) for another key type.
EVP_PKEY* NewExternalKey(EVP_PKEY* public_key, const std::shared_ptr<ExternalSigner>& signer);

// Whether `key` was made by NewExternalKey (its signatures call an ExternalSigner); false for null.
bool IsExternalKey(const EVP_PKEY* key) noexcept;

}  // namespace carbide::tls
