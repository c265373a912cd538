// Message digests over a reusable EVP_MD_CTX.
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>

#include "carbide/owned.h"

namespace carbide {

// The largest output of any digest we serve, for stack buffers.
inline constexpr size_t kMaxDigestSize = EVP_MAX_MD_SIZE;

// One digest computation at a time, over a context that is allocated once and re-initialised in
// place for every message (EVP_DigestInit_ex2), which is what makes short messages cheap.
// Not thread-safe: one owner at a time, as a JCA engine is.
class Digest {
 public:
  // `md` comes from FindDigest and must be non-null. Throws Error(kOutOfMemory) if the context
  // cannot be allocated. The new digest is ready for Update.
  explicit Digest(const EVP_MD* md);

  // Copies the running state of `other`, so that both continue independently (clone()).
  Digest(const Digest& other);
  Digest& operator=(const Digest&) = delete;

  // Length of the output of `md`, in bytes.
  static size_t SizeOf(const EVP_MD* md) noexcept;

  // Length of the output of Finish, in bytes.
  size_t size() const noexcept { return size_; }

  // Discards any data absorbed so far and starts a new message.
  void Reset();

  // Absorbs `len` bytes at `data` (which may be null when len is 0).
  void Update(const uint8_t* data, size_t len);

  // Writes the digest of the message to `out`, which must hold size() bytes, then starts a new
  // message. Returns size().
  size_t Finish(uint8_t* out);

 private:
  MdCtxPtr ctx_;
  const EVP_MD* md_;
  size_t size_;
};

}  // namespace carbide
