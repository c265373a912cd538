#include "carbide/dsa.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "carbide/error.h"
#include "carbide/ffc.h"
#include "carbide/library.h"

namespace carbide {
namespace {

using BnCtxPtr = Owned<BN_CTX, BN_CTX_free>;

struct Domain {
  BnPtr p;
  BnPtr q;
  BnPtr g;
};

Domain CheckedDomain(const DsaParameters& params, ErrorKind kind) {
  Domain domain{FfcNumber(params.p, false, kind), FfcNumber(params.q, false, kind),
                FfcNumber(params.g, false, kind)};
  if (BN_num_bits(domain.p.get()) < 3 || !BN_is_odd(domain.p.get())) {
    throw Error(kind, "the DSA prime p must be odd and above 2");
  }
  if (BN_cmp(domain.q.get(), BN_value_one()) <= 0 || BN_cmp(domain.q.get(), domain.p.get()) >= 0) {
    throw Error(kind, "the DSA subprime q must lie in [2, p)");
  }
  if (!FfcInOpenRange(domain.g.get(), domain.p.get())) {
    throw Error(kind, "the DSA base g must lie in [2, p - 2]");
  }
  return domain;
}

ParamBldPtr DomainParams(const BIGNUM* p, const BIGNUM* q, const BIGNUM* g) {
  ParamBldPtr build(CheckNotNull(OSSL_PARAM_BLD_new(), "OSSL_PARAM_BLD_new"));
  FfcPush(build.get(), OSSL_PKEY_PARAM_FFC_P, p);
  FfcPush(build.get(), OSSL_PKEY_PARAM_FFC_Q, q);
  FfcPush(build.get(), OSSL_PKEY_PARAM_FFC_G, g);
  return build;
}

// A key over p, q, g with public value y and, unless null, private value x.
PkeyPtr DsaKey(const BIGNUM* p, const BIGNUM* q, const BIGNUM* g, const BIGNUM* y, const BIGNUM* x,
               ErrorKind kind) {
  // The builder keeps pointers to the numbers until FfcFromData, which the caller's outlive.
  ParamBldPtr build = DomainParams(p, q, g);
  if (x != nullptr) {
    FfcPush(build.get(), OSSL_PKEY_PARAM_PRIV_KEY, x);
  }
  FfcPush(build.get(), OSSL_PKEY_PARAM_PUB_KEY, y);
  return FfcFromData("DSA", build.get(), x != nullptr ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                     kind);
}

}  // namespace

PkeyPtr DsaKeyFromComponents(const DsaParameters& params, std::span<const uint8_t> y,
                             std::span<const uint8_t> x) {
  if (y.empty() && x.empty()) {
    throw Error(ErrorKind::kInvalidKey, "a DSA key needs y or x");
  }
  Domain domain = CheckedDomain(params, ErrorKind::kInvalidKey);
  BnPtr pub;
  BnPtr priv;
  if (!x.empty()) {
    priv = FfcNumber(x, true, ErrorKind::kInvalidKey);
    if (BN_is_zero(priv.get()) || BN_cmp(priv.get(), domain.q.get()) >= 0) {
      throw Error(ErrorKind::kInvalidKey, "the DSA private value must lie in [1, q)");
    }
    if (y.empty()) {
      // OpenSSL keeps no DSA private key without its public value.
      BnCtxPtr ctx(CheckNotNull(BN_CTX_secure_new(), "BN_CTX_secure_new"));
      pub.reset(CheckNotNull(BN_new(), "BN_new"));
      CheckOpenssl(BN_mod_exp_mont_consttime(pub.get(), domain.g.get(), priv.get(), domain.p.get(),
                                             ctx.get(), nullptr),
                   "BN_mod_exp_mont_consttime");
    }
  }
  if (!y.empty()) {
    pub = FfcNumber(y, false, ErrorKind::kInvalidKey);
    if (!FfcInOpenRange(pub.get(), domain.p.get())) {
      throw Error(ErrorKind::kInvalidKey, "the DSA public value must lie in [2, p - 2]");
    }
  }
  return DsaKey(domain.p.get(), domain.q.get(), domain.g.get(), pub.get(), priv.get(),
                ErrorKind::kInvalidKey);
}

DsaKeyPairGenerator::DsaKeyPairGenerator(const DsaParameters& params) {
  Domain checked = CheckedDomain(params, ErrorKind::kInvalidParameter);
  p_ = std::move(checked.p);
  q_ = std::move(checked.q);
  g_ = std::move(checked.g);
  BnCtxPtr ctx(CheckNotNull(BN_CTX_new_ex(LibraryContext()), "BN_CTX_new_ex"));
  mont_p_.reset(CheckNotNull(BN_MONT_CTX_new(), "BN_MONT_CTX_new"));
  CheckOpenssl(BN_MONT_CTX_set(mont_p_.get(), p_.get(), ctx.get()), "BN_MONT_CTX_set");
  // FIPS 186-4 A.2.2's partial check of g, which OpenSSL's key generation repeats for every pair:
  // g must generate the subgroup of order q. The parameters are public, so no constant time.
  BnPtr order_check(CheckNotNull(BN_new(), "BN_new"));
  CheckOpenssl(
      BN_mod_exp_mont(order_check.get(), g_.get(), q_.get(), p_.get(), ctx.get(), mont_p_.get()),
      "BN_mod_exp_mont");
  if (!BN_is_one(order_check.get())) {
    throw Error(ErrorKind::kInvalidParameter, "the DSA base g does not have order q");
  }
  q_minus_one_.reset(CheckNotNull(BN_dup(q_.get()), "BN_dup"));
  CheckOpenssl(BN_sub_word(q_minus_one_.get(), 1), "BN_sub_word");
}

PkeyPtr DsaKeyPairGenerator::Generate() {
  BnCtxPtr ctx(CheckNotNull(BN_CTX_secure_new_ex(LibraryContext()), "BN_CTX_secure_new_ex"));
  // x = 1 + a uniform draw from [0, q - 1): uniform in [1, q), as FIPS 186-4 B.1.2 gives it.
  BnPtr x(CheckNotNull(BN_secure_new(), "BN_secure_new"));
  CheckOpenssl(BN_priv_rand_range_ex(x.get(), q_minus_one_.get(), 0, ctx.get()),
               "BN_priv_rand_range_ex");
  CheckOpenssl(BN_add_word(x.get(), 1), "BN_add_word");
  BnPtr y(CheckNotNull(BN_new(), "BN_new"));
  CheckOpenssl(
      BN_mod_exp_mont_consttime(y.get(), g_.get(), x.get(), p_.get(), ctx.get(), mont_p_.get()),
      "BN_mod_exp_mont_consttime");
  return DsaKey(p_.get(), q_.get(), g_.get(), y.get(), x.get(), ErrorKind::kProvider);
}

PkeyPtr GenerateFfcParameters(const char* type, int p_bits, int q_bits) {
  PkeyCtxPtr ctx(CheckNotNull(EVP_PKEY_CTX_new_from_name(LibraryContext(), type, nullptr),
                              "EVP_PKEY_CTX_new_from_name"));
  if (EVP_PKEY_paramgen_init(ctx.get()) != 1) {
    ThrowOpensslError("parameter generation is not available", ErrorKind::kInvalidParameter);
  }
  size_t pbits = static_cast<size_t>(p_bits);
  size_t qbits = static_cast<size_t>(q_bits);
  char fips186_4[] = "fips186_4";
  const OSSL_PARAM sizes[] = {
      OSSL_PARAM_construct_size_t(OSSL_PKEY_PARAM_FFC_PBITS, &pbits),
      OSSL_PARAM_construct_size_t(OSSL_PKEY_PARAM_FFC_QBITS, &qbits),
      OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_FFC_TYPE, fips186_4, 0),
      OSSL_PARAM_construct_end()};
  if (p_bits <= 0 || q_bits <= 0 || EVP_PKEY_CTX_set_params(ctx.get(), sizes) != 1) {
    ThrowOpensslError("parameter sizes refused", ErrorKind::kInvalidParameter);
  }
  EVP_PKEY* params = nullptr;
  if (EVP_PKEY_paramgen(ctx.get(), &params) != 1) {
    ThrowOpensslError("parameter generation failed", ErrorKind::kInvalidParameter);
  }
  return PkeyPtr(params);
}

}  // namespace carbide
