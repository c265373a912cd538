// The low-level SHA API is deprecated in OpenSSL 3 but exported by every 3.x libcrypto; the
// macros must precede every OpenSSL header, so they come before our own.
#undef OPENSSL_NO_DEPRECATED
#define OPENSSL_SUPPRESS_DEPRECATED
// clang-format off
#include "carbide/sha_functions.h"
// clang-format on

#include <openssl/md5.h>
#include <openssl/provider.h>
#include <openssl/sha.h>

#include <string_view>

namespace carbide::internal {
namespace {

static_assert(sizeof(SHA512_CTX) <= sizeof(ShaState) && sizeof(SHA256_CTX) <= sizeof(ShaState) &&
              sizeof(SHA_CTX) <= sizeof(ShaState) && sizeof(MD5_CTX) <= sizeof(ShaState));

template <typename Ctx>
Ctx* As(ShaState* state) {
  return reinterpret_cast<Ctx*>(state->bytes);
}

template <typename Ctx>
const Ctx* As(const ShaState& state) {
  return reinterpret_cast<const Ctx*>(state.bytes);
}

// The bytes of one block, which Ctx buffers in `data` (MD5, SHA-1, SHA-256) or `u` (SHA-512).
template <typename Ctx>
constexpr size_t BlockBytes() {
  if constexpr (requires { sizeof(Ctx::u); }) {
    return sizeof(Ctx::u);
  } else {
    return sizeof(Ctx::data);
  }
}
static_assert(BlockBytes<SHA_CTX>() == SHA_CBLOCK && BlockBytes<SHA256_CTX>() == SHA256_CBLOCK &&
              BlockBytes<SHA512_CTX>() == SHA512_CBLOCK && BlockBytes<MD5_CTX>() == MD5_CBLOCK);

// One row per algorithm; the OpenSSL functions return 1 unconditionally for valid contexts.
template <typename Ctx, int (*Init)(Ctx*), int (*Update)(Ctx*, const void*, size_t),
          int (*Final)(unsigned char*, Ctx*)>
constexpr ShaFunctions Functions(size_t block_size, size_t digest_size) noexcept {
  return {
      block_size,
      digest_size,
      sizeof(Ctx),
      [](ShaState* state) { Init(As<Ctx>(state)); },
      [](ShaState* state, const uint8_t* data, size_t len) { Update(As<Ctx>(state), data, len); },
      [](uint8_t* out, ShaState* state) { Final(out, As<Ctx>(state)); },
      // Ctx::num counts the bytes waiting for a whole block; a full block is compressed at once,
      // so num stays below the block's size.
      [](const ShaState& state) { return As<Ctx>(state)->num < BlockBytes<Ctx>(); },
  };
}

struct Entry {
  const char* name;
  ShaFunctions functions;
};

constexpr Entry kEntries[] = {
    {"SHA1", Functions<SHA_CTX, SHA1_Init, SHA1_Update, SHA1_Final>(64, 20)},
    {"SHA2-224", Functions<SHA256_CTX, SHA224_Init, SHA224_Update, SHA224_Final>(64, 28)},
    {"SHA2-256", Functions<SHA256_CTX, SHA256_Init, SHA256_Update, SHA256_Final>(64, 32)},
    {"SHA2-384", Functions<SHA512_CTX, SHA384_Init, SHA384_Update, SHA384_Final>(128, 48)},
    {"SHA2-512", Functions<SHA512_CTX, SHA512_Init, SHA512_Update, SHA512_Final>(128, 64)},
    // Not SHA, but the same Merkle-Damgard shape and struct layout (a block buffer and `num`). Over
    // EVP_MAC, HmacMD5 spent a quarter of a 64-byte message in EVP's context copies and parameter
    // lookups (docs/macs.md, session 14).
    {"MD5", Functions<MD5_CTX, MD5_Init, MD5_Update, MD5_Final>(64, 16)},
};

}  // namespace

const ShaFunctions* FindShaFunctions(const EVP_MD* md) {
  const OSSL_PROVIDER* provider = EVP_MD_get0_provider(md);
  if (provider == nullptr || std::string_view(OSSL_PROVIDER_get0_name(provider)) != "default") {
    return nullptr;
  }
  for (const auto& entry : kEntries) {
    if (EVP_MD_is_a(md, entry.name)) {
      return &entry.functions;
    }
  }
  return nullptr;
}

}  // namespace carbide::internal
