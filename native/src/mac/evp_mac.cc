#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <algorithm>

#include "carbide/cleanse.h"
#include "carbide/error.h"
#include "carbide/mac.h"

namespace carbide {
namespace {

void CleanseAndClear(std::vector<uint8_t>& bytes) noexcept {
  Cleanse(bytes.data(), bytes.size());
  bytes.clear();
}

// OpenSSL takes a null key as "keep the current one", so an empty one needs a non-null pointer.
const uint8_t* KeyPointer(std::span<const uint8_t> key) {
  static const uint8_t kEmpty = 0;
  return key.empty() ? &kEmpty : key.data();
}

MacCtxPtr NewContext(const EVP_MAC* mac) {
  // EVP_MAC_CTX_new takes a non-const EVP_MAC only to count a reference.
  return MacCtxPtr(CheckNotNull(EVP_MAC_CTX_new(const_cast<EVP_MAC*>(mac)), "EVP_MAC_CTX_new"));
}

}  // namespace

EvpMac::EvpMac(const EVP_MAC* mac, Parameter parameter)
    : mac_(mac),
      parameter_(parameter),
      must_rekey_(parameter == Parameter::kIv || EVP_MAC_is_a(mac, "POLY1305") != 0),
      ctx_(NewContext(mac)) {}

// OpenSSL cannot duplicate a CMAC context that was never keyed, so an unkeyed copy is simply a
// fresh context.
EvpMac::EvpMac(const EvpMac& other)
    : mac_(other.mac_),
      parameter_(other.parameter_),
      must_rekey_(other.must_rekey_),
      ctx_(other.keyed_
               ? MacCtxPtr(CheckNotNull(EVP_MAC_CTX_dup(other.ctx_.get()), "EVP_MAC_CTX_dup"))
               : NewContext(other.mac_)),
      size_(other.size_),
      keyed_(other.keyed_),
      spent_(other.spent_),
      saved_key_(other.saved_key_),
      saved_iv_(other.saved_iv_),
      // A copy of an unkeyed context is a fresh one, which holds no key to reuse.
      saved_cipher_(other.keyed_ ? other.saved_cipher_ : "") {}

EvpMac::~EvpMac() { Forget(); }

void EvpMac::Forget() noexcept {
  CleanseAndClear(saved_key_);
  CleanseAndClear(saved_iv_);
  saved_cipher_.clear();
}

bool EvpMac::HoldsKey(std::span<const uint8_t> key) const {
  return !saved_cipher_.empty() && key.size() == saved_key_.size() &&
         CRYPTO_memcmp(key.data(), saved_key_.data(), key.size()) == 0;
}

void EvpMac::StartIv(std::span<const uint8_t> iv) {
  // Keying again would fetch the cipher, expand the AES key and derive the hash key every time,
  // which costs more than a short message's MAC: the IV alone restarts the context.
  keyed_ = false;
  spent_ = false;
  CleanseAndClear(saved_iv_);
  const OSSL_PARAM params[] = {OSSL_PARAM_construct_octet_string(
                                   OSSL_MAC_PARAM_IV, const_cast<uint8_t*>(iv.data()), iv.size()),
                               OSSL_PARAM_construct_end()};
  if (EVP_MAC_init(ctx_.get(), nullptr, 0, params) != 1) {
    ThrowOpensslError("EVP_MAC_init", ErrorKind::kInvalidParameter);
  }
  saved_iv_.assign(iv.begin(), iv.end());
  keyed_ = true;
}

bool EvpMac::Renew(std::span<const uint8_t> key, std::span<const uint8_t> iv) {
  if (parameter_ != Parameter::kIv || iv.empty() || !HoldsKey(key)) {
    return false;
  }
  StartIv(iv);
  return true;
}

void EvpMac::SetKey(std::span<const uint8_t> key, const char* cipher,
                    std::span<const uint8_t> parameter, size_t output_size) {
  if (parameter_ == Parameter::kIv && !parameter.empty() && cipher != nullptr &&
      saved_cipher_ == cipher && HoldsKey(key)) {
    // A GMAC's next message under the key it holds (init with the same key and a new IV, the way
    // GMAC is used).
    StartIv(parameter);
    return;
  }
  keyed_ = false;
  spent_ = false;
  size_ = 0;
  Forget();
  OSSL_PARAM params[3];
  OSSL_PARAM* next = params;
  // OSSL_PARAM's constructors take non-const pointers, but OpenSSL only reads these.
  if (cipher != nullptr) {
    *next++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, const_cast<char*>(cipher), 0);
  }
  void* bytes = const_cast<uint8_t*>(parameter.data());
  switch (parameter_) {
    case Parameter::kIv:
      *next++ = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, bytes, parameter.size());
      break;
    case Parameter::kCustomisation:
      *next++ = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_CUSTOM, bytes, parameter.size());
      break;
    case Parameter::kNone:
      break;
  }
  *next = OSSL_PARAM_construct_end();
  if (EVP_MAC_CTX_set_params(ctx_.get(), params) != 1) {
    ThrowOpensslError("EVP_MAC_CTX_set_params", ErrorKind::kInvalidParameter);
  }
  if (parameter_ == Parameter::kCustomisation) {
    // KMAC's output length is chosen by the caller, and set after the customisation string.
    size_t length = output_size;
    const OSSL_PARAM size_params[] = {
        OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &length),
        OSSL_PARAM_construct_end(),
    };
    if (EVP_MAC_CTX_set_params(ctx_.get(), size_params) != 1) {
      ThrowOpensslError("EVP_MAC_CTX_set_params", ErrorKind::kInvalidParameter);
    }
  }
  if (EVP_MAC_init(ctx_.get(), KeyPointer(key), key.size(), nullptr) != 1) {
    ThrowOpensslError("EVP_MAC_init", ErrorKind::kInvalidKey);
  }
  if (must_rekey_) {
    saved_key_.assign(key.begin(), key.end());
    saved_iv_.assign(parameter.begin(), parameter.end());
    saved_cipher_ = cipher != nullptr ? cipher : "";
  }
  size_ = EVP_MAC_CTX_get_mac_size(ctx_.get());
  keyed_ = true;
  spent_ = false;
}

