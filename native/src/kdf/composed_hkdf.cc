// HKDF written out over carbide::Hmac, as RFC 5869 section 2 defines it.
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>

#include "carbide/error.h"
#include "carbide/hmac_pool.h"
#include "carbide/mac.h"
#include "hkdf_backend.h"

namespace carbide {
namespace {

// PRK = HMAC-Hash(salt, IKM), written to `prk` (HashLen bytes).
void Extract(Hmac& hmac, std::span<const uint8_t> salt, std::span<const uint8_t> ikm,
             uint8_t* prk) {
  // An empty salt is an empty HMAC key, which is the same key as RFC 5869's HashLen zeros: HMAC
  // pads every key with zeros to the block size.
  hmac.SetKey(salt.data(), salt.size());
  hmac.Update(ikm.data(), ikm.size());
  hmac.Finish(prk);
}

// OKM = the first L bytes of T(1) | T(2) | ..., T(i) = HMAC-Hash(PRK, T(i-1) | info | i), with
// T(0) empty. Hkdf has checked that L <= 255 * HashLen, so the counter cannot wrap.
void Expand(Hmac& hmac, std::span<const uint8_t> prk, std::span<const uint8_t> info,
            std::span<uint8_t> okm) {
  hmac.SetKey(prk.data(), prk.size());
  const size_t block_size = hmac.size();
  // Whole blocks are written straight to `okm`, so T(i-1) is read back from there; only a final
  // partial block needs a buffer of its own.
  const uint8_t* previous = nullptr;
  size_t done = 0;
  for (uint8_t counter = 1; done < okm.size(); ++counter) {
    hmac.Update(previous, previous != nullptr ? block_size : 0);
    hmac.Update(info.data(), info.size());
    hmac.Update(&counter, 1);
    uint8_t* block = okm.data() + done;
    size_t remaining = okm.size() - done;
    if (remaining >= block_size) {
      hmac.Finish(block);
      previous = block;
      done += block_size;
    } else {
      SecretMacBlock last;
      hmac.Finish(last.bytes);
      std::memcpy(block, last.bytes, remaining);
      done = okm.size();
    }
  }
}

class ComposedHkdf final : public HkdfBackend {
 public:
  explicit ComposedHkdf(const EVP_MD* md) : hmacs_(md) {}

  size_t max_info_size() const noexcept override { return SIZE_MAX; }

  void Derive(HkdfMode mode, const HkdfInput& input, std::span<uint8_t> out) const override {
    hmacs_.With([&](Hmac& hmac) { Run(hmac, mode, input, out); });
  }

 private:
  static void Run(Hmac& hmac, HkdfMode mode, const HkdfInput& input, std::span<uint8_t> out) {
    switch (mode) {
      case HkdfMode::kExtract:
        Extract(hmac, input.salt, input.key, out.data());
        return;
      case HkdfMode::kExpand:
        Expand(hmac, input.key, input.info, out);
        return;
      case HkdfMode::kExtractThenExpand: {
        SecretMacBlock prk;
        Extract(hmac, input.salt, input.key, prk.bytes);
        Expand(hmac, {prk.bytes, hmac.size()}, input.info, out);
        return;
      }
    }
    throw Error(ErrorKind::kInvalidParameter, "unknown HKDF mode");
  }

  HmacPool hmacs_;
};

}  // namespace

std::unique_ptr<const HkdfBackend> NewComposedHkdf(const EVP_MD* md) {
  return std::make_unique<ComposedHkdf>(md);
}

}  // namespace carbide
