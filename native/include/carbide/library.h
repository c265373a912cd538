// Facts about the libcrypto that the process loaded, and the algorithm cache.
#pragma once

#include <openssl/evp.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace carbide {

// OpenSSL's version text, for example "OpenSSL 3.5.7 10 Nov 2026".
std::string OpensslVersion();

// True if the engine's library context (below) demands the FIPS provider by default: Carbide's
// FIPS mode, or a libcrypto whose own configuration turns FIPS on.
bool FipsEnabled();

// The library context that every fetch, key decoding, key creation and random number of the engine
// uses: nullptr (OpenSSL's default context) unless EnableFips succeeded, then Carbide's FIPS
// context. Engine code passes it to every *_fetch, *_new_from_name, d2i_*_ex and RAND_*_ex call and
// never relies on an implicit default, so that nothing falls back to a non-FIPS implementation.
OSSL_LIB_CTX* LibraryContext();

// For a second library of Carbide that links its own copy of this code (libcarbide-ssl.so, the TLS
// engine): makes `context`, the one EnableFips made in libcarbide.so (which shares this process's
// libcrypto), this copy's LibraryContext() too, so that the engine's SSL_CTXs and key decoding run
// in the same FIPS context. Not owned: libcarbide.so never frees it. Call once, before any fetch;
// throws Error if this copy already has another context.
void AdoptLibraryContext(OSSL_LIB_CTX* context);

// Creates Carbide's own library context from the OpenSSL configuration file `config` (which loads
// and activates only the `fips` and `base` providers and sets `fips=yes` as the default property
// query) with `module_dir` as the module search path (empty: libcrypto's own MODULESDIR), checks
// that the FIPS provider is active there (its load runs its power-up self-tests and integrity
// check) and makes it LibraryContext(). Call once, before any fetch. Throws Error with OpenSSL's
// reason if the module does not load; LibraryContext() then stays nullptr.
void EnableFips(const std::string& config, const std::string& module_dir);

// The FIPS provider's name, version and build text ("OpenSSL FIPS Provider 3.5.7 ..."), or an empty
// string if FIPS mode is off.
std::string FipsModuleDescription();

// The FIPS approval indicator (OpenSSL 3.4 and later; always 0 and empty before): how many
// operations the module ran in FIPS mode that it does not approve (those a check turned off in its
// configuration lets through), and, for the calling thread, the last one ("type: description",
// for instance "HMAC: Key size") or an empty string, which TakeUnapproved also clears.
uint64_t UnapprovedCount();
std::string TakeUnapproved();

// Returns the digest called `name` (an OpenSSL name such as "SHA2-256"), fetched once from
// LibraryContext() and kept for the life of the process, or nullptr if the loaded OpenSSL
// does not offer it. Thread-safe. The caller must not free the result.
const EVP_MD* FindDigest(std::string_view name);

// As FindDigest, for MACs ("HMAC"), KDFs ("HKDF") and ciphers ("AES-128-GCM").
const EVP_MAC* FindMac(std::string_view name);
const EVP_KDF* FindKdf(std::string_view name);
const EVP_CIPHER* FindCipher(std::string_view name);

}  // namespace carbide
