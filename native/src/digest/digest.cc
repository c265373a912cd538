#include "carbide/digest.h"

#include "carbide/cleanse.h"
#include "carbide/error.h"

namespace carbide {

Digest::Digest(const EVP_MD* md) : Digest(md, SizeOf(md)) {}

Digest::Digest(const EVP_MD* md, size_t output_size)
    : md_(md),
      size_(output_size),
      xof_((EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF) != 0),
      sha_(internal::FindShaFunctions(md)),
      direct_(sha_ == nullptr ? internal::FindProviderDigestFunctions(md) : nullptr),
      state_{} {
  if (output_size == 0 || output_size > kMaxDigestSize || (!xof_ && output_size != SizeOf(md))) {
    throw Error(ErrorKind::kIllegalArgument, "unsupported digest output length");
  }
  if (direct_ != nullptr) {
    direct_ctx_ = {CheckNotNull(direct_->newctx(direct_->provider_context), "digest newctx"),
                   direct_->freectx};
  } else if (sha_ == nullptr) {
    ctx_.reset(CheckNotNull(EVP_MD_CTX_new(), "EVP_MD_CTX_new"));
  }
  Reset();
}

Digest::Digest(const Digest& other)
    : md_(other.md_),
      size_(other.size_),
      xof_(other.xof_),
      sha_(other.sha_),
      direct_(other.direct_),
      state_(other.state_) {
  if (direct_ != nullptr) {
    direct_ctx_ = {CheckNotNull(direct_->dupctx(other.direct_ctx_.get()), "digest dupctx"),
                   direct_->freectx};
  } else if (sha_ == nullptr) {
    ctx_.reset(CheckNotNull(EVP_MD_CTX_new(), "EVP_MD_CTX_new"));
    CheckOpenssl(EVP_MD_CTX_copy_ex(ctx_.get(), other.ctx_.get()), "EVP_MD_CTX_copy_ex");
  }
}

Digest::~Digest() { Cleanse(&state_, sizeof(state_)); }

size_t Digest::SizeOf(const EVP_MD* md) noexcept {
  return static_cast<size_t>(EVP_MD_get_size(md));
}

void Digest::Reset() {
  if (sha_ != nullptr) {
    sha_->init(&state_);
    return;
  }
  if (direct_ != nullptr) {
    CheckOpenssl(direct_->init(direct_ctx_.get(), nullptr), "digest init");
    return;
  }
  // Passing the digest again (not null) keeps the init cheap but also safe after a failure.
  CheckOpenssl(EVP_DigestInit_ex2(ctx_.get(), md_, nullptr), "EVP_DigestInit_ex2");
}

void Digest::Update(const uint8_t* data, size_t len) {
  if (len == 0) {
    return;
  }
  if (sha_ != nullptr) {
    sha_->update(&state_, data, len);
    return;
  }
  if (direct_ != nullptr) {
    CheckOpenssl(direct_->update(direct_ctx_.get(), data, len), "digest update");
    return;
  }
  CheckOpenssl(EVP_DigestUpdate(ctx_.get(), data, len), "EVP_DigestUpdate");
}

size_t Digest::Finish(uint8_t* out) {
  if (sha_ != nullptr) {
    sha_->final(out, &state_);
  } else if (direct_ != nullptr) {
    size_t written = 0;
    CheckOpenssl(direct_->final(direct_ctx_.get(), out, &written, size_), "digest final");
  } else if (xof_) {
    CheckOpenssl(EVP_DigestFinalXOF(ctx_.get(), out, size_), "EVP_DigestFinalXOF");
  } else {
    unsigned int written = 0;
    CheckOpenssl(EVP_DigestFinal_ex(ctx_.get(), out, &written), "EVP_DigestFinal_ex");
  }
  Reset();
  return size_;
}

void Digest::Snapshot(internal::ShaState* out) const {
  if (sha_ == nullptr) {
    throw Error(ErrorKind::kIllegalState, "this digest's state cannot be snapshot");
  }
  *out = state_;
}

void Digest::Restore(const internal::ShaState& state) {
  if (sha_ == nullptr) {
    throw Error(ErrorKind::kIllegalState, "this digest's state cannot be restored");
  }
  if (!sha_->valid(state)) {
    throw Error(ErrorKind::kIllegalArgument, "not a digest snapshot");
  }
  state_ = state;
}

}  // namespace carbide
