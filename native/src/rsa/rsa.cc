#include "carbide/rsa.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>

#include <iterator>
#include <string>

#include "carbide/error.h"
#include "carbide/library.h"

namespace carbide {
namespace {

using BnPtr = Owned<BIGNUM, BN_clear_free>;
using ParamBldPtr = Owned<OSSL_PARAM_BLD, OSSL_PARAM_BLD_free>;
// The secret components are pushed as secure BIGNUMs, which OSSL_PARAM_BLD places in its secure
// block, and OSSL_PARAM_free clears that block when it frees it.
using ParamsPtr = Owned<OSSL_PARAM, OSSL_PARAM_free>;

// OpenSSL's parameter names in RsaPart order: primes are factor1..5, their CRT exponents
// exponent1..5, the coefficients coefficient1..4. Static, since OSSL_PARAM_BLD keeps the pointers.
constexpr const char* kParamNames[] = {
    OSSL_PKEY_PARAM_RSA_N,
    OSSL_PKEY_PARAM_RSA_E,
    OSSL_PKEY_PARAM_RSA_D,
    OSSL_PKEY_PARAM_RSA_FACTOR1,
    OSSL_PKEY_PARAM_RSA_FACTOR2,
    OSSL_PKEY_PARAM_RSA_EXPONENT1,
    OSSL_PKEY_PARAM_RSA_EXPONENT2,
    OSSL_PKEY_PARAM_RSA_COEFFICIENT1,
    OSSL_PKEY_PARAM_RSA_FACTOR3,
    OSSL_PKEY_PARAM_RSA_EXPONENT3,
    OSSL_PKEY_PARAM_RSA_COEFFICIENT2,
    OSSL_PKEY_PARAM_RSA_FACTOR4,
    OSSL_PKEY_PARAM_RSA_EXPONENT4,
    OSSL_PKEY_PARAM_RSA_COEFFICIENT3,
    OSSL_PKEY_PARAM_RSA_FACTOR5,
    OSSL_PKEY_PARAM_RSA_EXPONENT5,
    OSSL_PKEY_PARAM_RSA_COEFFICIENT4,
};
static_assert(std::size(kParamNames) == kRsaMaxParts);

// The factor parameters, by prime.
constexpr const char* kFactorNames[] = {
    OSSL_PKEY_PARAM_RSA_FACTOR1, OSSL_PKEY_PARAM_RSA_FACTOR2, OSSL_PKEY_PARAM_RSA_FACTOR3,
    OSSL_PKEY_PARAM_RSA_FACTOR4, OSSL_PKEY_PARAM_RSA_FACTOR5,
};
static_assert(std::size(kFactorNames) == kRsaMaxPrimes);

// Verdicts of the decryption are not errors, so their queue entries go.
[[noreturn]] void ThrowBadPadding(const char* message) {
  ClearOpensslErrors();
  throw Error(ErrorKind::kBadPadding, message);
}

// OpenSSL 3.2's parameter, spelled out so the engine still builds against 3.0's headers. Older
// versions ignore it, and have no implicit rejection to turn off.
constexpr char kImplicitRejection[] = "implicit-rejection";

}  // namespace

PkeyPtr RsaKeyFromComponents(bool pss, std::span<const std::span<const uint8_t>> parts,
                             const RsaPssRestriction* restriction) {
  if (parts.size() < 2 || parts[0].empty() || parts[1].empty()) {
    throw Error(ErrorKind::kInvalidKey, "an RSA key needs its modulus and public exponent");
  }
  bool is_private = parts.size() > 2 && !parts[2].empty();
  ParamBldPtr build(CheckNotNull(OSSL_PARAM_BLD_new(), "OSSL_PARAM_BLD_new"));
  // The builder keeps pointers to the numbers until the parameters are made.
  std::vector<BnPtr> numbers;
  numbers.reserve(parts.size());
  for (size_t i = 0; i < parts.size(); ++i) {
    if (parts[i].empty()) {
      continue;
    }
    if (i >= kRsaMaxParts) {
      throw Error(ErrorKind::kInvalidKey, "too many primes for an RSA key");
    }
    BnPtr value(CheckNotNull(i >= 2 ? BN_secure_new() : BN_new(), "BN_new"));
    CheckNotNull(BN_bin2bn(parts[i].data(), static_cast<int>(parts[i].size()), value.get()),
                 "BN_bin2bn");
    CheckOpenssl(OSSL_PARAM_BLD_push_BN(build.get(), kParamNames[i], value.get()),
                 "OSSL_PARAM_BLD_push_BN");
    numbers.push_back(std::move(value));
  }
  if (pss && restriction != nullptr) {
    CheckOpenssl(OSSL_PARAM_BLD_push_utf8_string(build.get(), OSSL_PKEY_PARAM_RSA_DIGEST,
                                                 restriction->digest.c_str(), 0) &&
                     OSSL_PARAM_BLD_push_utf8_string(build.get(), OSSL_PKEY_PARAM_RSA_MGF1_DIGEST,
                                                     restriction->mgf1_digest.c_str(), 0) &&
                     OSSL_PARAM_BLD_push_int(build.get(), OSSL_PKEY_PARAM_RSA_PSS_SALTLEN,
                                             restriction->salt_length),
                 "OSSL_PARAM_BLD_push");
  }
  ParamsPtr params(CheckNotNull(OSSL_PARAM_BLD_to_param(build.get()), "OSSL_PARAM_BLD_to_param"));
  PkeyCtxPtr ctx(
      CheckNotNull(EVP_PKEY_CTX_new_from_name(LibraryContext(), pss ? "RSA-PSS" : "RSA", nullptr),
                   "EVP_PKEY_CTX_new_from_name"));
  CheckOpenssl(EVP_PKEY_fromdata_init(ctx.get()), "EVP_PKEY_fromdata_init");
  EVP_PKEY* key = nullptr;
  if (EVP_PKEY_fromdata(ctx.get(), &key, is_private ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                        params.get()) != 1) {
    ThrowOpensslError("invalid RSA key", ErrorKind::kInvalidKey);
  }
  return PkeyPtr(key);
}

bool RsaHasCrt(const EVP_PKEY* key) {
  BIGNUM* value = nullptr;
  bool has = EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_RSA_COEFFICIENT1, &value) == 1;
  BN_clear_free(value);
  ClearOpensslErrors();
  return has;
}

