// KdfTemplate: the parameter table, the prototype context and the derivations copied from it.
#include "carbide/evp_kdf.h"

#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "carbide/cleanse.h"
#include "carbide/error.h"
#include "carbide/owned.h"

namespace carbide {
namespace {

enum class ParamType { kOctets, kUtf8, kUint64, kUint32, kInt };

struct ParamInfo {
  const char* name;
  ParamType type;
};

// Indexed by KdfParamId.
constexpr std::array<ParamInfo, 21> kParams = {{
    {OSSL_KDF_PARAM_KEY, ParamType::kOctets},
    {OSSL_KDF_PARAM_PASSWORD, ParamType::kOctets},
    {OSSL_KDF_PARAM_SALT, ParamType::kOctets},
    {OSSL_KDF_PARAM_INFO, ParamType::kOctets},
    {OSSL_KDF_PARAM_SEED, ParamType::kOctets},
    {OSSL_KDF_PARAM_SECRET, ParamType::kOctets},
    {OSSL_KDF_PARAM_ARGON2_AD, ParamType::kOctets},
    {OSSL_KDF_PARAM_DIGEST, ParamType::kUtf8},
    {OSSL_KDF_PARAM_MAC, ParamType::kUtf8},
    {OSSL_KDF_PARAM_CIPHER, ParamType::kUtf8},
    {OSSL_KDF_PARAM_MODE, ParamType::kUtf8},
    {OSSL_KDF_PARAM_SCRYPT_N, ParamType::kUint64},
    {OSSL_KDF_PARAM_SCRYPT_R, ParamType::kUint32},
    {OSSL_KDF_PARAM_SCRYPT_P, ParamType::kUint32},
    {OSSL_KDF_PARAM_SCRYPT_MAXMEM, ParamType::kUint64},
    {OSSL_KDF_PARAM_ITER, ParamType::kUint32},
    {OSSL_KDF_PARAM_ARGON2_MEMCOST, ParamType::kUint32},
    {OSSL_KDF_PARAM_ARGON2_LANES, ParamType::kUint32},
    {OSSL_KDF_PARAM_KBKDF_USE_L, ParamType::kInt},
    {OSSL_KDF_PARAM_KBKDF_USE_SEPARATOR, ParamType::kInt},
    {OSSL_KDF_PARAM_PKCS5, ParamType::kInt},
}};

// OSSL_PARAM_get_octet_string refuses a null pointer even for zero bytes, so empty inputs point
// here.
const uint8_t kEmpty[1] = {0};

const ParamInfo& Info(KdfParamId id) {
  auto index = static_cast<size_t>(id);
  if (index >= kParams.size()) {
    throw Error(ErrorKind::kInvalidParameter,
                "unknown KDF parameter " + std::to_string(static_cast<int>(id)));
  }
  return kParams[index];
}

void CheckRange(const ParamInfo& info, uint64_t number, uint64_t max) {
  if (number > max) {
    throw Error(ErrorKind::kInvalidParameter,
                std::string("KDF parameter ") + info.name + " out of range");
  }
}

// The most parameters one call sets; the KDFs here take about a dozen at most.
constexpr size_t kMaxParams = 16;

// The OSSL_PARAMs of one call, on the stack: a derivation pays for no allocation here. Octet
// strings point into the caller's KdfParams; a number points into its slot, and a name into its
// copy in `names` (made so that it ends in NUL), which stay put until the call ends. Only fixed
// parameters are names, so a derivation's call constructs no string (with a string in each of the
// sixteen slots, SetKdfParams' own time in a profile of a one-step derivation exceeded that of its
// SHA-256 block).
struct ParamList {
  struct Slot {
    uint64_t wide;
    uint32_t narrow;
    int integer;
  };
  std::array<Slot, kMaxParams> slots;
  std::array<OSSL_PARAM, kMaxParams + 1> list;
  // Reserved for every parameter at the first name, so that no string moves afterwards.
  std::vector<std::string> names;

