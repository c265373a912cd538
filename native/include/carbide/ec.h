// Elliptic-curve keys over the NIST prime curves, built from and taken apart into the components
// that java.security.interfaces.ECKey exposes.
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "carbide/owned.h"
#include "carbide/pkey.h"

namespace carbide {

// Builds an EC key on curve `group` (OpenSSL's name, for example "prime256v1") from an encoded
// public point (SEC 1, any form) or a private scalar (big-endian), or both; either may be empty.
// A private key without its point gets the point computed. Throws kInvalidKey if the point is not
// on the curve or the scalar is out of range.
PkeyPtr EcKeyFromComponents(const std::string& group, std::span<const uint8_t> point,
                            std::span<const uint8_t> scalar);

// The key's public point, uncompressed (0x04 || x || y).
std::vector<uint8_t> EcPublicPoint(const EVP_PKEY* key);

// The key's private scalar, big-endian, left-padded to `size` bytes.
SecretBuffer EcPrivateScalar(const EVP_PKEY* key, size_t size);

// OpenSSL's name for the key's curve. Throws kInvalidKey if the key carries explicit curve
// parameters instead of a curve name.
std::string EcGroupName(const EVP_PKEY* key);

}  // namespace carbide
