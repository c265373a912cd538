#include "carbide/dh.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "carbide/error.h"
#include "carbide/ffc.h"
#include "carbide/library.h"

namespace carbide {
namespace {

using BnCtxPtr = Owned<BN_CTX, BN_CTX_free>;

struct Group {
  BnPtr p;
  BnPtr g;
};

Group CheckedGroup(const DhParameters& params, ErrorKind kind) {
  Group group{FfcNumber(params.p, false, kind), FfcNumber(params.g, false, kind)};
  if (BN_num_bits(group.p.get()) < 3 || !BN_is_odd(group.p.get())) {
    throw Error(kind, "the DH prime must be odd and above 2");
  }
  if (!FfcInOpenRange(group.g.get(), group.p.get())) {
    throw Error(kind, "the DH generator must lie in [2, p - 2]");
  }
  if (params.private_bits < 0 || params.private_bits >= BN_num_bits(group.p.get())) {
    throw Error(kind, "the DH private value length must lie in [0, bits of p)");
  }
  return group;
}

ParamBldPtr GroupParams(const Group& group, int private_bits) {
  ParamBldPtr build(CheckNotNull(OSSL_PARAM_BLD_new(), "OSSL_PARAM_BLD_new"));
  FfcPush(build.get(), OSSL_PKEY_PARAM_FFC_P, group.p.get());
  FfcPush(build.get(), OSSL_PKEY_PARAM_FFC_G, group.g.get());
  if (private_bits > 0) {
    CheckOpenssl(OSSL_PARAM_BLD_push_int(build.get(), OSSL_PKEY_PARAM_DH_PRIV_LEN, private_bits),
                 "OSSL_PARAM_BLD_push_int");
  }
  return build;
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
    priv = FfcNumber(x, true, ErrorKind::kInvalidKey);
    BnPtr limit(CheckNotNull(BN_dup(group.p.get()), "BN_dup"));
    CheckOpenssl(BN_sub_word(limit.get(), 1), "BN_sub_word");
    if (BN_is_zero(priv.get()) || BN_cmp(priv.get(), limit.get()) >= 0) {
      throw Error(ErrorKind::kInvalidKey, "the DH private value must lie in [1, p - 1)");
    }
    FfcPush(build.get(), OSSL_PKEY_PARAM_PRIV_KEY, priv.get());
    if (y.empty()) {
      BnCtxPtr ctx(CheckNotNull(BN_CTX_secure_new(), "BN_CTX_secure_new"));
      pub.reset(CheckNotNull(BN_new(), "BN_new"));
      CheckOpenssl(BN_mod_exp_mont_consttime(pub.get(), group.g.get(), priv.get(), group.p.get(),
                                             ctx.get(), nullptr),
                   "BN_mod_exp_mont_consttime");
    }
  }
  if (!y.empty()) {
    pub = FfcNumber(y, false, ErrorKind::kInvalidKey);
    if (!FfcInOpenRange(pub.get(), group.p.get())) {
      throw Error(ErrorKind::kInvalidKey, "the DH public value must lie in [2, p - 2]");
    }
  }
  FfcPush(build.get(), OSSL_PKEY_PARAM_PUB_KEY, pub.get());
  return FfcFromData("DH", build.get(), priv != nullptr ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                     ErrorKind::kInvalidKey);
}

DhKeyPairGenerator::DhKeyPairGenerator(const DhParameters& params) {
  Group group = CheckedGroup(params, ErrorKind::kInvalidParameter);
  ParamBldPtr build = GroupParams(group, params.private_bits);
  PkeyPtr domain =
      FfcFromData("DH", build.get(), EVP_PKEY_KEY_PARAMETERS, ErrorKind::kInvalidParameter);
  ctx_ = FfcKeygenContext(domain.get());
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

int DhPrivateBits(const EVP_PKEY* key) {
  int bits = 0;
  if (EVP_PKEY_get_int_param(key, OSSL_PKEY_PARAM_DH_PRIV_LEN, &bits) != 1) {
    ClearOpensslErrors();
    return 0;
  }
  return bits;
}

void DhCheckPeerSubgroup(const EVP_PKEY* peer) {
  std::string group = DhGroupName(peer);
  if (group.starts_with("ffdhe") || group.starts_with("modp_")) {
    BIGNUM* p = nullptr;
    BIGNUM* y = nullptr;
    int have = EVP_PKEY_get_bn_param(peer, OSSL_PKEY_PARAM_FFC_P, &p) +
               EVP_PKEY_get_bn_param(peer, OSSL_PKEY_PARAM_PUB_KEY, &y);
    BnPtr prime(p);
    BnPtr value(y);
    if (have != 2) {
      ThrowOpensslError("the DH key lacks p or y", ErrorKind::kInvalidKey);
    }
    BnCtxPtr ctx(CheckNotNull(BN_CTX_new(), "BN_CTX_new"));
    // For a safe prime, the subgroup of order q is the quadratic residues.
    if (BN_kronecker(value.get(), prime.get(), ctx.get()) != 1) {
      throw Error(ErrorKind::kInvalidKey, "the DH public value is not in the group's subgroup");
    }
    return;
  }
  BIGNUM* q = nullptr;
  if (EVP_PKEY_get_bn_param(peer, OSSL_PKEY_PARAM_FFC_Q, &q) != 1) {
    ClearOpensslErrors();
    return;
  }
  BN_free(q);
  PkeyCtxPtr ctx(CheckNotNull(
      EVP_PKEY_CTX_new_from_pkey(LibraryContext(), const_cast<EVP_PKEY*>(peer), nullptr),
      "EVP_PKEY_CTX_new_from_pkey"));
  if (EVP_PKEY_public_check(ctx.get()) != 1) {
    ThrowOpensslError("the DH public value is not in the group's subgroup", ErrorKind::kInvalidKey);
  }
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