  explicit ParamList(std::span<const KdfParam> params) {
    if (params.size() > kMaxParams) {
      throw Error(ErrorKind::kInvalidParameter, "too many KDF parameters");
    }
    for (size_t i = 0; i < params.size(); ++i) {
      list[i] = Construct(params[i], slots[i], names);
    }
    list[params.size()] = OSSL_PARAM_construct_end();
  }

  static OSSL_PARAM Construct(const KdfParam& param, Slot& slot, std::vector<std::string>& names) {
    const ParamInfo& info = Info(param.id);
    switch (info.type) {
      case ParamType::kOctets: {
        const uint8_t* data = param.bytes.empty() ? kEmpty : param.bytes.data();
        // OSSL_PARAM's pointer is not const, but setting a parameter only reads through it.
        return OSSL_PARAM_construct_octet_string(info.name, const_cast<uint8_t*>(data),
                                                 param.bytes.size());
      }
      case ParamType::kUtf8: {
        names.reserve(kMaxParams);
        std::string& name = names.emplace_back(param.bytes.begin(), param.bytes.end());
        if (name.find('\0') != std::string::npos) {
          throw Error(ErrorKind::kInvalidParameter,
                      std::string("KDF parameter ") + info.name + " holds a NUL");
        }
        return OSSL_PARAM_construct_utf8_string(info.name, name.data(), 0);
      }
      case ParamType::kUint64:
        slot.wide = param.number;
        return OSSL_PARAM_construct_uint64(info.name, &slot.wide);
      case ParamType::kUint32:
        CheckRange(info, param.number, std::numeric_limits<uint32_t>::max());
        slot.narrow = static_cast<uint32_t>(param.number);
        return OSSL_PARAM_construct_uint32(info.name, &slot.narrow);
      case ParamType::kInt:
        CheckRange(info, param.number, std::numeric_limits<int>::max());
        slot.integer = static_cast<int>(param.number);
        return OSSL_PARAM_construct_int(info.name, &slot.integer);
    }
    throw Error(ErrorKind::kInvalidParameter, "unknown KDF parameter type");
  }
};

// The most spare contexts a template keeps: about one per thread deriving at once.
constexpr size_t kMaxSpares = 8;

// The most zeros a spare's key is overwritten with: an AES-256 key's 32 and more.
constexpr size_t kScrubSize = 64;

// The bits of the parameters that `params` leaves in a context: every number, and every octet
// string (or name) that is not empty, since OpenSSL's KBKDF ignores an empty one. A spare that
// holds a parameter serves only a derivation that sets it again.
uint32_t HeldAfter(std::span<const KdfParam> params) {
  uint32_t held = 0;
  for (const KdfParam& param : params) {
    if (!KdfParamTakesBytes(param.id) || !param.bytes.empty()) {
      held |= 1U << (static_cast<unsigned>(param.id) & 31U);
    }
  }
  return held;
}

}  // namespace

void SetKdfParams(EVP_KDF_CTX* ctx, std::span<const KdfParam> params) {
  ParamList list(params);
  if (EVP_KDF_CTX_set_params(ctx, list.list.data()) != 1) {
    ThrowOpensslError(EVP_KDF_get0_name(EVP_KDF_CTX_kdf(ctx)), ErrorKind::kInvalidParameter);
  }
}

KdfTemplate::KdfTemplate(const EVP_KDF* kdf, std::span<const KdfParam> fixed)
    : kdf_(kdf), prototype_(nullptr) {
  if (kdf == nullptr) {
    throw Error(ErrorKind::kInvalidParameter, "no such KDF");
  }
  fixed_bytes_.reserve(fixed.size());
  for (const KdfParam& param : fixed) {
    const std::vector<uint8_t>& copy =
        fixed_bytes_.emplace_back(param.bytes.begin(), param.bytes.end());
    fixed_.push_back({param.id, copy, param.number});
    if (param.id == KdfParamId::kMac &&
        std::string_view(reinterpret_cast<const char*>(copy.data()), copy.size()) == "CMAC") {
      keeps_spares_ = EVP_KDF_is_a(kdf, "KBKDF") != 0;
    }
  }
  KdfCtxPtr prototype(CheckNotNull(EVP_KDF_CTX_new(const_cast<EVP_KDF*>(kdf)), "EVP_KDF_CTX_new"));
  SetKdfParams(prototype.get(), fixed_);
  prototype_ = prototype.release();
}

KdfTemplate::~KdfTemplate() {
  for (const Spare& spare : spares_) {
    EVP_KDF_CTX_free(spare.ctx);
  }
  EVP_KDF_CTX_free(prototype_);
}

EVP_KDF_CTX* KdfTemplate::TakeSpare(uint32_t held_after) const {
  std::lock_guard lock(spares_mutex_);
  for (auto spare = spares_.begin(); spare != spares_.end(); ++spare) {
    if ((spare->held & ~held_after) == 0) {
      EVP_KDF_CTX* ctx = spare->ctx;
      spares_.erase(spare);
      return ctx;
    }
  }
  return nullptr;
}

void KdfTemplate::PutBack(EVP_KDF_CTX* ctx, std::span<const KdfParam> params, uint32_t held) const {
  KdfCtxPtr owned(ctx);
  size_t key_size = 0;
  for (const KdfParam& param : params) {
    if (param.id == KdfParamId::kKey) {
      key_size = param.bytes.size();
    }
  }
  if (key_size == 0) {
    return;
  }
  // Zeros as long as the key (every CMAC key fits kScrubSize), so that CMAC takes them: OpenSSL
  // cleanses the old key's copy as it replaces it, and keying the MAC again overwrites its
  // schedule. From static memory, where the scrub used to allocate them.
  static constexpr uint8_t kScrub[kScrubSize] = {};
  OSSL_PARAM scrub[] = {
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, const_cast<uint8_t*>(kScrub),
                                        std::min(key_size, kScrubSize)),
      OSSL_PARAM_construct_end()};
  if (EVP_KDF_CTX_set_params(ctx, scrub) != 1) {
    ClearOpensslErrors();  // the context is freed instead, which cleanses it all the same
    return;
  }
  std::lock_guard lock(spares_mutex_);
  if (spares_.size() < kMaxSpares) {
    spares_.push_back({owned.release(), held | (1U << static_cast<unsigned>(KdfParamId::kKey))});
  }
}