size_t RsaPrimeCount(const EVP_PKEY* key) {
  size_t count = 0;
  while (count < kRsaMaxPrimes) {
    BIGNUM* value = nullptr;
    if (EVP_PKEY_get_bn_param(key, kFactorNames[count], &value) != 1) {
      break;
    }
    BN_clear_free(value);
    ++count;
  }
  ClearOpensslErrors();
  return count;
}

SecretBuffer RsaComponent(const EVP_PKEY* key, int part) {
  BIGNUM* raw = nullptr;
  if (part < 0 || static_cast<size_t>(part) >= kRsaMaxParts ||
      EVP_PKEY_get_bn_param(key, kParamNames[part], &raw) != 1) {
    ClearOpensslErrors();
    throw Error(ErrorKind::kInvalidKey, "the RSA key lacks component " + std::to_string(part));
  }
  BnPtr value(raw);
  SecretBuffer bytes(static_cast<size_t>(BN_num_bytes(value.get())));
  BN_bn2bin(value.get(), bytes.data());
  return bytes;
}

RsaKeyGenerator::RsaKeyGenerator(bool pss, unsigned bits, std::span<const uint8_t> exponent,
                                 unsigned primes, const RsaPssRestriction* restriction)
    : ctx_(EVP_PKEY_CTX_new_from_name(LibraryContext(), pss ? "RSA-PSS" : "RSA", nullptr)) {
  if (ctx_ == nullptr || EVP_PKEY_keygen_init(ctx_.get()) != 1) {
    ThrowOpensslError("RSA key generation is not available", ErrorKind::kInvalidParameter);
  }
  BnPtr e(CheckNotNull(BN_bin2bn(exponent.data(), static_cast<int>(exponent.size()), nullptr),
                       "BN_bin2bn"));
  size_t bits_value = bits;
  size_t primes_value = primes;
  // OSSL_PARAM_construct_BN wants native-endian bytes of the exact size.
  std::vector<uint8_t> e_native(static_cast<size_t>(BN_num_bytes(e.get())));
  if (BN_bn2nativepad(e.get(), e_native.data(), static_cast<int>(e_native.size())) < 0) {
    ThrowOpensslError("BN_bn2nativepad");
  }
  OSSL_PARAM params[7];
  size_t count = 0;
  params[count++] = OSSL_PARAM_construct_size_t(OSSL_PKEY_PARAM_RSA_BITS, &bits_value);
  params[count++] = OSSL_PARAM_construct_size_t(OSSL_PKEY_PARAM_RSA_PRIMES, &primes_value);
  params[count++] =
      OSSL_PARAM_construct_BN(OSSL_PKEY_PARAM_RSA_E, e_native.data(), e_native.size());
  int salt_length = restriction != nullptr ? restriction->salt_length : 0;
  if (pss && restriction != nullptr) {
    params[count++] = OSSL_PARAM_construct_utf8_string(
        OSSL_PKEY_PARAM_RSA_DIGEST, const_cast<char*>(restriction->digest.c_str()), 0);
    params[count++] = OSSL_PARAM_construct_utf8_string(
        OSSL_PKEY_PARAM_RSA_MGF1_DIGEST, const_cast<char*>(restriction->mgf1_digest.c_str()), 0);
    params[count++] = OSSL_PARAM_construct_int(OSSL_PKEY_PARAM_RSA_PSS_SALTLEN, &salt_length);
  }
  params[count] = OSSL_PARAM_construct_end();
  if (EVP_PKEY_CTX_set_params(ctx_.get(), params) != 1) {
    ThrowOpensslError("unsupported RSA key parameters", ErrorKind::kInvalidParameter);
  }
}

