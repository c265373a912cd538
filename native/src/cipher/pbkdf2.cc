#include "carbide/pbkdf2.h"

#include <openssl/evp.h>

#include <climits>

#include "carbide/cleanse.h"
#include "carbide/error.h"

namespace carbide {

void Pbkdf2(const EVP_MD* md, std::span<const uint8_t> password, std::span<const uint8_t> salt,
            uint32_t iterations, std::span<uint8_t> out) {
  if (iterations == 0 || iterations > INT_MAX || out.empty() || out.size() > INT_MAX ||
      password.size() > INT_MAX || salt.size() > INT_MAX) {
    throw Error(ErrorKind::kInvalidParameter, "PBKDF2 parameter out of range");
  }
  // OpenSSL wants non-null pointers even for empty inputs.
  static const uint8_t kEmpty[1] = {0};
  const uint8_t* salt_data = salt.empty() ? kEmpty : salt.data();
  const char* pass = reinterpret_cast<const char*>(password.empty() ? kEmpty : password.data());
  // PKCS5_PBKDF2_HMAC runs OpenSSL's "PBKDF2" KDF in PKCS#5 mode, which skips SP 800-132's lower
  // bounds; its fetch per call is noise beside the iterations.
  if (PKCS5_PBKDF2_HMAC(pass, static_cast<int>(password.size()), salt_data,
                        static_cast<int>(salt.size()), static_cast<int>(iterations), md,
                        static_cast<int>(out.size()), out.data()) != 1) {
    Cleanse(out.data(), out.size());
    ThrowOpensslError("PKCS5_PBKDF2_HMAC");
  }
}

}  // namespace carbide
