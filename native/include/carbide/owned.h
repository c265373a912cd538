// Move-only owners for OpenSSL objects: each frees its object exactly once with OpenSSL's own free
// function, so no engine code calls *_free by hand.
#pragma once

#include <openssl/evp.h>
#include <openssl/kdf.h>

#include <memory>

namespace carbide {

template <typename T, void (*Free)(T*)>
struct OpensslDeleter {
  void operator()(T* ptr) const noexcept { Free(ptr); }
};

template <typename T, void (*Free)(T*)>
using Owned = std::unique_ptr<T, OpensslDeleter<T, Free>>;

using MdCtxPtr = Owned<EVP_MD_CTX, EVP_MD_CTX_free>;
using MdPtr = Owned<EVP_MD, EVP_MD_free>;
using MacPtr = Owned<EVP_MAC, EVP_MAC_free>;
using MacCtxPtr = Owned<EVP_MAC_CTX, EVP_MAC_CTX_free>;
using KdfPtr = Owned<EVP_KDF, EVP_KDF_free>;
using KdfCtxPtr = Owned<EVP_KDF_CTX, EVP_KDF_CTX_free>;
using CipherPtr = Owned<EVP_CIPHER, EVP_CIPHER_free>;
using CipherCtxPtr = Owned<EVP_CIPHER_CTX, EVP_CIPHER_CTX_free>;
using PkeyPtr = Owned<EVP_PKEY, EVP_PKEY_free>;
using PkeyCtxPtr = Owned<EVP_PKEY_CTX, EVP_PKEY_CTX_free>;

}  // namespace carbide
