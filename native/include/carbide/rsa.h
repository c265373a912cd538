// RSA keys built from and taken apart into the components of java.security.interfaces.RSAKey, RSA
// key generation, and RSA encryption (PKCS #1 v1.5, OAEP, raw). Signatures go through the shared
// DigestSigner (carbide/pkey.h) with SignatureOptions' RSA fields.
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "carbide/owned.h"
#include "carbide/pkey.h"

namespace carbide {

// The components of an RSA key, in the order of RSAMultiPrimePrivateCrtKeySpec: modulus, public
// exponent, private exponent, the two primes, their CRT exponents and the CRT coefficient, then
// (prime, exponent, coefficient) for each further prime of a multi-prime key. Big-endian
// magnitudes.
enum class RsaPart : int {
  kModulus = 0,
  kPublicExponent,
  kPrivateExponent,
  kPrimeP,
  kPrimeQ,
  kPrimeExponentP,
  kPrimeExponentQ,
  kCrtCoefficient,
  kFirstOtherPrime,  // and on, in triples
};

// Most primes OpenSSL accepts in one key (RSA_MAX_PRIME_NUM), and so most components.
inline constexpr size_t kRsaMaxPrimes = 5;
inline constexpr size_t kRsaMaxParts = 8 + 3 * (kRsaMaxPrimes - 2);

// The restrictions an RSA-PSS key may carry (RFC 4055): its digest, MGF1 digest (OpenSSL's or the
// JCA's names) and least salt length. They become part of the key's encodings.
struct RsaPssRestriction {
  std::string digest;
  std::string mgf1_digest;
  int salt_length = 0;
};

// Builds a key of OpenSSL type "RSA" or, if `pss`, "RSA-PSS" from `parts`, indexed by RsaPart,
// where an empty span means absent; an RSA-PSS key carries `restriction` if it is not null. A
// public key needs the modulus and public exponent; a private key also needs the private exponent
// and, for CRT, every CRT part. Throws kInvalidKey if OpenSSL refuses the components or the
// restriction (OpenSSL restricts PSS keys to SHA-1 and SHA-2 digests).
PkeyPtr RsaKeyFromComponents(bool pss, std::span<const std::span<const uint8_t>> parts,
                             const RsaPssRestriction* restriction = nullptr);

// True if `key` is an RSA or RSA-PSS key with every CRT component (so OpenSSL can use it).
bool RsaHasCrt(const EVP_PKEY* key);

// Number of primes in `key` (2 for an ordinary key), 0 for a public key.
size_t RsaPrimeCount(const EVP_PKEY* key);

// Component `part` of `key` (an index as RsaPart counts), big-endian, without leading zeros.
// Secret parts come back in a SecretBuffer all the same. Throws kInvalidKey if the key lacks it.
SecretBuffer RsaComponent(const EVP_PKEY* key, int part);

// Generates RSA keys of one size and public exponent with a context set up once.
class RsaKeyGenerator {
 public:
  // `exponent` is big-endian; `primes` is 2 for an ordinary key; RSA-PSS keys carry `restriction`
  // if it is not null. Throws kInvalidParameter if OpenSSL refuses the combination.
  RsaKeyGenerator(bool pss, unsigned bits, std::span<const uint8_t> exponent, unsigned primes,
                  const RsaPssRestriction* restriction = nullptr);

  PkeyPtr Generate();

 private:
  PkeyCtxPtr ctx_;
};

// RSA encryption paddings, as the JCA names them.
enum class RsaPadding : int { kNone = 0, kPkcs1 = 1, kOaep = 2 };

// How a PKCS #1 v1.5 decryption answers bad padding.
enum class RsaRejection : int {
  kThrow = 0,     // kBadPadding, as the JCA contract wants (implicit rejection turned off)
  kImplicit = 1,  // OpenSSL 3.2+'s implicit rejection: a random message derived from the input
};

// What a Cipher does with the key it holds. As SunJCE's, an "encryption" with a private key is a
// signature of the raw input (block type 1) and a "decryption" with a public key recovers it.
enum class RsaOperation : int { kEncrypt = 0, kDecrypt = 1, kSign = 2, kVerifyRecover = 3 };

// One RSA operation set up once for a key and padding, reused per message.
class RsaCipher {
 public:
  // `oaep_md` and `mgf1_md` are used only with kOaep (null for SHA-1); `label` is the OAEP label.
  // The cipher holds its own key reference. Throws kInvalidKey if the key cannot do `operation` and
  // kInvalidParameter if OpenSSL refuses the padding's parameters.
  RsaCipher(EVP_PKEY* key, RsaOperation operation, RsaPadding padding, const EVP_MD* oaep_md,
            const EVP_MD* mgf1_md, std::span<const uint8_t> label, RsaRejection rejection);

  // The modulus length in bytes, the longest input and output.
  size_t ModulusBytes() const noexcept { return modulus_bytes_; }

  // Runs the operation on `in` into `out` (ModulusBytes() bytes) and returns the output length.
  // Throws kIllegalBlockSize if `in` is too long, kBadPadding if a decryption finds bad padding
  // or raw input is not below the modulus.
  size_t Run(std::span<const uint8_t> in, uint8_t* out);

 private:
  void SetUpPadding(RsaPadding padding, const EVP_MD* oaep_md, const EVP_MD* mgf1_md,
                    std::span<const uint8_t> label, RsaRejection rejection);

  PkeyCtxPtr ctx_;
  RsaOperation operation_;
  RsaPadding padding_;
  size_t modulus_bytes_;
};

}  // namespace carbide
