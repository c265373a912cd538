#include "carbide/kem.h"

#include <openssl/crypto.h>

#include "carbide/error.h"
#include "carbide/library.h"

namespace carbide {
namespace {

using KeyManagementPtr = Owned<EVP_KEYMGMT, EVP_KEYMGMT_free>;

}  // namespace

bool KeyTypeAvailable(const char* name) {
  KeyManagementPtr keymgmt(EVP_KEYMGMT_fetch(LibraryContext(), name, nullptr));
  if (keymgmt == nullptr) {
    ClearOpensslErrors();
    return false;
  }
  return true;
}

bool PostQuantumKeyTypeAvailable(const char* name) {
  return OpenSSL_version_num() >= 0x30500000L && KeyTypeAvailable(name);
}

std::vector<uint8_t> KeyShare(EVP_PKEY* key) {
  unsigned char* encoded = nullptr;
  size_t length = EVP_PKEY_get1_encoded_public_key(key, &encoded);
  if (length == 0 || encoded == nullptr) {
    ThrowOpensslError("the key has no encoded public key", ErrorKind::kInvalidKey);
  }
  std::vector<uint8_t> share(encoded, encoded + length);
  OPENSSL_free(encoded);
  return share;
}

Kem::Kem(EVP_PKEY* key, bool encapsulate)
    : key_(RetainKey(key)),
      ctx_(CheckNotNull(EVP_PKEY_CTX_new_from_pkey(LibraryContext(), key, nullptr),
                        "EVP_PKEY_CTX_new")),
      encapsulate_(encapsulate) {
  int rc = encapsulate ? EVP_PKEY_encapsulate_init(ctx_.get(), nullptr)
                       : EVP_PKEY_decapsulate_init(ctx_.get(), nullptr);
  if (rc != 1) {
    ThrowOpensslError(encapsulate ? "the key cannot encapsulate" : "the key cannot decapsulate",
                      ErrorKind::kInvalidKey);
  }
  // The sizes come from an encapsulation query, which both directions answer from the key.
  if (encapsulate) {
    CheckOpenssl(
        EVP_PKEY_encapsulate(ctx_.get(), nullptr, &ciphertext_size_, nullptr, &secret_size_),
        "EVP_PKEY_encapsulate");
  } else {
    PkeyCtxPtr query(CheckNotNull(EVP_PKEY_CTX_new_from_pkey(LibraryContext(), key, nullptr),
                                  "EVP_PKEY_CTX_new"));
    CheckOpenssl(EVP_PKEY_encapsulate_init(query.get(), nullptr), "EVP_PKEY_encapsulate_init");
    CheckOpenssl(
        EVP_PKEY_encapsulate(query.get(), nullptr, &ciphertext_size_, nullptr, &secret_size_),
        "EVP_PKEY_encapsulate");
  }
}

void Kem::Encapsulate(uint8_t* ciphertext, uint8_t* secret) {
  if (!encapsulate_) {
    throw Error(ErrorKind::kIllegalState, "this KEM context decapsulates");
  }
  size_t ciphertext_len = ciphertext_size_;
  size_t secret_len = secret_size_;
  CheckOpenssl(EVP_PKEY_encapsulate(ctx_.get(), ciphertext, &ciphertext_len, secret, &secret_len),
               "EVP_PKEY_encapsulate");
  if (ciphertext_len != ciphertext_size_ || secret_len != secret_size_) {
    throw Error(ErrorKind::kProvider, "unexpected encapsulation length");
  }
}

void Kem::Decapsulate(std::span<const uint8_t> ciphertext, uint8_t* secret) {
  if (encapsulate_) {
    throw Error(ErrorKind::kIllegalState, "this KEM context encapsulates");
  }
  if (ciphertext.size() != ciphertext_size_) {
    throw Error(ErrorKind::kIllegalArgument, "Invalid key encapsulation message length");
  }
  size_t secret_len = secret_size_;
  if (EVP_PKEY_decapsulate(ctx_.get(), secret, &secret_len, ciphertext.data(), ciphertext.size()) !=
          1 ||
      secret_len != secret_size_) {
    // ML-KEM never fails here; a hybrid fails on a classical share that is not a point of its
    // curve, or (X25519) one that gives the all-zero secret.
    ThrowOpensslError("Invalid key encapsulation message: the classical share is invalid",
                      ErrorKind::kIllegalArgument);
  }
}

}  // namespace carbide
