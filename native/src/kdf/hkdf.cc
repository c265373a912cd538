#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "carbide/cleanse.h"
#include "carbide/error.h"
#include "carbide/kdf.h"
#include "carbide/library.h"

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

}  // namespace

Hkdf::Hkdf(const EVP_KDF* kdf, const EVP_MD* md)
    : kdf_(kdf),
      digest_name_(EVP_MD_get0_name(md)),
      hash_size_(static_cast<size_t>(EVP_MD_get_size(md))),
      max_info_size_(ProbeMaxInfoSize()) {}

Hkdf::~Hkdf() {
  for (EVP_KDF_CTX* ctx : idle_) {
    EVP_KDF_CTX_free(ctx);
  }
}

const Hkdf* Hkdf::Find(const EVP_MD* md) {
  static std::mutex mutex;
  // Leaked on purpose, like the fetch cache in library.cc: OpenSSL may be torn down first.
  static auto& cache = *new std::map<const EVP_MD*, std::unique_ptr<Hkdf>>();
  if (md == nullptr) {
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = cache.try_emplace(md);
  if (inserted) {
    const EVP_KDF* kdf = FindKdf("HKDF");
    try {
      it->second = kdf != nullptr ? std::make_unique<Hkdf>(kdf, md) : nullptr;
    } catch (const Error&) {
      ClearOpensslErrors();  // HKDF refusing this digest is an answer: this HKDF is absent.
    }
  }
  return it->second.get();
}

void Hkdf::SetDigest(EVP_KDF_CTX* ctx) const {
  const OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST,
                                       const_cast<char*>(digest_name_.c_str()), 0),
      OSSL_PARAM_construct_end(),
  };
  CheckOpenssl(EVP_KDF_CTX_set_params(ctx, params), "HKDF digest");
}

KdfCtxPtr Hkdf::NewContext() const {
  KdfCtxPtr ctx(CheckNotNull(EVP_KDF_CTX_new(const_cast<EVP_KDF*>(kdf_)), "EVP_KDF_CTX_new"));
  SetDigest(ctx.get());
  return ctx;
}

// Also proves that HKDF takes the digest: the constructor throws if it does not.
size_t Hkdf::ProbeMaxInfoSize() const {
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

KdfCtxPtr Hkdf::Borrow() const {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!idle_.empty()) {
      KdfCtxPtr ctx(idle_.back());
      idle_.pop_back();
      return ctx;
    }
  }
  return NewContext();
}

void Hkdf::Return(KdfCtxPtr ctx) const {
  // Replacing the key makes OpenSSL cleanse and free its copy, so no secret waits in an idle
  // context. (The info is not secret, and OpenSSL frees the salt without cleansing it anyway.)
  // A context that cannot be scrubbed is freed instead.
  const OSSL_PARAM scrub[] = {OctetParam(OSSL_KDF_PARAM_KEY, {}), OSSL_PARAM_construct_end()};
  if (EVP_KDF_CTX_set_params(ctx.get(), scrub) != 1) {
    ClearOpensslErrors();
    return;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  if (idle_.size() < kMaxIdleContexts) {
    idle_.push_back(ctx.release());
  }
}

void Hkdf::Derive(HkdfMode mode, const HkdfInput& input, std::span<uint8_t> out) const {
  KdfCtxPtr ctx = Borrow();
  Derive(ctx.get(), mode, input, out);
  Return(std::move(ctx));
}

void Hkdf::CheckSizes(HkdfMode mode, const HkdfInput& input, size_t out_len) const {
  if (mode == HkdfMode::kExtract) {
    if (out_len != hash_size_) {
      throw Error(ErrorKind::kInvalidParameter,
                  "HKDF-Extract outputs exactly " + std::to_string(hash_size_) + " bytes");
    }
    return;
  }
  if (out_len == 0 || out_len > max_output_size()) {
    throw Error(ErrorKind::kInvalidParameter,
                "HKDF output length must be between 1 and " + std::to_string(max_output_size()));
  }
  if (input.info.size() > max_info_size_) {
    throw Error(ErrorKind::kInvalidParameter,
                "HKDF info longer than " + std::to_string(max_info_size_) + " bytes");
  }
  // RFC 5869 asks for a PRK of at least HashLen bytes; OpenSSL does not check it.
  if (mode == HkdfMode::kExpand && input.key.size() < hash_size_) {
    throw Error(ErrorKind::kInvalidParameter,
                "HKDF PRK must be at least " + std::to_string(hash_size_) + " bytes");
  }
}

void Hkdf::Derive(EVP_KDF_CTX* ctx, HkdfMode mode, const HkdfInput& input,
                  std::span<uint8_t> out) const {
  CheckSizes(mode, input, out.size());
  int openssl_mode = OpensslMode(mode);
  // Every input this mode reads is set on every call, so nothing of an earlier call survives.
  OSSL_PARAM params[5];
  OSSL_PARAM* p = params;
  *p++ = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_MODE, &openssl_mode);
  *p++ = OctetParam(OSSL_KDF_PARAM_KEY, input.key);
  if (mode != HkdfMode::kExpand) {
    *p++ =
        OctetParam(OSSL_KDF_PARAM_SALT,
                   input.salt.empty() ? std::span<const uint8_t>(kZeros, hash_size_) : input.salt);
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
  if (EVP_KDF_derive(ctx, out.data(), out.size(), params) != 1) {
    Cleanse(out.data(), out.size());
    ThrowOpensslError("HKDF derive");
  }
}

}  // namespace carbide
