// A small pool of idle objects for reuse (HKDF's and PBKDF2's HMAC contexts).
#pragma once

#include <cstddef>
#include <mutex>
#include <utility>
#include <vector>

namespace carbide {

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
