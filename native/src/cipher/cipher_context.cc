#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <climits>

#include "carbide/cipher.h"
#include "carbide/cleanse.h"
#include "carbide/error.h"

namespace carbide {
namespace {

int CheckedInt(size_t len) {
  if (len > INT_MAX) {
    throw Error(ErrorKind::kIllegalArgument, "input too long");
  }
  return static_cast<int>(len);
}

bool IsAead(const EVP_CIPHER* cipher) {
  return (EVP_CIPHER_get_flags(cipher) & EVP_CIPH_FLAG_AEAD_CIPHER) != 0;
}

// The AEADs whose IV length is a parameter of the context rather than of the cipher.
bool HasVariableIv(const EVP_CIPHER* cipher) {
  const int mode = EVP_CIPHER_get_mode(cipher);
  return IsAead(cipher) && (mode == EVP_CIPH_GCM_MODE || mode == EVP_CIPH_CCM_MODE);
}

}  // namespace

CipherContext::CipherContext() : ctx_(CheckNotNull(EVP_CIPHER_CTX_new(), "EVP_CIPHER_CTX_new")) {
  // Key wrapping is a one-shot mode that OpenSSL only runs when asked for explicitly.
  EVP_CIPHER_CTX_set_flags(ctx_.get(), EVP_CIPHER_CTX_FLAG_WRAP_ALLOW);
}

void CipherContext::Start(const EVP_CIPHER* cipher, bool encrypt, const uint8_t* key,
                          size_t key_len, const uint8_t* iv, size_t iv_len, size_t tag_len) {
  const int enc = encrypt ? 1 : 0;
  const bool ccm = EVP_CIPHER_get_mode(cipher) == EVP_CIPH_CCM_MODE;
  if (key == nullptr) {
    if (cipher_ == nullptr || cipher != cipher_ || encrypt != encrypt_) {
      throw Error(ErrorKind::kIllegalState, "cipher restarted without a key");
    }
    if (ccm && (tag_len != ccm_tag_len_ || iv_len != iv_len_)) {
      throw Error(ErrorKind::kIllegalState, "CCM restarted without a key under new lengths");
    }
  } else {
    // Forget the old key first, so a failure below cannot leave it usable under a new name.
    cipher_ = nullptr;
    iv_len_ = 0;
    CheckOpenssl(EVP_CipherInit_ex2(ctx_.get(), cipher, nullptr, nullptr, enc, nullptr),
                 "EVP_CipherInit_ex2");
    if (key_len != static_cast<size_t>(EVP_CIPHER_get_key_length(cipher))) {
      throw Error(ErrorKind::kInvalidKey, "invalid key length");
    }
  }
  if (iv_len == 0 && EVP_CIPHER_get_iv_length(cipher) != 0) {
    throw Error(ErrorKind::kInvalidParameter, "missing IV");
  }
  // AES-GCM takes IVs of any length, AES-CCM nonces of 7 to 13 bytes; the others only their own.
  if (iv_len != 0 && iv_len != iv_len_) {
    if (HasVariableIv(cipher)) {
      size_t len = iv_len;
      OSSL_PARAM params[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &len),
                             OSSL_PARAM_construct_end()};
      if (iv_len > kMaxIvSize || EVP_CIPHER_CTX_set_params(ctx_.get(), params) != 1) {
        ThrowOpensslError("unsupported IV length", ErrorKind::kInvalidParameter);
      }
    } else if (iv_len != static_cast<size_t>(EVP_CIPHER_get_iv_length(cipher))) {
      throw Error(ErrorKind::kInvalidParameter, "invalid IV length");
    }
  }
  if (ccm && key != nullptr) {
    // CCM sets up its key for one tag length (and nonce length, set above).
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, tag_len),
        OSSL_PARAM_construct_end()};
    CheckOpenssl(EVP_CIPHER_CTX_set_params(ctx_.get(), params), "set CCM tag length");
    ccm_tag_len_ = tag_len;
  }
  CheckOpenssl(EVP_CipherInit_ex2(ctx_.get(), nullptr, key, iv, enc, nullptr),
               "EVP_CipherInit_ex2");
  // Padding means nothing to stream modes (GCM, CTR, ChaCha20), whose block size is 1. A block
  // mode restarted with only an IV keeps its padding setting, so the call (a parameter lookup by
  // name, a tenth of a 1 KiB CBC decryption) is needed only after a new key or a padded message.
  if (EVP_CIPHER_get_block_size(cipher) == 1) {
    padding_ = false;
  } else if (key != nullptr || padding_) {
    SetPadding(false);
  }
  cipher_ = cipher;
  encrypt_ = encrypt;
  if (iv_len != 0) {
    iv_len_ = iv_len;
  }
}

