#include <openssl/provider.h>

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "carbide/cleanse.h"
#include "carbide/error.h"
#include "carbide/kdf.h"
#include "hkdf_backend.h"

namespace carbide {

Hkdf::Path Hkdf::ChoosePath(const EVP_MD* md) {
  const OSSL_PROVIDER* provider = EVP_MD_get0_provider(md);
  if (provider == nullptr || std::string_view(OSSL_PROVIDER_get0_name(provider)) != "default") {
    return Path::kEvpKdf;
  }
  return Path::kComposed;
}

Hkdf::Hkdf(const EVP_MD* md, Path path)
    : hash_size_(static_cast<size_t>(EVP_MD_get_size(md))),
      path_(path),
      backend_(path == Path::kComposed ? NewComposedHkdf(md) : NewEvpKdfHkdf(md)) {}

Hkdf::~Hkdf() = default;

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
    try {
      it->second = std::make_unique<Hkdf>(md);
    } catch (const Error&) {
      ClearOpensslErrors();  // OpenSSL refusing this digest is an answer: this HKDF is absent.
    }
  }
  return it->second.get();
}

size_t Hkdf::max_info_size() const noexcept { return backend_->max_info_size(); }

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
  if (input.info.size() > max_info_size()) {
    throw Error(ErrorKind::kInvalidParameter,
                "HKDF info longer than " + std::to_string(max_info_size()) + " bytes");
  }
  // RFC 5869 asks for a PRK of at least HashLen bytes; neither HMAC nor OpenSSL checks it.
  if (mode == HkdfMode::kExpand && input.key.size() < hash_size_) {
    throw Error(ErrorKind::kInvalidParameter,
                "HKDF PRK must be at least " + std::to_string(hash_size_) + " bytes");
  }
}

void Hkdf::Derive(HkdfMode mode, const HkdfInput& input, std::span<uint8_t> out) const {
  CheckSizes(mode, input, out.size());
  try {
    backend_->Derive(mode, input, out);
  } catch (...) {
    Cleanse(out.data(), out.size());
    throw;
  }
}

}  // namespace carbide
