#include "carbide/ffc.h"

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "carbide/library.h"

namespace carbide {
namespace {

using ParamsPtr = Owned<OSSL_PARAM, OSSL_PARAM_free>;

BnPtr BigNumParam(const EVP_PKEY* key, const char* name) {
  BIGNUM* value = nullptr;
  if (EVP_PKEY_get_bn_param(key, name, &value) != 1) {
    ThrowOpensslError("the key lacks a component", ErrorKind::kInvalidKey);
  }
  return BnPtr(value);
}

}  // namespace

BnPtr FfcNumber(std::span<const uint8_t> bytes, bool secret, ErrorKind kind) {
  if (bytes.size() > kMaxFfcBytes) {
    throw Error(kind, "key component too large");
  }
  BnPtr value(CheckNotNull(secret ? BN_secure_new() : BN_new(), "BN_new"));
  CheckNotNull(BN_bin2bn(bytes.data(), static_cast<int>(bytes.size()), value.get()), "BN_bin2bn");
  return value;
}

bool FfcInOpenRange(const BIGNUM* value, const BIGNUM* p) {
  BnPtr upper(CheckNotNull(BN_dup(p), "BN_dup"));
  CheckOpenssl(BN_sub_word(upper.get(), 2), "BN_sub_word");
  return BN_cmp(value, BN_value_one()) > 0 && BN_cmp(value, upper.get()) <= 0;
}

void FfcPush(OSSL_PARAM_BLD* build, const char* name, const BIGNUM* value) {
  CheckOpenssl(OSSL_PARAM_BLD_push_BN(build, name, value), "OSSL_PARAM_BLD_push_BN");
}

PkeyPtr FfcFromData(const char* type, OSSL_PARAM_BLD* build, int selection, ErrorKind kind) {
  ParamsPtr params(CheckNotNull(OSSL_PARAM_BLD_to_param(build), "OSSL_PARAM_BLD_to_param"));
  PkeyCtxPtr ctx(CheckNotNull(EVP_PKEY_CTX_new_from_name(LibraryContext(), type, nullptr),
                              "EVP_PKEY_CTX_new_from_name"));
  CheckOpenssl(EVP_PKEY_fromdata_init(ctx.get()), "EVP_PKEY_fromdata_init");
  EVP_PKEY* key = nullptr;
  if (EVP_PKEY_fromdata(ctx.get(), &key, selection, params.get()) != 1) {
    ThrowOpensslError("invalid key components", kind);
  }
  return PkeyPtr(key);
}

PkeyCtxPtr FfcKeygenContext(EVP_PKEY* domain) {
  PkeyCtxPtr ctx(CheckNotNull(EVP_PKEY_CTX_new_from_pkey(LibraryContext(), domain, nullptr),
                              "EVP_PKEY_CTX_new_from_pkey"));
  if (EVP_PKEY_keygen_init(ctx.get()) != 1) {
    ThrowOpensslError("key generation refused the parameters", ErrorKind::kInvalidParameter);
  }
  return ctx;
}

std::vector<uint8_t> FfcComponent(const EVP_PKEY* key, const char* name) {
  BnPtr value = BigNumParam(key, name);
  std::vector<uint8_t> out(static_cast<size_t>(BN_num_bytes(value.get())));
  BN_bn2bin(value.get(), out.data());
  return out;
}

SecretBuffer FfcPrivateValue(const EVP_PKEY* key) {
  BnPtr value = BigNumParam(key, OSSL_PKEY_PARAM_PRIV_KEY);
  SecretBuffer out(static_cast<size_t>(BN_num_bytes(value.get())));
  BN_bn2bin(value.get(), out.data());
  return out;
}

}  // namespace carbide