void CipherContext::SetPadding(bool on) {
  CheckOpenssl(EVP_CIPHER_CTX_set_padding(ctx_.get(), on ? 1 : 0), "EVP_CIPHER_CTX_set_padding");
  if (!on) {
    // Switching padding off also marks the EVP context EVP_CIPH_NO_PADDING, and while that mark
    // stands every EVP_CipherInit_ex2 hands "padding off" to the provider again (a parameter
    // lookup by name, in a perf profile a tenth of a 64-byte CBC decryption through the JCA),
    // even when it only sets an IV. OpenSSL reads the mark only to tell a new provider context
    // about it; the provider's context keeps the setting itself across IV restarts, and Start
    // switches padding off again after every new key, so the mark can go.
    EVP_CIPHER_CTX_clear_flags(ctx_.get(), EVP_CIPH_NO_PADDING);
  }
  padding_ = on;
}

void CipherContext::UpdateAad(const uint8_t* aad, size_t len) {
  int ignored = 0;
  CheckOpenssl(EVP_CipherUpdate(ctx_.get(), nullptr, &ignored, aad, CheckedInt(len)),
               "EVP_CipherUpdate (AAD)");
}

size_t CipherContext::Update(const uint8_t* in, size_t len, uint8_t* out) {
  if (len == 0) {
    return 0;
  }
  int written = 0;
  if (EVP_CipherUpdate(ctx_.get(), out, &written, in, CheckedInt(len)) == 1) {
    return static_cast<size_t>(written);
  }
  if (!encrypt_ && cipher_ != nullptr && EVP_CIPHER_get_mode(cipher_) == EVP_CIPH_WRAP_MODE) {
    ClearOpensslErrors();
    throw Error(ErrorKind::kIllegalBlockSize, "Integrity check failed");
  }
  ThrowOpensslError("EVP_CipherUpdate");
}

void CipherContext::CheckPadding(const uint8_t* tail, size_t tail_len) {
  const size_t block = static_cast<size_t>(EVP_CIPHER_get_block_size(cipher_));
  if (encrypt_ || block <= 1 || (tail_len != block && tail_len != 2 * block)) {
    throw Error(ErrorKind::kIllegalState, "padding check needs a decryption's last blocks");
  }
  // Decrypts the last block alone, from a restart at its chaining value, then restarts where the
  // message stood: the context keeps its key schedule, so each restart costs one IV set.
  uint8_t running_iv[kMaxIvSize];
  const size_t iv_len = RunningIv(running_iv);
  const uint8_t* chain = tail_len == 2 * block ? tail : running_iv;
  const bool was_padding = padding_;
  uint8_t plain[2 * EVP_MAX_BLOCK_LENGTH];
  auto restore = [&] {
    Cleanse(plain, sizeof(plain));
    Start(cipher_, false, nullptr, 0, iv_len == 0 ? nullptr : running_iv, iv_len);
    if (was_padding) {
      SetPadding(true);
    }
  };
  try {
    Start(cipher_, false, nullptr, 0, iv_len == 0 ? nullptr : chain, iv_len);
    SetPadding(true);
    size_t n = Update(tail + tail_len - block, block, plain);
    Finish(plain + n);
  } catch (...) {
    restore();
    throw;
  }
  restore();
}

void CipherContext::SetExpectedTag(const uint8_t* tag, size_t len) {
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, const_cast<uint8_t*>(tag), len),
      OSSL_PARAM_construct_end()};
  CheckOpenssl(EVP_CIPHER_CTX_set_params(ctx_.get(), params), "set AEAD tag");
}

size_t CipherContext::Finish(uint8_t* out) {
  int written = 0;
  if (EVP_CipherFinal_ex(ctx_.get(), out, &written) == 1) {
    return static_cast<size_t>(written);
  }
  ClearOpensslErrors();
  if (cipher_ != nullptr && IsAead(cipher_)) {
    throw Error(ErrorKind::kBadTag, "Tag mismatch");
  }
  if (encrypt_ || !padding_) {
    throw Error(ErrorKind::kIllegalArgument, "input length not a multiple of the block size");
  }
  throw Error(ErrorKind::kBadPadding, "Given final block not properly padded");
}

