// Facts about the libcrypto that the process loaded, and the algorithm cache.
#pragma once

#include <openssl/evp.h>

#include <string>
#include <string_view>

namespace carbide {

// OpenSSL's version text, for example "OpenSSL 3.5.7 10 Nov 2026".
std::string OpensslVersion();

// True if the default library context's default properties demand the FIPS provider.
bool FipsEnabled();

// Returns the digest called `name` (an OpenSSL name such as "SHA2-256"), fetched once from the
// default library context and kept for the life of the process, or nullptr if the loaded OpenSSL
// does not offer it. Thread-safe. The caller must not free the result.
const EVP_MD* FindDigest(std::string_view name);

// As FindDigest, for MACs ("HMAC"), KDFs ("HKDF") and ciphers ("AES-128-GCM").
const EVP_MAC* FindMac(std::string_view name);
const EVP_KDF* FindKdf(std::string_view name);
const EVP_CIPHER* FindCipher(std::string_view name);

}  // namespace carbide
