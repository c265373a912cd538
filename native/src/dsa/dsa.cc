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

ParamBldPtr DomainParams(const Domain& domain) {
  ParamBldPtr build(CheckNotNull(OSSL_PARAM_BLD_new(), "OSSL_PARAM_BLD_new"));
  FfcPush(build.get(), OSSL_PKEY_PARAM_FFC_P, domain.p.get());
  FfcPush(build.get(), OSSL_PKEY_PARAM_FFC_Q, domain.q.get());
  FfcPush(build.get(), OSSL_PKEY_PARAM_FFC_G, domain.g.get());
  return build;
}

}  // namespace

PkeyPtr DsaKeyFromComponents(const DsaParameters& params, std::span<const uint8_t> y,
                             std::span<const uint8_t> x) {
  if (y.empty() && x.empty()) {
    throw Error(ErrorKind::kInvalidKey, "a DSA key needs y or x");
  }
  Domain domain = CheckedDomain(params, ErrorKind::kInvalidKey);
  ParamBldPtr build = DomainParams(domain);
  BnPtr pub;
  BnPtr priv;
  if (!x.empty()) {
    priv = FfcNumber(x, true, ErrorKind::kInvalidKey);
    if (BN_is_zero(priv.get()) || BN_cmp(priv.get(), domain.q.get()) >= 0) {
      throw Error(ErrorKind::kInvalidKey, "the DSA private value must lie in [1, q)");
    }
    FfcPush(build.get(), OSSL_PKEY_PARAM_PRIV_KEY, priv.get());
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
  FfcPush(build.get(), OSSL_PKEY_PARAM_PUB_KEY, pub.get());
  return FfcFromData("DSA", build.get(), priv != nullptr ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                     ErrorKind::kInvalidKey);
}

DsaKeyPairGenerator::DsaKeyPairGenerator(const DsaParameters& params) {
  // The builder keeps pointers to the numbers until FfcFromData, so they must outlive it.
  Domain checked = CheckedDomain(params, ErrorKind::kInvalidParameter);
  ParamBldPtr build = DomainParams(checked);
  PkeyPtr domain =
      FfcFromData("DSA", build.get(), EVP_PKEY_KEY_PARAMETERS, ErrorKind::kInvalidParameter);
  ctx_ = FfcKeygenContext(domain.get());
}

PkeyPtr DsaKeyPairGenerator::Generate() {
  EVP_PKEY* key = nullptr;
  CheckOpenssl(EVP_PKEY_keygen(ctx_.get(), &key), "EVP_PKEY_keygen");
  return PkeyPtr(key);
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
