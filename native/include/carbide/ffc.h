// Finite-field keys: DH and DSA share OpenSSL's FFC domain model (prime p, subgroup order q,
// generator g), so both families build and take apart their keys with these functions. Numbers
// are unsigned big-endian.
#pragma once

#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>

#include <cstdint>
#include <span>
#include <vector>

#include "carbide/error.h"
#include "carbide/owned.h"
#include "carbide/pkey.h"

namespace carbide {

using BnPtr = Owned<BIGNUM, BN_clear_free>;
using ParamBldPtr = Owned<OSSL_PARAM_BLD, OSSL_PARAM_BLD_free>;

// OpenSSL refuses DH and DSA primes above 10000 bits; so does every FFC function here.
constexpr size_t kMaxFfcBytes = 10000 / 8;

// `bytes` as a BIGNUM, in secure memory if `secret`. Throws `kind` if it is above kMaxFfcBytes.
BnPtr FfcNumber(std::span<const uint8_t> bytes, bool secret, ErrorKind kind);

// True if 2 <= value <= p - 2.
bool FfcInOpenRange(const BIGNUM* value, const BIGNUM* p);

// Pushes `value` under OpenSSL parameter `name` ("p", "pub", ...) onto `build`. The builder keeps
// the pointer, not a copy: `value` must live until the parameters are built.
void FfcPush(OSSL_PARAM_BLD* build, const char* name, const BIGNUM* value);

// A key of OpenSSL type `type` ("DH", "DSA") from the parameters in `build`, in the library
// context of the mode in use; `selection` is EVP_PKEY_KEYPAIR, EVP_PKEY_PUBLIC_KEY or
// EVP_PKEY_KEY_PARAMETERS. Throws `kind` with OpenSSL's reason if OpenSSL refuses them.
PkeyPtr FfcFromData(const char* type, OSSL_PARAM_BLD* build, int selection, ErrorKind kind);

// A key-generation context over the domain parameters of `domain`. Throws kInvalidParameter if
// OpenSSL refuses them.
PkeyCtxPtr FfcKeygenContext(EVP_PKEY* domain);

// A component of `key` by OpenSSL's parameter name ("p", "q", "g", "pub"). Throws kInvalidKey if
// the key lacks it.
std::vector<uint8_t> FfcComponent(const EVP_PKEY* key, const char* name);

// The private value, without leading zeros. Throws kInvalidKey if the key has none.
SecretBuffer FfcPrivateValue(const EVP_PKEY* key);

}  // namespace carbide