EVP_KDF_CTX* KdfTemplate::NewContext() const {
  // Copying only reads the prototype, so threads may copy it at once.
  if (EVP_KDF_CTX* copy = EVP_KDF_CTX_dup(prototype_); copy != nullptr) {
    return copy;
  }
  ClearOpensslErrors();
  KdfCtxPtr ctx(CheckNotNull(EVP_KDF_CTX_new(const_cast<EVP_KDF*>(kdf_)), "EVP_KDF_CTX_new"));
  SetKdfParams(ctx.get(), fixed_);
  return ctx.release();
}

void KdfTemplate::Derive(std::span<const KdfParam> params, std::span<uint8_t> out) const {
  try {
    if (out.empty()) {
      throw Error(ErrorKind::kInvalidParameter, "KDF output must be at least 1 byte");
    }
    const uint32_t held = keeps_spares_ ? HeldAfter(params) : 0;
    EVP_KDF_CTX* spare = keeps_spares_ ? TakeSpare(held) : nullptr;
    // Freeing the context makes OpenSSL cleanse the keys and passwords it copied.
    KdfCtxPtr ctx(spare != nullptr ? spare : NewContext());
    SetKdfParams(ctx.get(), params);
    if (EVP_KDF_derive(ctx.get(), out.data(), out.size(), nullptr) != 1) {
      ThrowOpensslError(EVP_KDF_get0_name(kdf_), ErrorKind::kInvalidParameter);
    }
    if (keeps_spares_) {
      PutBack(ctx.release(), params, held);
    }
  } catch (...) {
    Cleanse(out.data(), out.size());
    throw;
  }
}

}  // namespace carbide