PkeyPtr RsaKeyGenerator::Generate() {
  EVP_PKEY* key = nullptr;
  CheckOpenssl(EVP_PKEY_generate(ctx_.get(), &key), "RSA key generation");
  return PkeyPtr(key);
}

RsaCipher::RsaCipher(EVP_PKEY* key, RsaOperation operation, RsaPadding padding,
                     const EVP_MD* oaep_md, const EVP_MD* mgf1_md, std::span<const uint8_t> label,
                     RsaRejection rejection)
    : ctx_(CheckNotNull(EVP_PKEY_CTX_new_from_pkey(LibraryContext(), key, nullptr),
                        "EVP_PKEY_CTX_new")),
      operation_(operation),
      padding_(padding),
      modulus_bytes_(static_cast<size_t>(EVP_PKEY_get_size(key))) {
  int rc = 0;
  switch (operation) {
    case RsaOperation::kEncrypt:
      rc = EVP_PKEY_encrypt_init(ctx_.get());
      break;
    case RsaOperation::kDecrypt:
      rc = EVP_PKEY_decrypt_init(ctx_.get());
      break;
    case RsaOperation::kSign:
      rc = EVP_PKEY_sign_init(ctx_.get());
      break;
    case RsaOperation::kVerifyRecover:
      rc = EVP_PKEY_verify_recover_init(ctx_.get());
      break;
  }
  if (rc != 1) {
    ThrowOpensslError("the key cannot be used for this RSA operation", ErrorKind::kInvalidKey);
  }
  SetUpPadding(padding, oaep_md, mgf1_md, label, rejection);
}

