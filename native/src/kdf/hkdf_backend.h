// The two ways Hkdf computes a derivation, and the pool of OpenSSL contexts each reuses.
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <memory>
#include <mutex>
#include <span>
#include <utility>
#include <vector>

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

// Idle objects kept for reuse by whichever thread derives next. A mutex is cheaper than making a
// context (an allocation, and for EVP_KDF a digest fetch by name), and unlike per-thread objects
// the pool stays bounded however many threads a server runs and dies with its owner.
template <typename Owner>
class IdlePool {
 public:
  IdlePool() { idle_.reserve(kMaxIdle); }  // so that Put never allocates

  // Returns an idle object, or an empty Owner if none is idle.
  Owner Take() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (idle_.empty()) {
      return Owner();
    }
    Owner owner = std::move(idle_.back());
    idle_.pop_back();
    return owner;
  }

  // Keeps `owner`, which must hold no secret, for a later Take; frees it if enough are idle.
  void Put(Owner owner) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (idle_.size() < kMaxIdle) {
      idle_.push_back(std::move(owner));
    }
  }

 private:
  // Enough for every thread that derives at the same moment on a busy server; more are made and
  // freed on demand.
  static constexpr size_t kMaxIdle = 32;

  std::mutex mutex_;
  std::vector<Owner> idle_;
};

}  // namespace carbide
