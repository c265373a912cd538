// Key encapsulation (ML-KEM and the hybrid KEMs of OpenSSL 3.5) through the generic EVP_PKEY
// calls of OpenSSL 3.0, by algorithm name, so the engine needs no function newer than 3.0.
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "carbide/owned.h"
#include "carbide/pkey.h"

namespace carbide {

// True if the loaded OpenSSL has key management for `name` ("ML-KEM-768", "X25519MLKEM768",
// "ML-DSA-65", "SLH-DSA-SHA2-128f"). On OpenSSL 3.0 the post-quantum names are simply absent.
bool KeyTypeAvailable(const char* name);

// KeyTypeAvailable for a post-quantum or hybrid key type, which also needs the libcrypto itself to
// be OpenSSL 3.5 or later: an older libcrypto may load a 3.5 FIPS module whose key management
// offers the type (a distribution's 3.0 with a newer module, in FIPS mode), but it lacks the type's
// encoders, decoders and message-signing calls, so its keys could not be read or used.
bool PostQuantumKeyTypeAvailable(const char* name);

// The public key as the key share of the TLS hybrid design (the classical share and the ML-KEM
// encapsulation key, in the draft's order), which is also what EVP_PKEY_new_raw_public_key_ex
// reads back. The NIST-curve hybrids have no raw public key, only this encoding.
std::vector<uint8_t> KeyShare(EVP_PKEY* key);

// Encapsulates to, or decapsulates with, one key. The OpenSSL context is initialised once and
// reused for every operation, as a TLS key share or a KEM.Encapsulator is used. Holds its own
// reference to the key. Not thread-safe: one per engine.
class Kem {
 public:
  // `encapsulate` selects the direction; decapsulation needs a private key. Throws kInvalidKey if
  // the key cannot be used that way.
  Kem(EVP_PKEY* key, bool encapsulate);

  size_t CiphertextSize() const noexcept { return ciphertext_size_; }
  size_t SecretSize() const noexcept { return secret_size_; }

  // Writes a fresh ciphertext (CiphertextSize() bytes) and its shared secret (SecretSize()).
  void Encapsulate(uint8_t* ciphertext, uint8_t* secret);

  // Writes the shared secret (SecretSize() bytes) of `ciphertext`. A ciphertext of the right
  // length always succeeds for ML-KEM, which rejects a malformed one implicitly (FIPS 203), with a
  // pseudo-random secret. Throws kIllegalArgument if the length is wrong, or if a hybrid's
  // classical share is not a valid point (OpenSSL refuses it; ECDH has no implicit rejection).
  void Decapsulate(std::span<const uint8_t> ciphertext, uint8_t* secret);

 private:
  PkeyPtr key_;
  PkeyCtxPtr ctx_;
  bool encapsulate_;
  size_t ciphertext_size_ = 0;
  size_t secret_size_ = 0;
};

}  // namespace carbide
