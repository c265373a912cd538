// HKDF (RFC 5869), composed over the engine's HMAC, or over OpenSSL's EVP_KDF "HKDF" when the
// digest comes from a provider other than OpenSSL's default one (a FIPS module).
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

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

// One way of computing HKDF (src/kdf/hkdf_backend.h).
class HkdfBackend;

// HKDF over one digest. Thread-safe: each derivation borrows its OpenSSL context from a small
// pool, so that none is allocated (or has its digest fetched by name) per derivation, and scrubs
// it of every secret before returning it. TLS 1.3 derives about 40 times per handshake, each
// time through a new javax.crypto.KDF, so the pool lives here and not in a Java object.
class Hkdf {
 public:
  // How the derivations are computed; both give the same bytes.
  enum class Path {
    // RFC 5869's two steps written out over carbide::Hmac: OpenSSL's EVP_KDF fetches HMAC and
    // the digest by name in every extract and allocates an HMAC context in every expand, which
    // made it slower than the JDK.
    kComposed,
    // OpenSSL's EVP_KDF "HKDF", so that a validated module runs HKDF itself as one service.
    kEvpKdf,
  };

  // kComposed for a digest from OpenSSL's "default" provider, otherwise (a FIPS provider, or a
  // digest with no provider) kEvpKdf. `md` must be non-null.
  static Path ChoosePath(const EVP_MD* md);

  // The HKDF over `md` on `path`. `md` comes from FindDigest (or is otherwise kept alive by the
  // caller) and must outlive this object. Throws Error(kProvider) if the loaded OpenSSL lacks
  // HMAC or HKDF or refuses `md`, or Error(kOutOfMemory). Forcing a path is for tests.
  explicit Hkdf(const EVP_MD* md) : Hkdf(md, ChoosePath(md)) {}
  Hkdf(const EVP_MD* md, Path path);
  ~Hkdf();
  Hkdf(const Hkdf&) = delete;
  Hkdf& operator=(const Hkdf&) = delete;

  // Returns the HKDF over `md`, built on first use and kept for the life of the process, or
  // nullptr if `md` is null or the loaded OpenSSL cannot derive with it. Thread-safe.
  static const Hkdf* Find(const EVP_MD* md);

  Path path() const noexcept { return path_; }

  // HashLen: the digest's output length, and the length of a PRK.
  size_t hash_size() const noexcept { return hash_size_; }

  // RFC 5869's limit on L: 255 * HashLen.
  size_t max_output_size() const noexcept { return 255 * hash_size_; }

  // The longest info accepted. RFC 5869 has no limit, and neither has kComposed (SIZE_MAX), but
  // OpenSSL's EVP_KDF caps it: 32 KiB since 3.0.x releases of 2024, 1 KiB before. On kEvpKdf a
  // longer info is refused as an unsupported parameter, for a JCA caller to fall back.
  size_t max_info_size() const noexcept;

  // Writes the output of `mode` on `input` to `out`, whose size is L and which must not overlap
  // the inputs. For kExtract, L must be hash_size(); for the other modes
  // 1 <= L <= max_output_size(). Throws Error(kInvalidParameter) if L is out of range, a PRK is
  // shorter than HashLen or the info too long, and Error(kProvider) if OpenSSL fails, in which
  // case `out` is cleansed. Thread-safe.
  void Derive(HkdfMode mode, const HkdfInput& input, std::span<uint8_t> out) const;

 private:
  void CheckSizes(HkdfMode mode, const HkdfInput& input, size_t out_len) const;

  size_t hash_size_;
  Path path_;
  std::unique_ptr<const HkdfBackend> backend_;
};

}  // namespace carbide
