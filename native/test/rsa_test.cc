#include "carbide/rsa.h"

#include <gtest/gtest.h>

#include <vector>

#include "carbide/error.h"
#include "carbide/pkey.h"
#include "test_util.h"

namespace carbide {
namespace {

std::vector<uint8_t> Bytes(const SecretBuffer& buffer) {
  return {buffer.data(), buffer.data() + buffer.size()};
}

PkeyPtr Generate(unsigned bits) {
  const uint8_t f4[] = {0x01, 0x00, 0x01};
  RsaKeyGenerator generator(false, bits, f4, 2);
  return generator.Generate();
}

// Every component of a key, as the Java side reads them.
std::vector<std::vector<uint8_t>> Components(const EVP_PKEY* key, size_t count) {
  std::vector<std::vector<uint8_t>> parts;
  for (size_t i = 0; i < count; ++i) {
    parts.push_back(Bytes(RsaComponent(key, static_cast<int>(i))));
  }
  return parts;
}

std::vector<std::span<const uint8_t>> Spans(const std::vector<std::vector<uint8_t>>& parts) {
  return {parts.begin(), parts.end()};
}

TEST(RsaTest, RebuildsAKeyFromItsComponents) {
  PkeyPtr key = Generate(1024);
  EXPECT_TRUE(RsaHasCrt(key.get()));
  EXPECT_EQ(RsaPrimeCount(key.get()), 2u);
  std::vector<std::vector<uint8_t>> parts = Components(key.get(), 8);
  PkeyPtr rebuilt = RsaKeyFromComponents(false, Spans(parts));
  EXPECT_EQ(EncodePrivateKeyDer(rebuilt.get()).size(), EncodePrivateKeyDer(key.get()).size());
  parts.resize(2);
  PkeyPtr public_key = RsaKeyFromComponents(false, Spans(parts));
  EXPECT_EQ(EncodePublicKeyDer(public_key.get()), EncodePublicKeyDer(key.get()));
  EXPECT_EQ(RsaPrimeCount(public_key.get()), 0u);
  EXPECT_FALSE(RsaHasCrt(public_key.get()));
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

TEST(RsaTest, EncryptsAndDecryptsWithEachPadding) {
  PkeyPtr key = Generate(1024);
  std::vector<uint8_t> message = {1, 2, 3, 4, 5};
  for (RsaPadding padding : {RsaPadding::kPkcs1, RsaPadding::kOaep}) {
    RsaCipher encrypt(key.get(), RsaOperation::kEncrypt, padding, nullptr, nullptr, {},
                      RsaRejection::kThrow);
    RsaCipher decrypt(key.get(), RsaOperation::kDecrypt, padding, nullptr, nullptr, {},
                      RsaRejection::kThrow);
    std::vector<uint8_t> ciphertext(encrypt.ModulusBytes());
    ASSERT_EQ(encrypt.Run(message, ciphertext.data()), ciphertext.size());
    std::vector<uint8_t> plaintext(decrypt.ModulusBytes());
    plaintext.resize(decrypt.Run(ciphertext, plaintext.data()));
    EXPECT_EQ(plaintext, message);
    ciphertext[10] ^= 1;
    std::vector<uint8_t> out(decrypt.ModulusBytes());
    try {
      decrypt.Run(ciphertext, out.data());
      ADD_FAILURE() << "bad padding accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kBadPadding);
    }
    EXPECT_TRUE(OpensslErrorQueueEmpty());
  }
}

TEST(RsaTest, ChecksInputLengths) {
  PkeyPtr key = Generate(1024);
  RsaCipher raw(key.get(), RsaOperation::kEncrypt, RsaPadding::kNone, nullptr, nullptr, {},
                RsaRejection::kThrow);
  std::vector<uint8_t> out(raw.ModulusBytes());
  std::vector<uint8_t> too_long(raw.ModulusBytes() + 1);
  EXPECT_THROW(raw.Run(too_long, out.data()), Error);
  std::vector<uint8_t> all_ones(raw.ModulusBytes(), 0xff);
  try {
    raw.Run(all_ones, out.data());
    ADD_FAILURE() << "a block above the modulus was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kBadPadding);
  }
}

TEST(RsaTest, SignsWithPss) {
  PkeyPtr key = Generate(1024);
  SignatureOptions options;
  options.rsa_pss = true;
  options.pss_salt_length = 20;
  EVP_MD* md = EVP_MD_fetch(nullptr, "SHA2-256", nullptr);
  DigestSigner signer(key.get(), md, true, options);
  DigestSigner verifier(key.get(), md, false, options);
  std::vector<uint8_t> message(64, 7);
  std::vector<uint8_t> signature(signer.MaxSignatureSize());
  signature.resize(signer.Sign(message, signature.data()));
  EXPECT_EQ(verifier.Verify(message, signature), 1);
  options.pss_salt_length = 21;
  DigestSigner other_salt(key.get(), md, false, options);
  EXPECT_EQ(other_salt.Verify(message, signature), 0);
  EVP_MD_free(md);
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

// The provider accounts a key's native memory by its size (KeyFootprints), read through KeyBits.
TEST(RsaTest, KeyBitsIsTheModulusSize) {
  PkeyPtr key = Generate(2048);
  EXPECT_EQ(KeyBits(key.get()), 2048);
  const uint8_t raw[32] = {9};
  PkeyPtr x25519 = RawPublicKey("X25519", raw);
  EXPECT_EQ(KeyBits(x25519.get()), 253);  // what OpenSSL reports for a curve key
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

}  // namespace
}  // namespace carbide