void RsaCipher::SetUpPadding(RsaPadding padding, const EVP_MD* oaep_md, const EVP_MD* mgf1_md,
                             std::span<const uint8_t> label, RsaRejection rejection) {
  bool signing = operation_ == RsaOperation::kSign || operation_ == RsaOperation::kVerifyRecover;
  if (padding == RsaPadding::kOaep && signing) {
    throw Error(ErrorKind::kInvalidKey, "OAEP cannot be used to sign or verify signatures");
  }
  int openssl_padding = padding == RsaPadding::kOaep    ? RSA_PKCS1_OAEP_PADDING
                        : padding == RsaPadding::kPkcs1 ? RSA_PKCS1_PADDING
                                                        : RSA_NO_PADDING;
  if (EVP_PKEY_CTX_set_rsa_padding(ctx_.get(), openssl_padding) != 1) {
    ThrowOpensslError("RSA padding refused", ErrorKind::kInvalidParameter);
  }
  if (padding == RsaPadding::kOaep) {
    // Null digests keep OpenSSL's defaults (SHA-1), as PKCS #1 does.
    if ((oaep_md != nullptr && EVP_PKEY_CTX_set_rsa_oaep_md(ctx_.get(), oaep_md) != 1) ||
        (mgf1_md != nullptr && EVP_PKEY_CTX_set_rsa_mgf1_md(ctx_.get(), mgf1_md) != 1)) {
      ThrowOpensslError("OAEP digest refused", ErrorKind::kInvalidParameter);
    }
    if (!label.empty()) {
      // OpenSSL takes ownership of the label it is given.
      void* copy = OPENSSL_memdup(label.data(), label.size());
      if (copy == nullptr ||
          EVP_PKEY_CTX_set0_rsa_oaep_label(ctx_.get(), copy, static_cast<int>(label.size())) != 1) {
        OPENSSL_free(copy);
        ThrowOpensslError("OAEP label refused", ErrorKind::kInvalidParameter);
      }
    }
  }
  if (operation_ == RsaOperation::kDecrypt && padding == RsaPadding::kPkcs1) {
    unsigned int implicit = rejection == RsaRejection::kImplicit ? 1 : 0;
    const OSSL_PARAM params[] = {
        OSSL_PARAM_construct_uint(kImplicitRejection, &implicit),
        OSSL_PARAM_construct_end(),
    };
    if (EVP_PKEY_CTX_set_params(ctx_.get(), params) != 1) {
      ThrowOpensslError("implicit rejection setting refused");
    }
  }
}

size_t RsaCipher::Run(std::span<const uint8_t> in, uint8_t* out) {
  // Raw RSA takes exactly one modulus-sized block; the caller pads shorter input with zeros.
  if (padding_ == RsaPadding::kNone ? in.size() != modulus_bytes_ : in.size() > modulus_bytes_) {
    throw Error(ErrorKind::kIllegalBlockSize,
                "Data must not be longer than " + std::to_string(modulus_bytes_) + " bytes");
  }
  size_t len = modulus_bytes_;
  int rc = 0;
  switch (operation_) {
    case RsaOperation::kEncrypt:
      rc = EVP_PKEY_encrypt(ctx_.get(), out, &len, in.data(), in.size());
      break;
    case RsaOperation::kDecrypt:
      rc = EVP_PKEY_decrypt(ctx_.get(), out, &len, in.data(), in.size());
      break;
    case RsaOperation::kSign:
      rc = EVP_PKEY_sign(ctx_.get(), out, &len, in.data(), in.size());
      break;
    case RsaOperation::kVerifyRecover:
      rc = EVP_PKEY_verify_recover(ctx_.get(), out, &len, in.data(), in.size());
      break;
  }
  if (rc == 1) {
    return len;
  }
  if (padding_ == RsaPadding::kNone) {
    ThrowBadPadding("Message is larger than modulus");
  }
  if (operation_ == RsaOperation::kEncrypt || operation_ == RsaOperation::kSign) {
    ThrowOpensslError("RSA encryption failed", ErrorKind::kIllegalBlockSize);
  }
  ThrowBadPadding("Padding error in decryption");
}

}  // namespace carbide
