// PBKDF2 (RFC 8018, section 5.2) with HMAC, the password-based key derivation behind the JCA's
// PBKDF2WithHmacSHA* SecretKeyFactories.
#pragma once

#include <openssl/evp.h>

#include <cstdint>
#include <span>

namespace carbide {

// Fills `out` (1 byte or more) with PBKDF2-HMAC over digest `md` (from FindDigest, non-null) of
// `password` and `salt` with `iterations` rounds. Either span may be empty. OpenSSL's SP 800-132
// lower bounds are not applied (the JCA has none), except in FIPS mode, where OpenSSL's refusal is
// an Error(kInvalidParameter). Throws Error(kInvalidParameter) if `iterations`
// is 0 or `out` is empty, and Error(kProvider) if OpenSSL fails, in which case `out` is cleansed.
void Pbkdf2(const EVP_MD* md, std::span<const uint8_t> password, std::span<const uint8_t> salt,
            uint32_t iterations, std::span<uint8_t> out);

}  // namespace carbide
