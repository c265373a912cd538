// The key model shared by every asymmetric family (EC, EdDSA, XDH, RSA, post-quantum): an
// EVP_PKEY with a reference count. Each owner (a Java key object, an SPI that uses the key) holds
// its own reference, so no owner can free the key from under another.
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "carbide/owned.h"

namespace carbide {

// Bytes that may be secret (private key encodings, shared secrets); cleansed on destruction.
class SecretBuffer {
 public:
  explicit SecretBuffer(size_t size) : bytes_(size) {}
  ~SecretBuffer();
  SecretBuffer(SecretBuffer&&) = default;
  SecretBuffer& operator=(SecretBuffer&&) = delete;
  SecretBuffer(const SecretBuffer&) = delete;
  SecretBuffer& operator=(const SecretBuffer&) = delete;

  uint8_t* data() noexcept { return bytes_.data(); }
  const uint8_t* data() const noexcept { return bytes_.data(); }
  size_t size() const noexcept { return bytes_.size(); }
  // Shortens the buffer to `size` bytes, cleansing the tail.
  void Truncate(size_t size) noexcept;

 private:
  std::vector<uint8_t> bytes_;
};

// Returns a new owning reference to `key` (EVP_PKEY_up_ref).
PkeyPtr RetainKey(EVP_PKEY* key);

// Parses an X.509 SubjectPublicKeyInfo. Throws kInvalidKey if it is malformed.
PkeyPtr ParsePublicKeyDer(std::span<const uint8_t> der);

// Parses a PKCS#8 PrivateKeyInfo. Throws kInvalidKey if it is malformed.
PkeyPtr ParsePrivateKeyDer(std::span<const uint8_t> der);

// The X.509 SubjectPublicKeyInfo of `key`.
std::vector<uint8_t> EncodePublicKeyDer(const EVP_PKEY* key);

// The PKCS#8 PrivateKeyInfo of `key`. Throws kInvalidKey if `key` has no private part.
SecretBuffer EncodePrivateKeyDer(const EVP_PKEY* key);

// Keys kept as raw bytes (Ed25519, Ed448, X25519, X448): `type` is OpenSSL's key type name.
// Throws kInvalidKey if the length is wrong for the type.
PkeyPtr RawPublicKey(const char* type, std::span<const uint8_t> bytes);
PkeyPtr RawPrivateKey(const char* type, std::span<const uint8_t> bytes);
std::vector<uint8_t> RawPublicBytes(const EVP_PKEY* key);
SecretBuffer RawPrivateBytes(const EVP_PKEY* key);

// OpenSSL's name for the key's type, for example "EC", "ED25519" or "X25519".
std::string KeyTypeName(const EVP_PKEY* key);

// The key's size in bits as OpenSSL reports it (an RSA modulus, a DH or DSA prime, a curve's
// order), or 0 if it reports none.
int KeyBits(const EVP_PKEY* key);

// Generates key pairs of one algorithm and parameter set, with the context set up once.
class KeyPairGenerator {
 public:
  // `algorithm` is OpenSSL's key type ("EC", "ED25519"); `group` names the curve for "EC" and is
  // null otherwise. Throws kInvalidParameter if the loaded OpenSSL lacks either.
  KeyPairGenerator(const char* algorithm, const char* group);

  PkeyPtr Generate();

 private:
  PkeyCtxPtr ctx_;
};

// Signature parameters beyond the key and digest. The defaults are OpenSSL's defaults.
struct SignatureOptions {
  // RFC 6979 nonces (ECDSA, DSA): OpenSSL 3.2 and later.
  bool deterministic_nonce = false;
  // The EdDSA instance ("Ed25519ctx", "Ed25519ph", "Ed448ph"); empty for the key's plain one.
  // OpenSSL 3.2 and later.
  std::string instance;
  // The context string, at most 255 bytes: EdDSA's (only with `instance`), or ML-DSA's and
  // SLH-DSA's (FIPS 204 and 205), where no context means the empty one.
  std::vector<uint8_t> context;
  // ML-DSA's and SLH-DSA's deterministic variant (no fresh randomness): OpenSSL 3.5.
  bool deterministic_signature = false;
  // RSA: PSS padding instead of PKCS #1 v1.5, with a salt of exactly `pss_salt_length` bytes and
  // MGF1 over `pss_mgf1` (null for the signature's own digest).
  bool rsa_pss = false;
  int pss_salt_length = 0;
  const EVP_MD* pss_mgf1 = nullptr;
};

// True if the loaded OpenSSL's signature algorithm `algorithm` ("ECDSA", "ED25519") accepts the
// context parameter `param` ("nonce-type", "instance"), so callers can offer a variant only where
// OpenSSL honours it rather than silently ignoring the parameter.
bool SignatureAcceptsParam(const char* algorithm, const char* param);

// Signs or verifies with a digest and a key (ECDSA, EdDSA, RSA) through EVP_DigestSign. The
// signer holds its own reference to the key.
class DigestSigner {
 public:
  // `md` is null for algorithms that hash internally (EdDSA). Starts a message. Throws
  // kInvalidParameter if OpenSSL refuses `options`.
  DigestSigner(EVP_PKEY* key, const EVP_MD* md, bool sign, SignatureOptions options = {});

  // Streams part of the message. EdDSA cannot stream: it takes the whole message at Sign/Verify.
  void Update(std::span<const uint8_t> data);
  // The upper bound on a signature's length.
  size_t MaxSignatureSize() const noexcept { return max_size_; }
  // Signs the message so far followed by `tail`, writes the signature to `out`
  // (MaxSignatureSize() bytes) and returns its length. Starts a new message.
  size_t Sign(std::span<const uint8_t> tail, uint8_t* out);
  // Returns 1 if `signature` is valid for the message so far followed by `tail`, 0 if it is not,
  // and -1 if it is malformed. Starts a new message.
  int Verify(std::span<const uint8_t> tail, std::span<const uint8_t> signature);

 private:
  void Start();
  void EnsureStarted();
  void ApplyOptions(EVP_PKEY_CTX* pctx);
  void ApplyPss(EVP_PKEY_CTX* pctx);

  MdCtxPtr ctx_;
  PkeyPtr key_;
  const EVP_MD* md_;
  bool sign_;
  bool started_ = false;
  bool streamed_ = false;
  size_t max_size_;
  SignatureOptions options_;
};

// Signs a precomputed digest (NONEwithECDSA). Returns the signature's length in `out`
// (EVP_PKEY_get_size(key) bytes).
size_t SignDigest(EVP_PKEY* key, std::span<const uint8_t> digest, uint8_t* out);

// As DigestSigner::Verify, for a precomputed digest.
int VerifyDigest(EVP_PKEY* key, std::span<const uint8_t> digest,
                 std::span<const uint8_t> signature);

// Derives the shared secret of `key` and `peer` (ECDH, X25519, X448). OpenSSL validates the
// peer as SunEC does: a point off the curve or of another curve throws kInvalidKey.
SecretBuffer DeriveSecret(EVP_PKEY* key, EVP_PKEY* peer);

}  // namespace carbide