void EvpMac::Rekey() {
  OSSL_PARAM params[2] = {OSSL_PARAM_construct_end(), OSSL_PARAM_construct_end()};
  if (parameter_ == Parameter::kIv) {
    params[0] =
        OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, saved_iv_.data(), saved_iv_.size());
  }
  CheckOpenssl(EVP_MAC_init(ctx_.get(), KeyPointer(saved_key_), saved_key_.size(), params),
               "EVP_MAC_init");
}

void EvpMac::Reset() {
  if (!keyed_) {
    return;
  }
  if (must_rekey_) {
    Rekey();
    return;
  }
  // CMAC and KMAC restart from the key they keep when given none.
  CheckOpenssl(EVP_MAC_init(ctx_.get(), nullptr, 0, nullptr), "EVP_MAC_init");
}

void EvpMac::Update(const uint8_t* data, size_t len) {
  RequireKey();
  if (len == 0) {
    return;
  }
  CheckOpenssl(EVP_MAC_update(ctx_.get(), data, len), "EVP_MAC_update");
}

size_t EvpMac::Finish(uint8_t* out) {
  RequireKey();
  return FinishKeyed(out);
}

size_t EvpMac::UpdateAndFinish(const uint8_t* data, size_t len, uint8_t* out) {
  RequireKey();
  if (len != 0) {
    CheckOpenssl(EVP_MAC_update(ctx_.get(), data, len), "EVP_MAC_update");
  }
  return FinishKeyed(out);
}

size_t EvpMac::FinishKeyed(uint8_t* out) {
  size_t written = 0;
  CheckOpenssl(EVP_MAC_final(ctx_.get(), out, &written, size_), "EVP_MAC_final");
  if (parameter_ == Parameter::kIv) {
    // A GMAC IV serves one message: a second tag under the same key and IV would give away the
    // hash key. Bouncy Castle's GMAC refuses the same way after doFinal.
    // The key stays (ctx_ holds its schedule anyway), so that init with it and a new IV need not
    // key the context again (HoldsKey); the destructor or the next other key cleanses it.
    keyed_ = false;
    spent_ = true;
    CleanseAndClear(saved_iv_);
    return written;
  }
  Reset();
  return written;
}

void EvpMac::RequireKey() const {
  if (spent_) {
    throw Error(ErrorKind::kIllegalState, "GMAC needs a new IV for every message: init it again");
  }
  if (!keyed_) {
    throw Error(ErrorKind::kIllegalState, "MAC used before a key was set");
  }
}

}  // namespace carbide
