// The native limits for RSA: PKCS #1 v1.5 (SHA-256) and PSS (SHA-256, MGF1-SHA-256, 32-byte salt,
// as TLS 1.3's rsa_pss_rsae_sha256) signing and verification with a signer bound to its key, and
// with a fresh signer per signature (what a TLS handshake pays); OAEP (SHA-256) encryption and
// decryption of a 32-byte key with a context set up per operation, as Cipher.init does; and key
// generation with a context set up once.
#include <benchmark/benchmark.h>
#include <openssl/evp.h>

#include <vector>

#include "bench_util.h"
#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/pkey.h"
#include "carbide/rsa.h"
#include "pkey_bench.h"

namespace carbide {
namespace {

constexpr uint8_t kF4[] = {0x01, 0x00, 0x01};

PkeyPtr GenerateRsa(unsigned bits) { return RsaKeyGenerator(false, bits, kF4, 2).Generate(); }

void BM_RsaKeygen(benchmark::State& state, unsigned bits) {
  RsaKeyGenerator generator(false, bits, kF4, 2);
  for (auto _ : state) {
    benchmark::DoNotOptimize(generator.Generate());
  }
  bench::ReportOpsAndBytes(state, 0);
}

SignatureOptions Options(bool pss) {
  SignatureOptions options;
  options.rsa_pss = pss;
  options.pss_salt_length = 32;
  return options;
}

// Signs (or verifies) a 64-byte message per iteration with a signer bound once.
void SignOrVerify(benchmark::State& state, unsigned bits, bool pss, bool sign) {
  PkeyPtr key = GenerateRsa(bits);
  const EVP_MD* md = FindDigest("SHA2-256");
  DigestSigner signer(key.get(), md, true, Options(pss));
  DigestSigner verifier(key.get(), md, false, Options(pss));
  std::vector<uint8_t> message(64, 0x5a);
  std::vector<uint8_t> signature(signer.MaxSignatureSize());
  signature.resize(signer.Sign(message, signature.data()));
  for (auto _ : state) {
    if (sign) {
      benchmark::DoNotOptimize(signer.Sign(message, signature.data()));
    } else {
      benchmark::DoNotOptimize(verifier.Verify(message, signature));
    }
  }
  bench::ReportOpsAndBytes(state, 0);
}

// A fresh signer per signature, as getInstance plus initSign per TLS handshake.
void BM_RsaSignFresh(benchmark::State& state, unsigned bits, bool pss) {
  PkeyPtr key = GenerateRsa(bits);
  const EVP_MD* md = FindDigest("SHA2-256");
  std::vector<uint8_t> message(64, 0x5a);
  std::vector<uint8_t> signature(static_cast<size_t>(EVP_PKEY_get_size(key.get())));
  for (auto _ : state) {
    DigestSigner signer(key.get(), md, true, Options(pss));
    benchmark::DoNotOptimize(signer.Sign(message, signature.data()));
  }
  bench::ReportOpsAndBytes(state, 0);
}

void BM_RsaSign(benchmark::State& state, unsigned bits) { SignOrVerify(state, bits, false, true); }
void BM_RsaVerify(benchmark::State& state, unsigned bits) {
  SignOrVerify(state, bits, false, false);
}
void BM_RsaPssSign(benchmark::State& state, unsigned bits) {
  SignOrVerify(state, bits, true, true);
}
void BM_RsaPssVerify(benchmark::State& state, unsigned bits) {
  SignOrVerify(state, bits, true, false);
}

// OAEP with SHA-256 (MGF1-SHA-1, as the JCA's OAEPWithSHA-256AndMGF1Padding) over a 32-byte key,
// the context set up per operation as a Cipher.init sets it up.
void BM_RsaOaep(benchmark::State& state, bool encrypt) {
  PkeyPtr key = GenerateRsa(2048);
  const EVP_MD* sha256 = FindDigest("SHA2-256");
  const EVP_MD* sha1 = FindDigest("SHA1");
  std::vector<uint8_t> message(32, 0x5a);
  RsaCipher setup(key.get(), RsaOperation::kEncrypt, RsaPadding::kOaep, sha256, sha1, {},
                  RsaRejection::kThrow);
  std::vector<uint8_t> ciphertext(setup.ModulusBytes());
  setup.Run(message, ciphertext.data());
  std::vector<uint8_t> out(setup.ModulusBytes());
  for (auto _ : state) {
    RsaCipher cipher(key.get(), encrypt ? RsaOperation::kEncrypt : RsaOperation::kDecrypt,
                     RsaPadding::kOaep, sha256, sha1, {}, RsaRejection::kThrow);
    benchmark::DoNotOptimize(
        cipher.Run(encrypt ? std::span<const uint8_t>(message) : ciphertext, out.data()));
  }
  bench::ReportOpsAndBytes(state, 0);
}

BENCHMARK_CAPTURE(BM_RsaSign, RSA_2048, 2048);
BENCHMARK_CAPTURE(BM_RsaVerify, RSA_2048, 2048);
BENCHMARK_CAPTURE(BM_RsaSign, RSA_3072, 3072);
BENCHMARK_CAPTURE(BM_RsaVerify, RSA_3072, 3072);
BENCHMARK_CAPTURE(BM_RsaSign, RSA_4096, 4096);
BENCHMARK_CAPTURE(BM_RsaVerify, RSA_4096, 4096);
BENCHMARK_CAPTURE(BM_RsaPssSign, RSA_PSS_2048, 2048);
BENCHMARK_CAPTURE(BM_RsaPssVerify, RSA_PSS_2048, 2048);
BENCHMARK_CAPTURE(BM_RsaPssSign, RSA_PSS_3072, 3072);
BENCHMARK_CAPTURE(BM_RsaPssVerify, RSA_PSS_3072, 3072);
BENCHMARK_CAPTURE(BM_RsaPssSign, RSA_PSS_4096, 4096);
BENCHMARK_CAPTURE(BM_RsaPssVerify, RSA_PSS_4096, 4096);
BENCHMARK_CAPTURE(BM_RsaSignFresh, RSA_2048, 2048, false);
BENCHMARK_CAPTURE(BM_RsaSignFresh, RSA_PSS_2048, 2048, true);
BENCHMARK_CAPTURE(BM_RsaOaep, Encrypt_2048, true);
BENCHMARK_CAPTURE(BM_RsaOaep, Decrypt_2048, false);
BENCHMARK_CAPTURE(BM_RsaKeygen, RSA_2048, 2048);
// Key generation is slow and its time random by nature (a prime search): a few iterations.
BENCHMARK_CAPTURE(BM_RsaKeygen, RSA_3072, 3072)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RsaKeygen, RSA_4096, 4096)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace carbide
