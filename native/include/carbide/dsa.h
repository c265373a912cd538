// DSA keys (FIPS 186-4), built from and taken apart into the components that
// java.security.interfaces.DSAKey exposes, and DSA domain parameter generation. Components are
// read with FfcComponent and FfcPrivateValue (carbide/ffc.h); signing goes through the shared
// DigestSigner (carbide/pkey.h). Numbers are unsigned big-endian.
#pragma once

#include <openssl/evp.h>

#include <cstdint>
#include <span>

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

// Generates DSA key pairs over one set of domain parameters, with the context set up once.
class DsaKeyPairGenerator {
 public:
  // Throws kInvalidParameter if the parameters are out of range or OpenSSL refuses them.
  explicit DsaKeyPairGenerator(const DsaParameters& params);
  PkeyPtr Generate();

 private:
  PkeyCtxPtr ctx_;
};

// Generates fresh FIPS 186-4 domain parameters for OpenSSL key type `type` ("DSA", or "DH" for
// DH parameters with a prime-order subgroup): a `p_bits` prime with a `q_bits` subgroup. Returns a
// parameters-only key. Throws kInvalidParameter if OpenSSL refuses the sizes.
PkeyPtr GenerateFfcParameters(const char* type, int p_bits, int q_bits);

}  // namespace carbide
