#include "carbide/ec.h"

#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <openssl/objects.h>
#include <openssl/param_build.h>

#include <string_view>

#include "carbide/error.h"
#include "carbide/library.h"

namespace carbide {
namespace {

using BnPtr = Owned<BIGNUM, BN_clear_free>;
using EcGroupPtr = Owned<EC_GROUP, EC_GROUP_free>;
using EcPointPtr = Owned<EC_POINT, EC_POINT_free>;
using ParamBldPtr = Owned<OSSL_PARAM_BLD, OSSL_PARAM_BLD_free>;
using ParamsPtr = Owned<OSSL_PARAM, OSSL_PARAM_free>;

size_t FieldBytes(const EVP_PKEY* key) {
  return (static_cast<size_t>(EVP_PKEY_get_bits(key)) + 7) / 8;
}

// The public point of `scalar` on `group`, uncompressed. Also checks 0 < scalar < order.
std::vector<uint8_t> PointOf(const std::string& group_name, const BIGNUM* scalar) {
  int nid = OBJ_sn2nid(group_name.c_str());
  EcGroupPtr group(nid == NID_undef ? nullptr : EC_GROUP_new_by_curve_name(nid));
  if (group == nullptr) {
    throw Error(ErrorKind::kInvalidKey, "unsupported curve " + group_name);
  }
  if (BN_is_zero(scalar) || BN_cmp(scalar, EC_GROUP_get0_order(group.get())) >= 0) {
    throw Error(ErrorKind::kInvalidKey, "private value out of range for the curve");
  }
  EcPointPtr point(CheckNotNull(EC_POINT_new(group.get()), "EC_POINT_new"));
  CheckOpenssl(EC_POINT_mul(group.get(), point.get(), scalar, nullptr, nullptr, nullptr),
               "EC_POINT_mul");
  size_t len = EC_POINT_point2oct(group.get(), point.get(), POINT_CONVERSION_UNCOMPRESSED, nullptr,
                                  0, nullptr);
  std::vector<uint8_t> encoded(len);
  if (len == 0 || EC_POINT_point2oct(group.get(), point.get(), POINT_CONVERSION_UNCOMPRESSED,
                                     encoded.data(), len, nullptr) != len) {
    ThrowOpensslError("EC_POINT_point2oct");
  }
  return encoded;
}

BnPtr BigNumParam(const EVP_PKEY* key, const char* name) {
  BIGNUM* value = nullptr;
  if (EVP_PKEY_get_bn_param(key, name, &value) != 1) {
    ThrowOpensslError("the key lacks an EC component", ErrorKind::kInvalidKey);
  }
  return BnPtr(value);
}

void PadInto(const BIGNUM* value, size_t size, uint8_t* out) {
  if (BN_bn2binpad(value, out, static_cast<int>(size)) < 0) {
    throw Error(ErrorKind::kProvider, "EC component larger than the field");
  }
}

}  // namespace

PkeyPtr EcKeyFromComponents(const std::string& group, std::span<const uint8_t> point,
                            std::span<const uint8_t> scalar) {
  BnPtr priv;
  std::vector<uint8_t> computed;
  if (!scalar.empty()) {
    priv.reset(CheckNotNull(BN_secure_new(), "BN_secure_new"));
    CheckNotNull(BN_bin2bn(scalar.data(), static_cast<int>(scalar.size()), priv.get()),
                 "BN_bin2bn");
    if (point.empty()) {
      computed = PointOf(group, priv.get());
      point = computed;
    }
  }
  ParamBldPtr build(CheckNotNull(OSSL_PARAM_BLD_new(), "OSSL_PARAM_BLD_new"));
  CheckOpenssl(
      OSSL_PARAM_BLD_push_utf8_string(build.get(), OSSL_PKEY_PARAM_GROUP_NAME, group.c_str(), 0),
      "OSSL_PARAM_BLD_push_utf8_string");
  CheckOpenssl(OSSL_PARAM_BLD_push_octet_string(build.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(),
                                                point.size()),
               "OSSL_PARAM_BLD_push_octet_string");
  if (priv != nullptr) {
    CheckOpenssl(OSSL_PARAM_BLD_push_BN(build.get(), OSSL_PKEY_PARAM_PRIV_KEY, priv.get()),
                 "OSSL_PARAM_BLD_push_BN");
  }
  ParamsPtr params(CheckNotNull(OSSL_PARAM_BLD_to_param(build.get()), "OSSL_PARAM_BLD_to_param"));
  PkeyCtxPtr ctx(
      CheckNotNull(EVP_PKEY_CTX_new_from_name(LibraryContext(), "EC", nullptr), "EVP_PKEY_CTX"));
  CheckOpenssl(EVP_PKEY_fromdata_init(ctx.get()), "EVP_PKEY_fromdata_init");
  EVP_PKEY* key = nullptr;
  // Decoding the point checks that it lies on the curve.
  if (EVP_PKEY_fromdata(ctx.get(), &key, priv != nullptr ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                        params.get()) != 1) {
    ThrowOpensslError("invalid EC key", ErrorKind::kInvalidKey);
  }
  return PkeyPtr(key);
}

// A key in OpenSSL's default uncompressed form gives its encoding at the cost of one conversion
// to affine coordinates; asking for x and y separately would convert twice.
std::vector<uint8_t> EcPublicPoint(const EVP_PKEY* key) {
  size_t size = FieldBytes(key);
  std::vector<uint8_t> point(1 + 2 * size);
  size_t written = 0;
  if (EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_PUB_KEY, point.data(), point.size(),
                                      &written) == 1 &&
      written == point.size() && point[0] == POINT_CONVERSION_UNCOMPRESSED) {
    return point;
  }
  ClearOpensslErrors();
  point[0] = POINT_CONVERSION_UNCOMPRESSED;
  PadInto(BigNumParam(key, OSSL_PKEY_PARAM_EC_PUB_X).get(), size, point.data() + 1);
  PadInto(BigNumParam(key, OSSL_PKEY_PARAM_EC_PUB_Y).get(), size, point.data() + 1 + size);
  return point;
}

SecretBuffer EcPrivateScalar(const EVP_PKEY* key, size_t size) {
  SecretBuffer scalar(size);
  PadInto(BigNumParam(key, OSSL_PKEY_PARAM_PRIV_KEY).get(), size, scalar.data());
  return scalar;
}

std::string EcGroupName(const EVP_PKEY* key) {
  char name[80];
  size_t len = 0;
  // OpenSSL matches explicit parameters to a named curve while ignoring the cofactor, so a key
  // with a forged cofactor would pass as P-256. SunEC accepts only named curves; so do we.
  if (EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_EC_ENCODING, name, sizeof(name), &len) !=
          1 ||
      std::string_view(name, len) != OSSL_PKEY_EC_ENCODING_GROUP) {
    ClearOpensslErrors();
    throw Error(ErrorKind::kInvalidKey, "only named curves are supported, not explicit parameters");
  }
  if (EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, name, sizeof(name), &len) !=
      1) {
    ThrowOpensslError("the key names no curve", ErrorKind::kInvalidKey);
  }
  return std::string(name, len);
}

}  // namespace carbide
