// HKDF (RFC 5869) over OpenSSL's EVP_KDF "HKDF".
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "carbide/owned.h"

namespace carbide {

// What one HKDF derivation computes. The values cross JNI, so they must not change.
enum class HkdfMode : int {
  kExtract = 0,           // PRK = HMAC-Hash(salt, IKM); the output is exactly HashLen bytes
  kExpand = 1,            // OKM = the first L bytes of T(1) | T(2) | ... under PRK and info
  kExtractThenExpand = 2  // Expand(Extract(salt, IKM), info, L)
};

// The inputs of one derivation. Spans may be empty (with a null data pointer).
struct HkdfInput {
  // IKM for kExtract and kExtractThenExpand; PRK, at least HashLen bytes, for kExpand.
  std::span<const uint8_t> key;
  // Used by the extract step only. Empty means HashLen zero bytes, as RFC 5869 says.
  std::span<const uint8_t> salt;
  // Used by the expand step only; at most Hkdf::max_info_size() bytes.
  std::span<const uint8_t> info;
};

// HKDF over one digest. Thread-safe: each derivation borrows an EVP_KDF_CTX from a small pool.
// A pooled context already has its digest set, which saves OpenSSL a fetch by name (about a
// third of an HKDF-Expand) and an allocation per derivation, and is scrubbed of its key when it
// is returned. TLS 1.3 derives about 40 times per handshake, each time through a new
// javax.crypto.KDF, so the pool lives here and not in a Java object.
class Hkdf {
 public:
  // `kdf` comes from FindKdf("HKDF") and `md` from FindDigest; both must be non-null and outlive
  // this object. Throws Error(kProvider) if HKDF refuses the digest, or Error(kOutOfMemory).
  Hkdf(const EVP_KDF* kdf, const EVP_MD* md);
  ~Hkdf();
  Hkdf(const Hkdf&) = delete;
  Hkdf& operator=(const Hkdf&) = delete;

  // Returns the HKDF over `md`, built on first use and kept for the life of the process, or
  // nullptr if `md` is null, the loaded OpenSSL lacks HKDF, or HKDF refuses `md`. Thread-safe.
  static const Hkdf* Find(const EVP_MD* md);

  // HashLen: the digest's output length, and the length of a PRK.
  size_t hash_size() const noexcept { return hash_size_; }

  // RFC 5869's limit on L: 255 * HashLen.
  size_t max_output_size() const noexcept { return 255 * hash_size_; }

  // OpenSSL's limit on the info: 32 KiB since 3.0.x releases of 2024, 1 KiB before. RFC 5869 has
  // none, so longer infos are refused as an unsupported parameter, for a JCA caller to fall back.
  size_t max_info_size() const noexcept { return max_info_size_; }

  // Writes the output of `mode` on `input` to `out`, whose size is L. For kExtract, L must be
  // hash_size(); for the other modes 1 <= L <= max_output_size(). Throws Error(kInvalidParameter)
  // if L is out of range, a PRK is shorter than HashLen or the info too long, and
  // Error(kProvider) if OpenSSL fails, in which case `out` is cleansed. Thread-safe.
  void Derive(HkdfMode mode, const HkdfInput& input, std::span<uint8_t> out) const;

  // A context of this HKDF's own, for a caller (the benchmark) that keeps one: each Derive on it
  // sets every input anew, so nothing of a previous derivation carries over. Not thread-safe.
  KdfCtxPtr NewContext() const;
  void Derive(EVP_KDF_CTX* ctx, HkdfMode mode, const HkdfInput& input,
              std::span<uint8_t> out) const;

 private:
  // Enough for every thread that derives at the same moment on a busy server; more are made and
  // freed on demand.
  static constexpr size_t kMaxIdleContexts = 32;

  void CheckSizes(HkdfMode mode, const HkdfInput& input, size_t out_len) const;
  void SetDigest(EVP_KDF_CTX* ctx) const;
  size_t ProbeMaxInfoSize() const;
  KdfCtxPtr Borrow() const;
  void Return(KdfCtxPtr ctx) const;

  const EVP_KDF* kdf_;
  std::string digest_name_;
  size_t hash_size_;
  size_t max_info_size_;
  mutable std::mutex mutex_;
  mutable std::vector<EVP_KDF_CTX*> idle_;
};

}  // namespace carbide
