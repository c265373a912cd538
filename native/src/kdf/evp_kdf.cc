// DeriveKdf: the parameter table, and one EVP_KDF derivation under it.
#include "carbide/evp_kdf.h"

#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include <array>
#include <cstring>
#include <limits>
#include <string>
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
constexpr std::array<ParamInfo, 20> kParams = {{
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

// The OSSL_PARAMs of one derivation. Octet strings point into the caller's KdfParams; numbers
// point into the vectors below and names into `names` (copied so that each ends in NUL), all
// reserved up front so that no pointer moves before the derivation ends.
struct ParamList {
  std::vector<OSSL_PARAM> list;
  std::vector<uint64_t> wide;
  std::vector<uint32_t> narrow;
  std::vector<int> ints;
  std::vector<std::string> names;

  explicit ParamList(std::span<const KdfParam> params) {
    list.reserve(params.size() + 1);
    wide.reserve(params.size());
    narrow.reserve(params.size());
    ints.reserve(params.size());
    names.reserve(params.size());
    for (const KdfParam& param : params) {
      list.push_back(Construct(param));
    }
    list.push_back(OSSL_PARAM_construct_end());
  }

  OSSL_PARAM Construct(const KdfParam& param) {
    const ParamInfo& info = Info(param.id);
    switch (info.type) {
      case ParamType::kOctets: {
        const uint8_t* data = param.bytes.empty() ? kEmpty : param.bytes.data();
        // OSSL_PARAM's pointer is not const, but setting a parameter only reads through it.
        return OSSL_PARAM_construct_octet_string(info.name, const_cast<uint8_t*>(data),
                                                 param.bytes.size());
      }
      case ParamType::kUtf8: {
        std::string& name = names.emplace_back(param.bytes.begin(), param.bytes.end());
        if (name.find('\0') != std::string::npos) {
          throw Error(ErrorKind::kInvalidParameter,
                      std::string("KDF parameter ") + info.name + " holds a NUL");
        }
        return OSSL_PARAM_construct_utf8_string(info.name, name.data(), 0);
      }
      case ParamType::kUint64:
        return OSSL_PARAM_construct_uint64(info.name, &wide.emplace_back(param.number));
      case ParamType::kUint32:
        CheckRange(info, param.number, std::numeric_limits<uint32_t>::max());
        return OSSL_PARAM_construct_uint32(
            info.name, &narrow.emplace_back(static_cast<uint32_t>(param.number)));
      case ParamType::kInt:
        CheckRange(info, param.number, std::numeric_limits<int>::max());
        return OSSL_PARAM_construct_int(info.name,
                                        &ints.emplace_back(static_cast<int>(param.number)));
    }
    throw Error(ErrorKind::kInvalidParameter, "unknown KDF parameter type");
  }
};

// DeriveKdf without the cleansing of `out` on the way out of an error.
void DeriveOrThrow(const EVP_KDF* kdf, std::span<const KdfParam> params, std::span<uint8_t> out) {
  if (kdf == nullptr || out.empty()) {
    throw Error(ErrorKind::kInvalidParameter, "KDF output must be at least 1 byte");
  }
  ParamList list(params);
  // A context per derivation: these KDFs cost far more than its allocation (scrypt and Argon2
  // milliseconds, and KBKDF, SSKDF and X9.63 fetch their digest or MAC by name on every set).
  // Freeing it makes OpenSSL cleanse the keys and passwords it copied.
  KdfCtxPtr ctx(CheckNotNull(EVP_KDF_CTX_new(const_cast<EVP_KDF*>(kdf)), "EVP_KDF_CTX_new"));
  if (EVP_KDF_derive(ctx.get(), out.data(), out.size(), list.list.data()) != 1) {
    ThrowOpensslError(EVP_KDF_get0_name(kdf), ErrorKind::kInvalidParameter);
  }
}

}  // namespace

void DeriveKdf(const EVP_KDF* kdf, std::span<const KdfParam> params, std::span<uint8_t> out) {
  try {
    DeriveOrThrow(kdf, params, out);
  } catch (...) {
    Cleanse(out.data(), out.size());
    throw;
  }
}

}  // namespace carbide
