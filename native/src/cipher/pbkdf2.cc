#include "carbide/pbkdf2.h"

#include <openssl/evp.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string_view>

#include "carbide/cleanse.h"
#include "carbide/error.h"
#include "carbide/evp_kdf.h"
#include "carbide/hmac_pool.h"
#include "carbide/kdf.h"
#include "carbide/library.h"
#include "carbide/mac.h"

namespace carbide {
namespace {

// An object made by `make(md)` at the digest's first use and kept for the life of the process
// (never destroyed: derivations may still run while the process exits), one map per type.
template <typename T, typename Make>
const T& KeptPerDigest(const EVP_MD* md, Make make) {
  static std::mutex mutex;
  static auto* kept = new std::map<const EVP_MD*, std::unique_ptr<const T>>();
  std::lock_guard<std::mutex> lock(mutex);
  auto found = kept->find(md);
  if (found == kept->end()) {
    found = kept->emplace(md, make(md)).first;
  }
  return *found->second;
}

// OpenSSL's "PBKDF2" KDF over `md`, from the engine's library context (PKCS5_PBKDF2_HMAC would
// fetch it from the default one), as a template kept per digest: its prototype holds the digest,
// so a derivation does not fetch it by name (a locked lookup that cost a one-iteration derivation
// more than the derivation itself). PKCS#5 mode skips SP 800-132's lower bounds, as the JCA has
// none; in FIPS mode they stay on, so the FIPS provider itself refuses a short salt or key or too
// few iterations (the provider checks them in Java first, to say why).
const KdfTemplate& TemplateFor(const EVP_MD* md) {
  return KeptPerDigest<KdfTemplate>(md, [](const EVP_MD* digest) {
    const EVP_KDF* kdf = FindKdf("PBKDF2");
    if (kdf == nullptr) {
      throw Error(ErrorKind::kProvider, "PBKDF2 is not available");
    }
    std::string_view name = EVP_MD_get0_name(digest);
    const KdfParam fixed[] = {
        {KdfParamId::kDigest, {reinterpret_cast<const uint8_t*>(name.data()), name.size()}},
        {KdfParamId::kPkcs5, {}, LibraryContext() == nullptr ? 1u : 0u}};
    return std::make_unique<const KdfTemplate>(kdf, fixed);
  });
}

// RFC 8018's PBKDF2 written out over carbide::Hmac, for digests of OpenSSL's default provider.
// OpenSSL's own PBKDF2 makes and keys a new HMAC context per derivation (about 1 µs here, so
// SunJCE was faster at one iteration) and copies an HMAC context per iteration; carbide::Hmac
// keeps its pad states (for SHA-1 and SHA-2, as low-level SHA structs, so restarting a message is a
// struct copy), and keyless HMACs wait in a pool per digest between derivations. A FIPS module's
// digest keeps OpenSSL's PBKDF2, which the module validates as a whole.
//
// T_i = U_1 ^ ... ^ U_c with U_1 = PRF(P, S || INT(i)), U_j = PRF(P, U_{j-1}), and the output
// the first dkLen bytes of T_1 || T_2 || ...
void ComposedPbkdf2(Hmac& hmac, std::span<const uint8_t> password, std::span<const uint8_t> salt,
                    uint32_t iterations, std::span<uint8_t> out) {
  hmac.SetKey(password.data(), password.size());
  const size_t block_size = hmac.size();
  SecretMacBlock u;
  SecretMacBlock t;
  size_t done = 0;
  for (uint32_t index = 1; done < out.size(); ++index) {
    const uint8_t big_endian[4] = {static_cast<uint8_t>(index >> 24),
                                   static_cast<uint8_t>(index >> 16),
                                   static_cast<uint8_t>(index >> 8), static_cast<uint8_t>(index)};
    hmac.Update(salt.data(), salt.size());
    hmac.Update(big_endian, sizeof(big_endian));
    hmac.Finish(u.bytes);  // and starts the next message under the same key
    std::memcpy(t.bytes, u.bytes, block_size);
    for (uint32_t round = 1; round < iterations; ++round) {
      hmac.Update(u.bytes, block_size);
      hmac.Finish(u.bytes);
      for (size_t k = 0; k < block_size; ++k) {
        t.bytes[k] ^= u.bytes[k];
      }
    }
    const size_t take = std::min(block_size, out.size() - done);
    std::memcpy(out.data() + done, t.bytes, take);
    done += take;
  }
}

}  // namespace

void Pbkdf2(const EVP_MD* md, std::span<const uint8_t> password, std::span<const uint8_t> salt,
            uint32_t iterations, std::span<uint8_t> out) {
  if (iterations == 0 || iterations > INT_MAX || out.empty() || out.size() > INT_MAX ||
      password.size() > INT_MAX || salt.size() > INT_MAX) {
    throw Error(ErrorKind::kInvalidParameter, "PBKDF2 parameter out of range");
  }
  // HKDF's rule: composed over the default provider's digests, OpenSSL's KDF for a FIPS module's.
  if (Hkdf::ChoosePath(md) == Hkdf::Path::kComposed) {
    const HmacPool& hmacs = KeptPerDigest<HmacPool>(
        md, [](const EVP_MD* digest) { return std::make_unique<const HmacPool>(digest); });
    try {
      hmacs.With([&](Hmac& hmac) { ComposedPbkdf2(hmac, password, salt, iterations, out); });
    } catch (...) {
      Cleanse(out.data(), out.size());
      throw;
    }
    return;
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
