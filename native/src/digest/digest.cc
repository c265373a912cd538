// The low-level SHA API is deprecated in OpenSSL 3 but exported by every 3.x libcrypto; see the
// class comment in digest.h for why it is used, and only for the default provider. The macros
// must precede every OpenSSL header, so they come before our own.
#undef OPENSSL_NO_DEPRECATED
#define OPENSSL_SUPPRESS_DEPRECATED
// clang-format off
#include "carbide/digest.h"
// clang-format on
#include <openssl/core_names.h>
#include <openssl/provider.h>
#include <openssl/sha.h>

#include <cstring>
#include <string_view>

#include "carbide/cleanse.h"
#include "carbide/error.h"

namespace carbide {
namespace {

static_assert(sizeof(SHA512_CTX) <= 256 && sizeof(SHA256_CTX) <= 256 && sizeof(SHA_CTX) <= 256);

template <typename Ctx>
Ctx* As(unsigned char* storage) {
  return reinterpret_cast<Ctx*>(storage);
}

}  // namespace

Digest::Path Digest::ChoosePath(const EVP_MD* md) {
  const OSSL_PROVIDER* provider = EVP_MD_get0_provider(md);
  if (provider == nullptr || std::string_view(OSSL_PROVIDER_get0_name(provider)) != "default") {
    return Path::kEvp;
  }
  struct Known {
    const char* name;
    Path path;
  };
  static constexpr Known kKnown[] = {{"SHA1", Path::kSha1},
                                     {"SHA2-224", Path::kSha224},
                                     {"SHA2-256", Path::kSha256},
                                     {"SHA2-384", Path::kSha384},
                                     {"SHA2-512", Path::kSha512}};
  for (const auto& known : kKnown) {
    if (EVP_MD_is_a(md, known.name)) {
      return known.path;
    }
  }
  return Path::kEvp;
}

Digest::Digest(const EVP_MD* md) : md_(md), size_(SizeOf(md)), path_(ChoosePath(md)) {
  if (path_ == Path::kEvp) {
    ctx_.reset(CheckNotNull(EVP_MD_CTX_new(), "EVP_MD_CTX_new"));
  }
  Reset();
}

Digest::Digest(const Digest& other) : md_(other.md_), size_(other.size_), path_(other.path_) {
  if (path_ == Path::kEvp) {
    ctx_.reset(CheckNotNull(EVP_MD_CTX_new(), "EVP_MD_CTX_new"));
    CheckOpenssl(EVP_MD_CTX_copy_ex(ctx_.get(), other.ctx_.get()), "EVP_MD_CTX_copy_ex");
  } else {
    std::memcpy(low_level_, other.low_level_, sizeof(low_level_));
  }
}

Digest::~Digest() { Cleanse(low_level_, sizeof(low_level_)); }

size_t Digest::SizeOf(const EVP_MD* md) noexcept {
  return static_cast<size_t>(EVP_MD_get_size(md));
}

void Digest::Reset() {
  switch (path_) {
    case Path::kEvp:
      // Passing the digest again (not null) keeps the init cheap but also safe after a failure.
      CheckOpenssl(EVP_DigestInit_ex2(ctx_.get(), md_, nullptr), "EVP_DigestInit_ex2");
      return;
    case Path::kSha1:
      SHA1_Init(As<SHA_CTX>(low_level_));
      return;
    case Path::kSha224:
      SHA224_Init(As<SHA256_CTX>(low_level_));
      return;
    case Path::kSha256:
      SHA256_Init(As<SHA256_CTX>(low_level_));
      return;
    case Path::kSha384:
      SHA384_Init(As<SHA512_CTX>(low_level_));
      return;
    case Path::kSha512:
      SHA512_Init(As<SHA512_CTX>(low_level_));
      return;
  }
}

void Digest::Update(const uint8_t* data, size_t len) {
  if (len == 0) {
    return;
  }
  switch (path_) {
    case Path::kEvp:
      CheckOpenssl(EVP_DigestUpdate(ctx_.get(), data, len), "EVP_DigestUpdate");
      return;
    case Path::kSha1:
      SHA1_Update(As<SHA_CTX>(low_level_), data, len);
      return;
    case Path::kSha224:
    case Path::kSha256:
      SHA256_Update(As<SHA256_CTX>(low_level_), data, len);
      return;
    case Path::kSha384:
    case Path::kSha512:
      SHA512_Update(As<SHA512_CTX>(low_level_), data, len);
      return;
  }
}

size_t Digest::Finish(uint8_t* out) {
  switch (path_) {
    case Path::kEvp: {
      unsigned int written = 0;
      CheckOpenssl(EVP_DigestFinal_ex(ctx_.get(), out, &written), "EVP_DigestFinal_ex");
      break;
    }
    case Path::kSha1:
      SHA1_Final(out, As<SHA_CTX>(low_level_));
      break;
    case Path::kSha224:
      SHA224_Final(out, As<SHA256_CTX>(low_level_));
      break;
    case Path::kSha256:
      SHA256_Final(out, As<SHA256_CTX>(low_level_));
      break;
    case Path::kSha384:
      SHA384_Final(out, As<SHA512_CTX>(low_level_));
      break;
    case Path::kSha512:
      SHA512_Final(out, As<SHA512_CTX>(low_level_));
      break;
  }
  Reset();
  return size_;
}

}  // namespace carbide
