#include "carbide/pbkdf2.h"

#include <openssl/evp.h>

#include <climits>
#include <map>
#include <memory>
#include <mutex>
#include <string_view>

#include "carbide/error.h"
#include "carbide/evp_kdf.h"
#include "carbide/library.h"

namespace carbide {
namespace {

// OpenSSL's "PBKDF2" KDF over `md`, from the engine's library context (PKCS5_PBKDF2_HMAC would
// fetch it from the default one), as a template made at the digest's first use and kept for the
// life of the process: its prototype holds the digest, so a derivation does not fetch it by name
// (a locked lookup that cost a one-iteration derivation more than the derivation itself). PKCS#5
// mode skips SP 800-132's lower bounds, as the JCA has none; in FIPS mode they stay on, so the FIPS
// provider itself refuses a short salt or key or too few iterations (the provider checks them in
// Java first, to say why).
const KdfTemplate& TemplateFor(const EVP_MD* md) {
  static std::mutex mutex;
  // Never destroyed: derivations may still run while the process exits.
  static auto* templates = new std::map<const EVP_MD*, std::unique_ptr<const KdfTemplate>>();
  std::lock_guard<std::mutex> lock(mutex);
  auto found = templates->find(md);
  if (found != templates->end()) {
    return *found->second;
  }
  const EVP_KDF* kdf = FindKdf("PBKDF2");
  if (kdf == nullptr) {
    throw Error(ErrorKind::kProvider, "PBKDF2 is not available");
  }
  std::string_view name = EVP_MD_get0_name(md);
  const KdfParam fixed[] = {
      {KdfParamId::kDigest, {reinterpret_cast<const uint8_t*>(name.data()), name.size()}},
      {KdfParamId::kPkcs5, {}, LibraryContext() == nullptr ? 1u : 0u}};
  auto made = std::make_unique<const KdfTemplate>(kdf, fixed);
  const KdfTemplate& result = *made;
  templates->emplace(md, std::move(made));
  return result;
}

}  // namespace

void Pbkdf2(const EVP_MD* md, std::span<const uint8_t> password, std::span<const uint8_t> salt,
            uint32_t iterations, std::span<uint8_t> out) {
  if (iterations == 0 || iterations > INT_MAX || out.empty() || out.size() > INT_MAX ||
      password.size() > INT_MAX || salt.size() > INT_MAX) {
    throw Error(ErrorKind::kInvalidParameter, "PBKDF2 parameter out of range");
  }
  const KdfParam params[] = {{KdfParamId::kPassword, password},
                             {KdfParamId::kSalt, salt},
                             {KdfParamId::kIterations, {}, iterations}};
  try {
    TemplateFor(md).Derive(params, out);  // cleanses `out` if it throws
  } catch (const Error& error) {
    // Outside FIPS mode nothing the caller chose makes OpenSSL refuse, so a refusal is OpenSSL's
    // own failure.
    if (error.kind() == ErrorKind::kInvalidParameter && LibraryContext() == nullptr) {
      throw Error(ErrorKind::kProvider, error.what());
    }
    throw;
  }
}

}  // namespace carbide
