// HKDF through OpenSSL's EVP_KDF "HKDF", for digests of a provider other than OpenSSL's default
// one: a FIPS module then runs HKDF itself.
#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "carbide/cleanse.h"
#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/owned.h"
#include "hkdf_backend.h"

namespace carbide {
namespace {

// OSSL_PARAM_get_octet_string refuses a null pointer even for zero bytes, so empty inputs point
// here. An empty salt is sent as HashLen zeros (the same HMAC key): OpenSSL 3.0 skips an empty
// salt parameter, which on a reused context would leave the previous salt in place.
const uint8_t kZeros[EVP_MAX_MD_SIZE] = {};

// The info lengths OpenSSL releases accept, largest first (see Hkdf::max_info_size).
constexpr size_t kInfoSizeLimits[] = {size_t{32} * 1024, 1024};

OSSL_PARAM OctetParam(const char* key, std::span<const uint8_t> bytes) {
  const uint8_t* data = bytes.empty() ? kZeros : bytes.data();
  // OSSL_PARAM's pointer is not const, but setting a parameter only reads through it.
  return OSSL_PARAM_construct_octet_string(key, const_cast<uint8_t*>(data), bytes.size());
}

int OpensslMode(HkdfMode mode) {
  switch (mode) {
    case HkdfMode::kExtract:
      return EVP_KDF_HKDF_MODE_EXTRACT_ONLY;
    case HkdfMode::kExpand:
      return EVP_KDF_HKDF_MODE_EXPAND_ONLY;
    case HkdfMode::kExtractThenExpand:
      return EVP_KDF_HKDF_MODE_EXTRACT_AND_EXPAND;
  }
  throw Error(ErrorKind::kInvalidParameter, "unknown HKDF mode");
}

const EVP_KDF* RequireHkdf() {
  const EVP_KDF* kdf = FindKdf("HKDF");
  if (kdf == nullptr) {
    throw Error(ErrorKind::kProvider, "the loaded OpenSSL offers no HKDF");
  }
  return kdf;
}

// Each derivation borrows a pooled context that already has its digest set, which saves OpenSSL
// a fetch by name (about a third of an HKDF-Expand) and an allocation.
class EvpKdfHkdf final : public HkdfBackend {
 public:
  explicit EvpKdfHkdf(const EVP_MD* md)
      : kdf_(RequireHkdf()),
        digest_name_(EVP_MD_get0_name(md)),
        hash_size_(static_cast<size_t>(EVP_MD_get_size(md))),
        max_info_size_(ProbeMaxInfoSize()) {}

  size_t max_info_size() const noexcept override { return max_info_size_; }

  void Derive(HkdfMode mode, const HkdfInput& input, std::span<uint8_t> out) const override {
    KdfCtxPtr ctx = contexts_.Take();
    if (ctx == nullptr) {
      ctx = NewContext();
    }
    Derive(ctx.get(), mode, input, out);
    // Replacing the key makes OpenSSL cleanse and free its copy, so no secret waits in an idle
    // context. (The info is not secret, and OpenSSL frees the salt without cleansing it anyway.)
    // A context that cannot be scrubbed is freed instead.
    const OSSL_PARAM scrub[] = {OctetParam(OSSL_KDF_PARAM_KEY, {}), OSSL_PARAM_construct_end()};
    if (EVP_KDF_CTX_set_params(ctx.get(), scrub) != 1) {
      ClearOpensslErrors();
      return;
    }
    contexts_.Put(std::move(ctx));
  }

 private:
  void SetDigest(EVP_KDF_CTX* ctx) const {
    const OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST,
                                         const_cast<char*>(digest_name_.c_str()), 0),
        OSSL_PARAM_construct_end(),
    };
    CheckOpenssl(EVP_KDF_CTX_set_params(ctx, params), "HKDF digest");
  }

  KdfCtxPtr NewContext() const {
    KdfCtxPtr ctx(CheckNotNull(EVP_KDF_CTX_new(const_cast<EVP_KDF*>(kdf_)), "EVP_KDF_CTX_new"));
    SetDigest(ctx.get());
    return ctx;
  }

  // Also proves that HKDF takes the digest: the constructor throws if it does not.
  size_t ProbeMaxInfoSize() const {
    KdfCtxPtr ctx = NewContext();
    std::vector<uint8_t> info(kInfoSizeLimits[0]);
    for (size_t limit : kInfoSizeLimits) {
      const OSSL_PARAM params[] = {OctetParam(OSSL_KDF_PARAM_INFO, {info.data(), limit}),
                                   OSSL_PARAM_construct_end()};
      if (EVP_KDF_CTX_set_params(ctx.get(), params) == 1) {
        return limit;
      }
      ClearOpensslErrors();
    }
    throw Error(ErrorKind::kProvider, "HKDF refuses an info of 1024 bytes");
  }

  void Derive(EVP_KDF_CTX* ctx, HkdfMode mode, const HkdfInput& input,
              std::span<uint8_t> out) const {
    int openssl_mode = OpensslMode(mode);
    // Every input this mode reads is set on every call, so nothing of an earlier call survives.
    OSSL_PARAM params[5];
    OSSL_PARAM* p = params;
    *p++ = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_MODE, &openssl_mode);
    *p++ = OctetParam(OSSL_KDF_PARAM_KEY, input.key);
    if (mode != HkdfMode::kExpand) {
      *p++ = OctetParam(OSSL_KDF_PARAM_SALT, input.salt.empty()
                                                 ? std::span<const uint8_t>(kZeros, hash_size_)
                                                 : input.salt);
    }
    if (mode != HkdfMode::kExtract) {
      if (!input.info.empty()) {
        *p++ = OctetParam(OSSL_KDF_PARAM_INFO, input.info);
      } else {
        // An empty info parameter on a context that held an info crashes OpenSSL 3.0.19 (a read
        // at address 0 in the expand step). A reset context has no info, which is the same.
        EVP_KDF_CTX_reset(ctx);
        SetDigest(ctx);
      }
    }
    *p = OSSL_PARAM_construct_end();
    CheckOpenssl(EVP_KDF_derive(ctx, out.data(), out.size(), params), "HKDF derive");
  }

  const EVP_KDF* kdf_;
  std::string digest_name_;
  size_t hash_size_;
  size_t max_info_size_;
  mutable IdlePool<KdfCtxPtr> contexts_;
};

}  // namespace

std::unique_ptr<const HkdfBackend> NewEvpKdfHkdf(const EVP_MD* md) {
  return std::make_unique<EvpKdfHkdf>(md);
}

}  // namespace carbide
