#include "carbide/dh.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#include <openssl/params.h>

#include "carbide/error.h"

namespace carbide {
namespace {

using BnPtr = Owned<BIGNUM, BN_clear_free>;
using BnCtxPtr = Owned<BN_CTX, BN_CTX_free>;
using ParamBldPtr = Owned<OSSL_PARAM_BLD, OSSL_PARAM_BLD_free>;
using ParamsPtr = Owned<OSSL_PARAM, OSSL_PARAM_free>;

// SunJCE accepts up to 8192-bit primes and a few larger; OpenSSL refuses p above 10000 bits.
constexpr size_t kMaxPrimeBytes = 10000 / 8;

BnPtr ToBignum(std::span<const uint8_t> bytes, bool secret) {
  if (bytes.size() > kMaxPrimeBytes) {
    throw Error(ErrorKind::kInvalidKey, "DH component too large");
  }
  BnPtr value(CheckNotNull(secret ? BN_secure_new() : BN_new(), "BN_new"));
  CheckNotNull(BN_bin2bn(bytes.data(), static_cast<int>(bytes.size()), value.get()), "BN_bin2bn");
  return value;
}

// True if 2 <= value <= p - 2.
bool InOpenRange(const BIGNUM* value, const BIGNUM* p) {
  BnPtr upper(CheckNotNull(BN_dup(p), "BN_dup"));
  CheckOpenssl(BN_sub_word(upper.get(), 2), "BN_sub_word");
  return BN_cmp(value, BN_value_one()) > 0 && BN_cmp(value, upper.get()) <= 0;
}

struct Group {
  BnPtr p;
  BnPtr g;
};

Group CheckedGroup(const DhParameters& params, ErrorKind kind) {
  Group group{ToBignum(params.p, false), ToBignum(params.g, false)};
  if (BN_num_bits(group.p.get()) < 3 || !BN_is_odd(group.p.get())) {
    throw Error(kind, "the DH prime must be odd and above 2");
  }
  if (!InOpenRange(group.g.get(), group.p.get())) {
    throw Error(kind, "the DH generator must lie in [2, p - 2]");
  }
  if (params.private_bits < 0 || params.private_bits >= BN_num_bits(group.p.get())) {
    throw Error(kind, "the DH private value length must lie in [0, bits of p)");
  }
  return group;
}

ParamBldPtr GroupParams(const Group& group, int private_bits) {
  ParamBldPtr build(CheckNotNull(OSSL_PARAM_BLD_new(), "OSSL_PARAM_BLD_new"));
  CheckOpenssl(OSSL_PARAM_BLD_push_BN(build.get(), OSSL_PKEY_PARAM_FFC_P, group.p.get()),
               "OSSL_PARAM_BLD_push_BN");
  CheckOpenssl(OSSL_PARAM_BLD_push_BN(build.get(), OSSL_PKEY_PARAM_FFC_G, group.g.get()),
               "OSSL_PARAM_BLD_push_BN");
  if (private_bits > 0) {
    CheckOpenssl(OSSL_PARAM_BLD_push_int(build.get(), OSSL_PKEY_PARAM_DH_PRIV_LEN, private_bits),
                 "OSSL_PARAM_BLD_push_int");
  }
  return build;
}

PkeyPtr FromData(OSSL_PARAM_BLD* build, int selection, ErrorKind kind) {
  ParamsPtr params(CheckNotNull(OSSL_PARAM_BLD_to_param(build), "OSSL_PARAM_BLD_to_param"));
  PkeyCtxPtr ctx(CheckNotNull(EVP_PKEY_CTX_new_from_name(nullptr, "DH", nullptr), "EVP_PKEY_CTX"));
  CheckOpenssl(EVP_PKEY_fromdata_init(ctx.get()), "EVP_PKEY_fromdata_init");
  EVP_PKEY* key = nullptr;
  if (EVP_PKEY_fromdata(ctx.get(), &key, selection, params.get()) != 1) {
    ThrowOpensslError("invalid DH key", kind);
  }
  return PkeyPtr(key);
}

BnPtr BigNumParam(const EVP_PKEY* key, const char* name) {
  BIGNUM* value = nullptr;
  if (EVP_PKEY_get_bn_param(key, name, &value) != 1) {
    ThrowOpensslError("the key lacks a DH component", ErrorKind::kInvalidKey);
  }
  return BnPtr(value);
}

}  // namespace

PkeyPtr DhKeyFromComponents(const DhParameters& params, std::span<const uint8_t> y,
                            std::span<const uint8_t> x) {
  if (y.empty() && x.empty()) {
    throw Error(ErrorKind::kInvalidKey, "a DH key needs y or x");
  }
  Group group = CheckedGroup(params, ErrorKind::kInvalidKey);
  ParamBldPtr build = GroupParams(group, params.private_bits);
  BnPtr pub;
  BnPtr priv;
  if (!x.empty()) {
    priv = ToBignum(x, true);
    BnPtr limit(CheckNotNull(BN_dup(group.p.get()), "BN_dup"));
    CheckOpenssl(BN_sub_word(limit.get(), 1), "BN_sub_word");
    if (BN_is_zero(priv.get()) || BN_cmp(priv.get(), limit.get()) >= 0) {
      throw Error(ErrorKind::kInvalidKey, "the DH private value must lie in [1, p - 1)");
    }
    CheckOpenssl(OSSL_PARAM_BLD_push_BN(build.get(), OSSL_PKEY_PARAM_PRIV_KEY, priv.get()),
                 "OSSL_PARAM_BLD_push_BN");
    if (y.empty()) {
      BnCtxPtr ctx(CheckNotNull(BN_CTX_secure_new(), "BN_CTX_secure_new"));
      pub.reset(CheckNotNull(BN_new(), "BN_new"));
      CheckOpenssl(BN_mod_exp_mont_consttime(pub.get(), group.g.get(), priv.get(), group.p.get(),
                                             ctx.get(), nullptr),
                   "BN_mod_exp_mont_consttime");
    }
  }
  if (!y.empty()) {
    pub = ToBignum(y, false);
    if (!InOpenRange(pub.get(), group.p.get())) {
      throw Error(ErrorKind::kInvalidKey, "the DH public value must lie in [2, p - 2]");
    }
  }
  CheckOpenssl(OSSL_PARAM_BLD_push_BN(build.get(), OSSL_PKEY_PARAM_PUB_KEY, pub.get()),
               "OSSL_PARAM_BLD_push_BN");
  return FromData(build.get(), priv != nullptr ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                  ErrorKind::kInvalidKey);
}

DhKeyPairGenerator::DhKeyPairGenerator(const DhParameters& params) {
  Group group = CheckedGroup(params, ErrorKind::kInvalidParameter);
  ParamBldPtr build = GroupParams(group, params.private_bits);
  PkeyPtr domain = FromData(build.get(), EVP_PKEY_KEY_PARAMETERS, ErrorKind::kInvalidParameter);
  ctx_.reset(CheckNotNull(EVP_PKEY_CTX_new_from_pkey(nullptr, domain.get(), nullptr),
                          "EVP_PKEY_CTX_new_from_pkey"));
  if (EVP_PKEY_keygen_init(ctx_.get()) != 1) {
    ThrowOpensslError("DH key generation refused the parameters", ErrorKind::kInvalidParameter);
  }
  // The domain key does not carry the private value length into generation; the context does.
  if (params.private_bits > 0) {
    int bits = params.private_bits;
    const OSSL_PARAM length[] = {OSSL_PARAM_construct_int(OSSL_PKEY_PARAM_DH_PRIV_LEN, &bits),
                                 OSSL_PARAM_construct_end()};
    if (EVP_PKEY_CTX_set_params(ctx_.get(), length) != 1) {
      ThrowOpensslError("DH key generation refused the private value length",
                        ErrorKind::kInvalidParameter);
    }
  }
}

PkeyPtr DhKeyPairGenerator::Generate() {
  EVP_PKEY* key = nullptr;
  CheckOpenssl(EVP_PKEY_keygen(ctx_.get(), &key), "EVP_PKEY_keygen");
  return PkeyPtr(key);
}

std::vector<uint8_t> DhComponent(const EVP_PKEY* key, const char* name) {
  BnPtr value = BigNumParam(key, name);
  std::vector<uint8_t> out(static_cast<size_t>(BN_num_bytes(value.get())));
  BN_bn2bin(value.get(), out.data());
  return out;
}

SecretBuffer DhPrivateValue(const EVP_PKEY* key) {
  BnPtr value = BigNumParam(key, OSSL_PKEY_PARAM_PRIV_KEY);
  SecretBuffer out(static_cast<size_t>(BN_num_bytes(value.get())));
  BN_bn2bin(value.get(), out.data());
  return out;
}

int DhPrivateBits(const EVP_PKEY* key) {
  int bits = 0;
  if (EVP_PKEY_get_int_param(key, OSSL_PKEY_PARAM_DH_PRIV_LEN, &bits) != 1) {
    ClearOpensslErrors();
    return 0;
  }
  return bits;
}

std::string DhGroupName(const EVP_PKEY* key) {
  char name[64];
  size_t len = 0;
  if (EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, name, sizeof(name), &len) !=
      1) {
    ClearOpensslErrors();
    return {};
  }
  return std::string(name, len);
}

}  // namespace carbide
