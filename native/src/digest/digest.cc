#include "carbide/digest.h"

#include "carbide/error.h"

namespace carbide {

Digest::Digest(const EVP_MD* md)
    : ctx_(CheckNotNull(EVP_MD_CTX_new(), "EVP_MD_CTX_new")), md_(md), size_(SizeOf(md)) {
  CheckOpenssl(EVP_DigestInit_ex2(ctx_.get(), md_, nullptr), "EVP_DigestInit_ex2");
}

Digest::Digest(const Digest& other)
    : ctx_(CheckNotNull(EVP_MD_CTX_new(), "EVP_MD_CTX_new")), md_(other.md_), size_(other.size_) {
  CheckOpenssl(EVP_MD_CTX_copy_ex(ctx_.get(), other.ctx_.get()), "EVP_MD_CTX_copy_ex");
}

size_t Digest::SizeOf(const EVP_MD* md) noexcept {
  return static_cast<size_t>(EVP_MD_get_size(md));
}

void Digest::Reset() {
  // Passing the digest again (not null) keeps the init cheap but also safe after a failed Final.
  CheckOpenssl(EVP_DigestInit_ex2(ctx_.get(), md_, nullptr), "EVP_DigestInit_ex2");
}

void Digest::Update(const uint8_t* data, size_t len) {
  if (len != 0) {
    CheckOpenssl(EVP_DigestUpdate(ctx_.get(), data, len), "EVP_DigestUpdate");
  }
}

size_t Digest::Finish(uint8_t* out) {
  unsigned int written = 0;
  CheckOpenssl(EVP_DigestFinal_ex(ctx_.get(), out, &written), "EVP_DigestFinal_ex");
  Reset();
  return written;
}

}  // namespace carbide
