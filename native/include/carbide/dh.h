// Finite-field Diffie-Hellman keys (PKCS #3, OpenSSL's "DH" type), built from and taken apart into
// the components that javax.crypto.interfaces.DHKey exposes. Numbers are unsigned big-endian.
#pragma once

#include <openssl/evp.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "carbide/owned.h"
#include "carbide/pkey.h"

namespace carbide {

// The domain parameters of a DH key: prime p, generator g, and the private value's length in bits
// (0 when unspecified), as DHParameterSpec holds them.
struct DhParameters {
  std::span<const uint8_t> p;
  std::span<const uint8_t> g;
  int private_bits = 0;
};

// Builds a DH key from public value y, private value x, or both; either may be empty, not both. A
// private key without y gets y = g^x mod p. Throws kInvalidKey if p is not odd and above 2, g is
// not in [2, p - 2], x is not in [1, p - 1), or y is not in [2, p - 2].
PkeyPtr DhKeyFromComponents(const DhParameters& params, std::span<const uint8_t> y,
                            std::span<const uint8_t> x);

// Generates DH key pairs over one set of domain parameters, with the context set up once.
class DhKeyPairGenerator {
 public:
  // Throws kInvalidParameter if OpenSSL refuses the parameters.
  explicit DhKeyPairGenerator(const DhParameters& params);
  PkeyPtr Generate();

 private:
  PkeyCtxPtr ctx_;
};

// The components of a DH key are read with FfcComponent and FfcPrivateValue (carbide/ffc.h).

// The private value length in bits that the key's parameters carry, 0 if none.
int DhPrivateBits(const EVP_PKEY* key);

// Throws kInvalidKey unless the public value of `peer` lies in its group's prime-order subgroup,
// where that order is known: for the RFC 7919 and RFC 3526 groups (safe primes p = 2q + 1, which
// OpenSSL recognises by p and g) by the Legendre symbol of y, which costs far less than y^q; for
// other keys that carry q by OpenSSL's full public-key check (y^q mod p = 1). Without q there is
// nothing to check beyond the range [2, p - 2] that DhKeyFromComponents enforces.
void DhCheckPeerSubgroup(const EVP_PKEY* peer);

// OpenSSL's name for the key's group ("ffdhe2048", "modp_2048", ...), empty if it is none of the
// named groups.
std::string DhGroupName(const EVP_PKEY* key);

}  // namespace carbide
