// DSA keys (FIPS 186-4), built from and taken apart into the components that
// java.security.interfaces.DSAKey exposes, and DSA domain parameter generation. Components are
// read with FfcComponent and FfcPrivateValue (carbide/ffc.h); signing goes through the shared
// DigestSigner (carbide/pkey.h). Numbers are unsigned big-endian.
#pragma once

#include <openssl/evp.h>

#include <cstdint>
#include <span>

#include "carbide/ffc.h"
#include "carbide/owned.h"
#include "carbide/pkey.h"

namespace carbide {

// The domain parameters of a DSA key, as DSAParameterSpec holds them.
struct DsaParameters {
  std::span<const uint8_t> p;
  std::span<const uint8_t> q;
  std::span<const uint8_t> g;
};

// Builds a DSA key from public value y, private value x, or both; either may be empty, not both.
// A private key without y gets y = g^x mod p. Throws kInvalidKey if p is not odd and above 2, q is
// not in [2, p), g or y is not in [2, p - 2], or x is not in [1, q).
PkeyPtr DsaKeyFromComponents(const DsaParameters& params, std::span<const uint8_t> y,
                             std::span<const uint8_t> x);

// Generates DSA key pairs over one set of domain parameters: x uniform in [1, q) from the DRBG
// of the mode's library context, and y = g^x mod p in constant time, with p's Montgomery form made
// once. That is one modular exponentiation per pair. OpenSSL's own key generation
// (EVP_PKEY_keygen) makes two, since it checks that g has order q (g^q mod p = 1) again for every
// pair; here that check runs once, when the generator is made.
class DsaKeyPairGenerator {
 public:
  // Throws kInvalidParameter if p, q or g is out of range, or g^q mod p is not 1.
  explicit DsaKeyPairGenerator(const DsaParameters& params);
  // A new key pair: one key holding x and y over the parameters.
  PkeyPtr Generate();

 private:
  BnPtr p_;
  BnPtr q_;
  BnPtr g_;
  BnPtr q_minus_one_;
  Owned<BN_MONT_CTX, BN_MONT_CTX_free> mont_p_;
};

// Generates fresh FIPS 186-4 domain parameters for OpenSSL key type `type` ("DSA", or "DH" for
// DH parameters with a prime-order subgroup): a `p_bits` prime with a `q_bits` subgroup. Returns a
// parameters-only key. Throws kInvalidParameter if OpenSSL refuses the sizes.
PkeyPtr GenerateFfcParameters(const char* type, int p_bits, int q_bits);

}  // namespace carbide
