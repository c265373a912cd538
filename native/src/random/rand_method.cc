// The RAND_METHOD API is deprecated in OpenSSL 3 but exported by every 3.x libcrypto that was not
// built without it, and RAND_bytes_ex still consults it; the macros must precede every OpenSSL
// header, so they come before our own.
#undef OPENSSL_NO_DEPRECATED
#define OPENSSL_SUPPRESS_DEPRECATED
// clang-format off
#include "rand_method.h"
// clang-format on

#include <openssl/rand.h>

namespace carbide::random::internal {

bool LegacyMethodInstalled() noexcept {
  // The same test as RAND_bytes_ex's own: a null method (OpenSSL failed to set up its lock)
  // leaves the request to the DRBG, which then reports any failure itself.
  const RAND_METHOD* method = RAND_get_rand_method();
  return method != nullptr && method != RAND_OpenSSL();
}

}  // namespace carbide::random::internal
