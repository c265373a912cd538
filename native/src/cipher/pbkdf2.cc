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
#include "carbide/idle_pool.h"
#include "carbide/kdf.h"
#include "carbide/library.h"
#include "carbide/mac.h"

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

// RFC 8018's PBKDF2 written out over carbide::Hmac, for digests of OpenSSL's default provider.
// OpenSSL's own PBKDF2 makes and keys a new HMAC context per derivation (about 1 µs here, so
// SunJCE was faster at one iteration) and copies an HMAC context per iteration; carbide::Hmac
// keeps its pad states (for SHA-1 and SHA-2, as low-level SHA structs, so restarting a message is a
// struct copy), and keyless HMACs wait in a pool between derivations. A FIPS module's digest keeps
// OpenSSL's PBKDF2, which the module validates as a whole.
class ComposedPbkdf2 {
 public:
  // Makes the first HMAC now, which also proves that HMAC takes the digest.
  explicit ComposedPbkdf2(const EVP_MD* md) : md_(md) { hmacs_.Put(std::make_unique<Hmac>(md)); }

  void Derive(std::span<const uint8_t> password, std::span<const uint8_t> salt, uint32_t iterations,
              std::span<uint8_t> out) const {
    std::unique_ptr<Hmac> hmac = hmacs_.Take();
    if (hmac == nullptr) {
      hmac = std::make_unique<Hmac>(md_);
    }
    try {
      Run(*hmac, password, salt, iterations, out);
    } catch (...) {
      Cleanse(out.data(), out.size());
      throw;  // the keyed HMAC is freed, not pooled, and its destructor cleanses the pad states
    }
    // Keyed with the password, the HMAC holds it (its pad states): an empty key replaces them.
    hmac->SetKey(nullptr, 0);
    hmacs_.Put(std::move(hmac));
  }

 private:
  // A stack buffer for one HMAC output, cleansed however its scope ends.
  struct SecretBlock {
    uint8_t bytes[kMaxMacSize];
    ~SecretBlock() { Cleanse(bytes, sizeof(bytes)); }
  };

  // T_i = U_1 ^ ... ^ U_c with U_1 = PRF(P, S || INT(i)), U_j = PRF(P, U_{j-1}), and the output
  // the first dkLen bytes of T_1 || T_2 || ...
  static void Run(Hmac& hmac, std::span<const uint8_t> password, std::span<const uint8_t> salt,
                  uint32_t iterations, std::span<uint8_t> out) {
    hmac.SetKey(password.data(), password.size());
    const size_t block_size = hmac.size();
    SecretBlock u;
    SecretBlock t;
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

  const EVP_MD* md_;
  mutable IdlePool<std::unique_ptr<Hmac>> hmacs_;
};

// The composed PBKDF2 over `md`, made at the digest's first use and kept for the life of the
// process, as the templates above.
const ComposedPbkdf2& ComposedFor(const EVP_MD* md) {
  static std::mutex mutex;
  static auto* composed = new std::map<const EVP_MD*, std::unique_ptr<const ComposedPbkdf2>>();
  std::lock_guard<std::mutex> lock(mutex);
  auto found = composed->find(md);
  if (found == composed->end()) {
    found = composed->emplace(md, std::make_unique<const ComposedPbkdf2>(md)).first;
  }
  return *found->second;
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
    ComposedFor(md).Derive(password, salt, iterations, out);
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
