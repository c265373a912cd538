// Engine-internal: OpenSSL's low-level SHA-1, SHA-2 and MD5 functions, for the hot paths that call
// the same assembly as EVP without EVP's per-call dispatch (Digest, and Hmac's precomputed pads).
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>

namespace carbide::internal {

// Room for the low-level state of any of these algorithms (SHA_CTX, SHA256_CTX, SHA512_CTX,
// MD5_CTX), kept opaque so that users need no deprecated declarations. Copyable by assignment.
struct ShaState {
  alignas(16) unsigned char bytes[256];
};

// The functions of one algorithm.
struct ShaFunctions {
  size_t block_size;   // bytes per compression block: 64 or 128
  size_t digest_size;  // bytes of output
  size_t state_size;   // bytes of ShaState the algorithm's struct uses, from the start
  void (*init)(ShaState* state);
  void (*update)(ShaState* state, const uint8_t* data, size_t len);
  void (*final)(uint8_t* out, ShaState* state);  // leaves the state to be re-initialised
  // False if `state` could not have come from init and update: its count of buffered bytes is
  // past the block, where update would write out of bounds. A state that crossed from Java (a
  // snapshot, HeapShaDigest's) is checked before use, so that a corrupted or torn one (threads
  // racing on one digest) gives a wrong digest or an error, never a stray write.
  bool (*valid)(const ShaState& state);
};

// Returns the low-level functions for `md`, or nullptr when `md` must go through EVP: it is not
// SHA-1, SHA-224, SHA-256, SHA-384, SHA-512 or MD5, or it comes from a provider other than
// OpenSSL's built-in "default" one. A FIPS provider's digests therefore always run inside the
// module.
const ShaFunctions* FindShaFunctions(const EVP_MD* md);

}  // namespace carbide::internal
