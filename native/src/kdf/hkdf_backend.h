// The two ways Hkdf computes a derivation.
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <memory>
#include <span>

#include "carbide/idle_pool.h"
#include "carbide/kdf.h"

namespace carbide {

// One way of computing HKDF over one digest. Hkdf has checked the sizes (L, PRK length, info
// length) before calling Derive, and cleanses `out` if Derive throws. Thread-safe.
class HkdfBackend {
 public:
  virtual ~HkdfBackend() = default;

  // See Hkdf::max_info_size.
  virtual size_t max_info_size() const noexcept = 0;

  // See Hkdf::Derive. Leaves no secret behind in any context it keeps for later derivations.
  virtual void Derive(HkdfMode mode, const HkdfInput& input, std::span<uint8_t> out) const = 0;
};

// RFC 5869 over carbide::Hmac. Throws Error(kProvider) if the loaded OpenSSL offers no HMAC over
// `md`.
std::unique_ptr<const HkdfBackend> NewComposedHkdf(const EVP_MD* md);

// OpenSSL's EVP_KDF "HKDF". Throws Error(kProvider) if the loaded OpenSSL lacks HKDF or HKDF
// refuses `md`.
std::unique_ptr<const HkdfBackend> NewEvpKdfHkdf(const EVP_MD* md);

}  // namespace carbide
