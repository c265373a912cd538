// Message digests over a reusable EVP_MD_CTX.
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <memory>

#include "carbide/owned.h"
#include "carbide/provider_digest.h"
#include "carbide/sha_functions.h"

namespace carbide {

// The largest output of any digest we serve, for stack buffers.
inline constexpr size_t kMaxDigestSize = EVP_MAX_MD_SIZE;

// One digest computation at a time, over a context that is allocated once and re-initialised in
// place for every message (EVP_DigestInit_ex2), which is what makes short messages cheap.
// Not thread-safe: one owner at a time, as a JCA engine is.
//
// SHA-1, SHA-2 and MD5 served by OpenSSL's default provider take a shorter path to the same
// assembly: the low-level SHA*_Init/Update/Final calls, which skip EVP's per-call dispatch (about
// 40 ns of the 150 ns a 64-byte SHA-256 costs through EVP). Other fixed-length digests, every one
// of the FIPS provider's among them, call their provider's own functions (provider_digest.h), which
// skips the same bookkeeping while the provider's code, in FIPS mode the module's, still does the
// work. Extendable-output functions go through EVP.
class Digest {
 public:
  // `md` comes from FindDigest (it must outlive the process's digests) and must be non-null. Throws
  // Error(kOutOfMemory) if the context cannot be allocated. The new digest is ready for Update.
  explicit Digest(const EVP_MD* md);

  // As above, with an output of `output_size` bytes, which an extendable-output function (SHAKE)
  // needs: its output has no fixed length, so the JCA's SHAKE128-256 fixes it at 32 bytes.
  // Throws Error(kIllegalArgument) if `md` is not an XOF and `output_size` is not its size, or if
  // `output_size` is 0 or more than kMaxDigestSize.
  Digest(const EVP_MD* md, size_t output_size);

  // Copies the running state of `other`, so that both continue independently (clone()).
  Digest(const Digest& other);
  Digest& operator=(const Digest&) = delete;

  // Cleanses the low-level state, which holds message bytes.
  ~Digest();

  // A digest's input is not secret by contract, so buffers that held it need no cleansing after
  // each message (the JDK's own digests keep it in the Java heap).
  static constexpr bool kInputIsSecret = false;

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

  // Snapshots, for a cheap clone(): the low-level functions when this digest takes the SHA
  // shortcut, whose whole state is then a plain struct that can be copied out and back, else null.
  const internal::ShaFunctions* snapshot_functions() const noexcept { return sha_; }

  // Writes to `out` the state of the message so far, leaving this digest unchanged. Throws
  // Error(kIllegalState) unless snapshot_functions() is set.
  void Snapshot(internal::ShaState* out) const;

  // Continues the message whose state Snapshot wrote. Throws as Snapshot does, and
  // Error(kIllegalArgument) if `state` is not one a SHA state could be (ShaFunctions::valid).
  void Restore(const internal::ShaState& state);

 private:
  MdCtxPtr ctx_;  // null when sha_ or direct_ is set
  const EVP_MD* md_;
  size_t size_;
  bool xof_;                           // finished with EVP_DigestFinalXOF at size_ bytes
  const internal::ShaFunctions* sha_;  // the low-level path, or null
  const internal::ProviderDigestFunctions* direct_;  // the provider's functions, or null for EVP
  // The provider's context when direct_ is set, freed (and cleansed) by the provider's freectx.
  std::unique_ptr<void, OSSL_FUNC_digest_freectx_fn*> direct_ctx_{nullptr, nullptr};
  internal::ShaState state_;  // the low-level state when sha_ is set
};

}  // namespace carbide
