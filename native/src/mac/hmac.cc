#include <openssl/core_names.h>
#include <openssl/params.h>

#include <algorithm>

#include "carbide/cleanse.h"
#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/mac.h"

namespace carbide {
namespace {

// The largest block of any digest on the low-level path (SHA-384/512).
constexpr size_t kMaxBlockSize = 128;

// A context bound to digest `md` but not yet keyed. The digest is set here, once, rather than with
// every SetKey: OpenSSL fetches the digest by name each time the parameter is given, and JSSE's
// HKDF re-keys a Mac far more often than it creates one.
MacCtxPtr NewContext(const EVP_MD* md) {
  const EVP_MAC* hmac = FindMac("HMAC");
  if (hmac == nullptr) {
    throw Error(ErrorKind::kProvider, "the loaded OpenSSL offers no HMAC");
  }
  // EVP_MAC_CTX_new takes a non-const EVP_MAC only to count a reference.
  MacCtxPtr ctx(CheckNotNull(EVP_MAC_CTX_new(const_cast<EVP_MAC*>(hmac)), "EVP_MAC_CTX_new"));
  const OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
                                       const_cast<char*>(EVP_MD_get0_name(md)), 0),
      OSSL_PARAM_construct_end(),
  };
  CheckOpenssl(EVP_MAC_CTX_set_params(ctx.get(), params), "EVP_MAC_CTX_set_params");
  return ctx;
}

}  // namespace

Hmac::Hmac(const EVP_MD* md) : md_(md), size_(SizeOf(md)), sha_(internal::FindShaFunctions(md)) {
  if (sha_ == nullptr) {
    ctx_ = NewContext(md);
  }
}

// OpenSSL cannot duplicate an HMAC context that was never keyed (it copies the inner digest
// state, which does not exist yet), so an unkeyed copy is simply a fresh context.
Hmac::Hmac(const Hmac& other)
    : md_(other.md_),
      size_(other.size_),
      keyed_(other.keyed_),
      sha_(other.sha_),
      inner_(other.inner_),
      outer_(other.outer_),
      running_(other.running_) {
  if (sha_ == nullptr) {
    ctx_ = other.keyed_
               ? MacCtxPtr(CheckNotNull(EVP_MAC_CTX_dup(other.ctx_.get()), "EVP_MAC_CTX_dup"))
               : NewContext(other.md_);
  }
}

Hmac::~Hmac() {
  Cleanse(&inner_, sizeof(inner_));
  Cleanse(&outer_, sizeof(outer_));
  Cleanse(&running_, sizeof(running_));
}

size_t Hmac::SizeOf(const EVP_MD* md) noexcept { return static_cast<size_t>(EVP_MD_get_size(md)); }

void Hmac::SetKey(const uint8_t* key, size_t len) {
  keyed_ = false;
  if (sha_ == nullptr) {
    // A null key tells OpenSSL to keep the current one, so an empty key needs a non-null pointer.
    static const uint8_t kEmpty = 0;
    CheckOpenssl(EVP_MAC_init(ctx_.get(), len == 0 ? &kEmpty : key, len, nullptr), "EVP_MAC_init");
    keyed_ = true;
    return;
  }
  // RFC 2104: a key longer than a block is hashed first; the block is the key padded with zeros.
  uint8_t block[kMaxBlockSize] = {};
  const size_t block_size = sha_->block_size;
  if (len > block_size) {
    sha_->init(&running_);
    sha_->update(&running_, key, len);
    sha_->final(block, &running_);
  } else if (len != 0) {
    std::copy(key, key + len, block);
  }
  for (size_t i = 0; i < block_size; ++i) {
    block[i] ^= 0x36;
  }
  sha_->init(&inner_);
  sha_->update(&inner_, block, block_size);
  for (size_t i = 0; i < block_size; ++i) {
    block[i] ^= 0x36 ^ 0x5c;
  }
  sha_->init(&outer_);
  sha_->update(&outer_, block, block_size);
  Cleanse(block, sizeof(block));
  running_ = inner_;
  keyed_ = true;
}

void Hmac::Reset() {
  if (!keyed_) {
    return;
  }
  if (sha_ != nullptr) {
    running_ = inner_;
    return;
  }
  // With a null key, OpenSSL 3.0 and 3.5 both restart from the inner-pad state saved by the last
  // SetKey.
  CheckOpenssl(EVP_MAC_init(ctx_.get(), nullptr, 0, nullptr), "EVP_MAC_init");
}

void Hmac::Update(const uint8_t* data, size_t len) {
  RequireKey();
  if (len == 0) {
    return;
  }
  if (sha_ != nullptr) {
    sha_->update(&running_, data, len);
    return;
  }
  CheckOpenssl(EVP_MAC_update(ctx_.get(), data, len), "EVP_MAC_update");
}

size_t Hmac::Finish(uint8_t* out) {
  RequireKey();
  if (sha_ == nullptr) {
    size_t written = 0;
    CheckOpenssl(EVP_MAC_final(ctx_.get(), out, &written, size_), "EVP_MAC_final");
    Reset();
    return written;
  }
  // HMAC = H(outer pad || H(inner pad || message)); the inner hash goes straight to `out`, which
  // holds size() bytes, and is then overwritten by the result.
  sha_->final(out, &running_);
  running_ = outer_;
  sha_->update(&running_, out, size_);
  sha_->final(out, &running_);
  running_ = inner_;
  return size_;
}

void Hmac::RequireKey() const {
  if (!keyed_) {
    throw Error(ErrorKind::kIllegalState, "HMAC used before a key was set");
  }
}

}  // namespace carbide