void CipherContext::GetTag(uint8_t* tag, size_t len) {
  OSSL_PARAM params[] = {OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag, len),
                         OSSL_PARAM_construct_end()};
  CheckOpenssl(EVP_CIPHER_CTX_get_params(ctx_.get(), params), "get AEAD tag");
}

bool CipherContext::IsOneShot(const EVP_CIPHER* cipher) {
  const int mode = EVP_CIPHER_get_mode(cipher);
  return mode == EVP_CIPH_CCM_MODE || mode == EVP_CIPH_XTS_MODE || mode == EVP_CIPH_GCM_SIV_MODE;
}

size_t CipherContext::OneShot(const uint8_t* aad, size_t aad_len, const uint8_t* in, size_t len,
                              uint8_t* out, uint8_t* tag, size_t tag_len) {
  if (cipher_ == nullptr || !IsOneShot(cipher_)) {
    throw Error(ErrorKind::kIllegalState, "not a one-shot cipher");
  }
  const int mode = EVP_CIPHER_get_mode(cipher_);
  const bool aead = mode != EVP_CIPH_XTS_MODE;
  if (!aead && (aad_len != 0 || tag_len != 0)) {
    throw Error(ErrorKind::kIllegalArgument, "XTS takes neither AAD nor a tag");
  }
  // OpenSSL reads no byte of an empty message, but CCM and GCM-SIV still need the call, and a
  // null pointer would mean "AAD" or "finish" to them.
  uint8_t none = 0;
  int ignored = 0;
  if (mode == EVP_CIPH_CCM_MODE) {
    // CCM's tag length, and a decryption's tag, before the message length, which must precede the
    // AAD: the first block it authenticates encodes all three.
    OSSL_PARAM params[] = {OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG,
                                                             encrypt_ ? nullptr : tag, tag_len),
                           OSSL_PARAM_construct_end()};
    CheckOpenssl(EVP_CIPHER_CTX_set_params(ctx_.get(), params), "set CCM tag");
    CheckOpenssl(EVP_CipherUpdate(ctx_.get(), nullptr, &ignored, nullptr, CheckedInt(len)),
                 "EVP_CipherUpdate (CCM length)");
  } else if (mode == EVP_CIPH_GCM_SIV_MODE) {
    // GCM-SIV keeps the AAD of earlier messages until an empty AAD update drops it.
    CheckOpenssl(EVP_CipherUpdate(ctx_.get(), nullptr, &ignored, &none, 0),
                 "EVP_CipherUpdate (GCM-SIV AAD reset)");
    if (!encrypt_) {
      SetExpectedTag(tag, tag_len);
    }
  }
  if (aad_len != 0) {
    UpdateAad(aad, aad_len);
  }
  int written = 0;
  if (EVP_CipherUpdate(ctx_.get(), len == 0 ? &none : out, &written, len == 0 ? &none : in,
                       CheckedInt(len)) != 1) {
    if (mode == EVP_CIPH_CCM_MODE && !encrypt_) {
      // CCM verifies the tag in the update, and then writes no plaintext.
      ClearOpensslErrors();
      throw Error(ErrorKind::kBadTag, "Tag mismatch");
    }
    ThrowOpensslError("EVP_CipherUpdate");
  }
  size_t total = static_cast<size_t>(written);
  total += Finish(out + total);
  if (encrypt_ && tag_len != 0) {
    GetTag(tag, tag_len);
  }
  return total;
}

size_t CipherContext::RunningIv(uint8_t* iv) {
  if (iv_len_ == 0) {
    return 0;
  }
  // The provider first offers the IV by pointer and, since we ask for a copy, then copies it;
  // OpenSSL 3.2 and later record the refused pointer in the error queue although the call works.
  CheckOpenssl(WithoutEntriesOnSuccess(
                   [&] { return EVP_CIPHER_CTX_get_updated_iv(ctx_.get(), iv, iv_len_); }),
               "EVP_CIPHER_CTX_get_updated_iv");
  return iv_len_;
}

}  // namespace carbide
