// What Carbide checks in key encodings beyond OpenSSL's parsing, so that no OpenSSL version accepts
// an encoding SunEC refuses or reads a key other than the one encoded. Each function runs after
// OpenSSL has parsed the encoding, and throws kInvalidKey.
#pragma once

#include <openssl/evp.h>

#include <cstdint>
#include <span>

namespace carbide::key_encoding {

// An X.509 SubjectPublicKeyInfo: DER throughout, and a BIT STRING of whole bytes.
void CheckSubjectPublicKeyInfo(std::span<const uint8_t> der);

// A PKCS#8 PrivateKeyInfo: DER throughout (the private key inside too), version 0 or 1, and for
// an EC key an ECPrivateKey of version 1.
void CheckPrivateKeyInfo(std::span<const uint8_t> der);

// A key OpenSSL decoded from PKCS#8: an EC key's scalar lies in [1, order) and the public point it
// carries is the scalar's.
void CheckDecodedPrivateKey(EVP_PKEY* key);

}  // namespace carbide::key_encoding
