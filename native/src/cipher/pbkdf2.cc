#include "carbide/pbkdf2.h"

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <climits>

#include "carbide/cleanse.h"
#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/owned.h"

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
  // OpenSSL's "PBKDF2" KDF from the engine's library context (PKCS5_PBKDF2_HMAC would fetch it
  // from the default one). PKCS#5 mode skips SP 800-132's lower bounds, as the JCA has none; in
  // FIPS mode they stay on, so the FIPS provider itself refuses a short salt or key or too few
  // iterations (the provider checks them in Java first, to say why).
  const EVP_KDF* kdf = FindKdf("PBKDF2");
  if (kdf == nullptr) {
    throw Error(ErrorKind::kProvider, "PBKDF2 is not available");
  }
  KdfCtxPtr ctx(CheckNotNull(EVP_KDF_CTX_new(const_cast<EVP_KDF*>(kdf)), "EVP_KDF_CTX_new"));
  int pkcs5 = LibraryContext() == nullptr ? 1 : 0;
  OSSL_PARAM params[] = {OSSL_PARAM_construct_octet_string(
                             OSSL_KDF_PARAM_PASSWORD, const_cast<char*>(pass), password.size()),
                         OSSL_PARAM_construct_octet_string(
                             OSSL_KDF_PARAM_SALT, const_cast<uint8_t*>(salt_data), salt.size()),
                         OSSL_PARAM_construct_uint32(OSSL_KDF_PARAM_ITER, &iterations),
                         OSSL_PARAM_construct_utf8_string(
                             OSSL_KDF_PARAM_DIGEST, const_cast<char*>(EVP_MD_get0_name(md)), 0),
                         OSSL_PARAM_construct_int(OSSL_KDF_PARAM_PKCS5, &pkcs5),
                         OSSL_PARAM_construct_end()};
  if (EVP_KDF_derive(ctx.get(), out.data(), out.size(), params) != 1) {
    Cleanse(out.data(), out.size());
    ThrowOpensslError("PBKDF2", LibraryContext() == nullptr ? ErrorKind::kProvider
                                                            : ErrorKind::kInvalidParameter);
  }
}

}  // namespace carbide
