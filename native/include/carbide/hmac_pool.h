// What HKDF and PBKDF2 written out over carbide::Hmac share: a pool of keyless HMACs over one
// digest, and a stack block for an HMAC output that is a secret.
#pragma once

#include <openssl/evp.h>

#include <cstdint>
#include <memory>
#include <utility>

#include "carbide/cleanse.h"
#include "carbide/idle_pool.h"
#include "carbide/mac.h"

namespace carbide {

// A stack buffer for one HMAC output that is a secret (a PRK, a partial block, a PBKDF2 block),
// cleansed however its scope ends.
struct SecretMacBlock {
  uint8_t bytes[kMaxMacSize];
  ~SecretMacBlock() { Cleanse(bytes, sizeof(bytes)); }
};

// Keyless HMACs over one digest, for derivations that key one per call: making one costs an
// allocation, and for the EVP_MAC path a digest set by name. Thread-safe.
class HmacPool {
 public:
  // Makes the first HMAC now, which also proves that HMAC takes the digest.
  explicit HmacPool(const EVP_MD* md) : md_(md) { idle_.Put(std::make_unique<Hmac>(md)); }

  // Runs body(hmac) on an idle HMAC, or a new one if none is idle; the body keys it. Afterwards
  // the HMAC is rekeyed with nothing, which replaces its key and pad states, so no secret waits in
  // the pool, and pooled. If the body throws, the HMAC is freed instead, and its destructor
  // cleanses the pad states.
  template <typename Body>
  void With(Body&& body) const {
    std::unique_ptr<Hmac> hmac = idle_.Take();
    if (hmac == nullptr) {
      hmac = std::make_unique<Hmac>(md_);
    }
    body(*hmac);
    hmac->SetKey(nullptr, 0);
    idle_.Put(std::move(hmac));
  }

 private:
  const EVP_MD* md_;
  mutable IdlePool<std::unique_ptr<Hmac>> idle_;
};

}  // namespace carbide
