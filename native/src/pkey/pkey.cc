#include "carbide/pkey.h"

#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/x509.h>

#include <optional>
#include <utility>

#include "carbide/cleanse.h"
#include "carbide/error.h"
#include "carbide/library.h"
#include "key_encoding_rules.h"

namespace carbide {
namespace {

using Pkcs8Ptr = Owned<PKCS8_PRIV_KEY_INFO, PKCS8_PRIV_KEY_INFO_free>;

}  // namespace

SecretBuffer::~SecretBuffer() { Cleanse(bytes_.data(), bytes_.size()); }

void SecretBuffer::Truncate(size_t size) noexcept {
  if (size < bytes_.size()) {
    Cleanse(bytes_.data() + size, bytes_.size() - size);
    bytes_.resize(size);
  }
}

PkeyPtr RetainKey(EVP_PKEY* key) {
  CheckOpenssl(EVP_PKEY_up_ref(key), "EVP_PKEY_up_ref");
  return PkeyPtr(key);
}

PkeyPtr ParsePublicKeyDer(std::span<const uint8_t> der) {
  const unsigned char* cursor = der.data();
  PkeyPtr key(
      d2i_PUBKEY_ex(nullptr, &cursor, static_cast<long>(der.size()), LibraryContext(), nullptr));
  if (key == nullptr) {
    ThrowOpensslError("invalid X.509 public key encoding", ErrorKind::kInvalidKey);
  }
  if (cursor != der.data() + der.size()) {
    throw Error(ErrorKind::kInvalidKey, "trailing bytes after the X.509 public key encoding");
  }
  key_encoding::CheckSubjectPublicKeyInfo(der);
  return key;
}

PkeyPtr ParsePrivateKeyDer(std::span<const uint8_t> der) {
  const unsigned char* cursor = der.data();
  Pkcs8Ptr info(d2i_PKCS8_PRIV_KEY_INFO(nullptr, &cursor, static_cast<long>(der.size())));
  if (info == nullptr) {
    ThrowOpensslError("invalid PKCS#8 private key encoding", ErrorKind::kInvalidKey);
  }
  if (cursor != der.data() + der.size()) {
    throw Error(ErrorKind::kInvalidKey, "trailing bytes after the PKCS#8 private key encoding");
  }
  key_encoding::CheckPrivateKeyInfo(der);
  PkeyPtr key(EVP_PKCS82PKEY_ex(info.get(), LibraryContext(), nullptr));
  if (key == nullptr) {
    ThrowOpensslError("unusable PKCS#8 private key", ErrorKind::kInvalidKey);
  }
  key_encoding::CheckDecodedPrivateKey(key.get());
  return key;
}

std::vector<uint8_t> EncodePublicKeyDer(const EVP_PKEY* key) {
  int len = i2d_PUBKEY(key, nullptr);
  if (len <= 0) {
    ThrowOpensslError("i2d_PUBKEY", ErrorKind::kInvalidKey);
  }
  std::vector<uint8_t> der(static_cast<size_t>(len));
  unsigned char* cursor = der.data();
  if (i2d_PUBKEY(key, &cursor) != len) {
    ThrowOpensslError("i2d_PUBKEY");
  }
  return der;
}

SecretBuffer EncodePrivateKeyDer(const EVP_PKEY* key) {
  Pkcs8Ptr info(EVP_PKEY2PKCS8(key));
  if (info == nullptr) {
    ThrowOpensslError("the key has no PKCS#8 private key encoding", ErrorKind::kInvalidKey);
  }
  int len = i2d_PKCS8_PRIV_KEY_INFO(info.get(), nullptr);
  if (len <= 0) {
    ThrowOpensslError("i2d_PKCS8_PRIV_KEY_INFO");
  }
  SecretBuffer der(static_cast<size_t>(len));
  unsigned char* cursor = der.data();
  if (i2d_PKCS8_PRIV_KEY_INFO(info.get(), &cursor) != len) {
    ThrowOpensslError("i2d_PKCS8_PRIV_KEY_INFO");
  }
  return der;
}

PkeyPtr RawPublicKey(const char* type, std::span<const uint8_t> bytes) {
  PkeyPtr key(
      EVP_PKEY_new_raw_public_key_ex(LibraryContext(), type, nullptr, bytes.data(), bytes.size()));
  if (key == nullptr) {
    ThrowOpensslError("invalid public key", ErrorKind::kInvalidKey);
  }
  return key;
}

PkeyPtr RawPrivateKey(const char* type, std::span<const uint8_t> bytes) {
  PkeyPtr key(
      EVP_PKEY_new_raw_private_key_ex(LibraryContext(), type, nullptr, bytes.data(), bytes.size()));
  if (key == nullptr) {
    ThrowOpensslError("invalid private key", ErrorKind::kInvalidKey);
  }
  return key;
}

namespace {

// The key's octet-string parameter `name` (OSSL_PKEY_PARAM_PUB_KEY or _PRIV_KEY) as its key
// manager reports it, in a new Buffer; nothing, with the error queue left clean, if the key
// manager offers none or fails to give it.
template <typename Buffer>
std::optional<Buffer> KeyParamBytes(const EVP_PKEY* key, const char* name) {
  size_t size = 0;
  if (EVP_PKEY_get_octet_string_param(key, name, nullptr, 0, &size) != 1 || size == 0) {
    ClearOpensslErrors();
    return std::nullopt;
  }
  std::optional<Buffer> bytes(std::in_place, size);
  size_t len = 0;
  if (EVP_PKEY_get_octet_string_param(key, name, bytes->data(), size, &len) != 1 || len != size) {
    ClearOpensslErrors();
    return std::nullopt;
  }
  return bytes;
}

}  // namespace

// The raw bytes are read as the key manager's own parameter, where it offers one (X25519, Ed25519,
// ML-KEM, ML-DSA, SLH-DSA, the hybrid KEMs). EVP_PKEY_get_raw_public_key and _private_key export
// the whole key instead, once for the length and again for the bytes, each export building a
// parameter array of copies: for an ML-KEM-768 key pair that was two encodings of its 1184-byte
// public key after each generation, where the parameter costs one. The export stays as the
// fallback for a key manager without the parameter.
std::vector<uint8_t> RawPublicBytes(const EVP_PKEY* key) {
  if (auto bytes = KeyParamBytes<std::vector<uint8_t>>(key, OSSL_PKEY_PARAM_PUB_KEY)) {
    return std::move(*bytes);
  }
  size_t len = 0;
  CheckOpenssl(EVP_PKEY_get_raw_public_key(key, nullptr, &len), "EVP_PKEY_get_raw_public_key");
  std::vector<uint8_t> bytes(len);
  CheckOpenssl(EVP_PKEY_get_raw_public_key(key, bytes.data(), &len), "EVP_PKEY_get_raw_public_key");
  bytes.resize(len);
  return bytes;
}

SecretBuffer RawPrivateBytes(const EVP_PKEY* key) {
  if (auto bytes = KeyParamBytes<SecretBuffer>(key, OSSL_PKEY_PARAM_PRIV_KEY)) {
    return std::move(*bytes);
  }
  size_t len = 0;
  CheckOpenssl(EVP_PKEY_get_raw_private_key(key, nullptr, &len), "EVP_PKEY_get_raw_private_key");
  SecretBuffer bytes(len);
  CheckOpenssl(EVP_PKEY_get_raw_private_key(key, bytes.data(), &len),
               "EVP_PKEY_get_raw_private_key");
  bytes.Truncate(len);
  return bytes;
}

std::string KeyTypeName(const EVP_PKEY* key) {
  const char* name = EVP_PKEY_get0_type_name(key);
  return name != nullptr ? name : "";
}

int KeyBits(const EVP_PKEY* key) {
  int bits = EVP_PKEY_get_bits(key);
  if (bits <= 0) {
    ClearOpensslErrors();  // "unknown bits" is an answer here, not a failure
    return 0;
  }
  return bits;
}

KeyPairGenerator::KeyPairGenerator(const char* algorithm, const char* group)
    : ctx_(EVP_PKEY_CTX_new_from_name(LibraryContext(), algorithm, nullptr)) {
  if (ctx_ == nullptr || EVP_PKEY_keygen_init(ctx_.get()) != 1) {
    ThrowOpensslError("key generation is not available", ErrorKind::kInvalidParameter);
  }
  if (group != nullptr) {
    const OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, const_cast<char*>(group), 0),
        OSSL_PARAM_construct_end(),
    };
    if (EVP_PKEY_CTX_set_params(ctx_.get(), params) != 1) {
      ThrowOpensslError("unsupported curve", ErrorKind::kInvalidParameter);
    }
  }
}

PkeyPtr KeyPairGenerator::Generate() {
  EVP_PKEY* key = nullptr;
  CheckOpenssl(EVP_PKEY_generate(ctx_.get(), &key), "EVP_PKEY_generate");
  return PkeyPtr(key);
}

}  // namespace carbide
