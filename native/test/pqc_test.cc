#include <gtest/gtest.h>

#include <vector>

#include "carbide/error.h"
#include "carbide/kem.h"
#include "carbide/pkey.h"
#include "test_util.h"

namespace carbide {
namespace {

// ML-KEM and ML-DSA arrived in OpenSSL 3.5; on an older libcrypto these tests skip.
constexpr char kNeeds35[] = "needs OpenSSL 3.5 or later";

TEST(PqcTest, UnknownKeyTypesAreAbsentWithoutErrors) {
  EXPECT_FALSE(KeyTypeAvailable("ML-KEM-999"));
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

TEST(PqcTest, MlKemRoundTripsAndRejectsImplicitly) {
  if (!KeyTypeAvailable("ML-KEM-768")) {
    GTEST_SKIP() << "ML-KEM-768 " << kNeeds35;
  }
  PkeyPtr key = KeyPairGenerator("ML-KEM-768", nullptr).Generate();
  Kem encapsulator(key.get(), true);
  Kem decapsulator(key.get(), false);
  ASSERT_EQ(encapsulator.CiphertextSize(), 1088U);
  ASSERT_EQ(encapsulator.SecretSize(), 32U);
  ASSERT_EQ(decapsulator.CiphertextSize(), 1088U);
  std::vector<uint8_t> ciphertext(1088);
  std::vector<uint8_t> sent(32);
  std::vector<uint8_t> received(32);
  for (int round = 0; round < 3; ++round) {  // contexts are reused
    encapsulator.Encapsulate(ciphertext.data(), sent.data());
    decapsulator.Decapsulate(ciphertext, received.data());
    EXPECT_EQ(sent, received);
  }
  ciphertext[5] ^= 1;
  decapsulator.Decapsulate(ciphertext, received.data());
  EXPECT_NE(sent, received);
  std::vector<uint8_t> again(32);
  decapsulator.Decapsulate(ciphertext, again.data());
  EXPECT_EQ(received, again) << "implicit rejection is deterministic";
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

TEST(PqcTest, MlKemRefusesWrongLengthsAndDirections) {
  if (!KeyTypeAvailable("ML-KEM-512")) {
    GTEST_SKIP() << "ML-KEM-512 " << kNeeds35;
  }
  PkeyPtr key = KeyPairGenerator("ML-KEM-512", nullptr).Generate();
  Kem decapsulator(key.get(), false);
  std::vector<uint8_t> secret(32);
  std::vector<uint8_t> short_ciphertext(767);
  EXPECT_THROW(decapsulator.Decapsulate(short_ciphertext, secret.data()), Error);
  std::vector<uint8_t> ciphertext(768);
  EXPECT_THROW(decapsulator.Encapsulate(ciphertext.data(), secret.data()), Error);
  PkeyPtr public_key = RawPublicKey("ML-KEM-512", RawPublicBytes(key.get()));
  EXPECT_THROW(Kem(public_key.get(), false), Error) << "decapsulation needs the private key";
  ClearOpensslErrors();
}

// The NIST-curve hybrid: the key share reads back as a public key, the secret is 32 + 32 bytes,
// and a classical share that is not a point is refused (ECDH has no implicit rejection) with the
// argument error kind, leaving the context usable and the error queue empty.
TEST(PqcTest, HybridKeyShareRoundTripsAndInvalidPointIsRefused) {
  if (!KeyTypeAvailable("SecP256r1MLKEM768")) {
    GTEST_SKIP() << "SecP256r1MLKEM768 " << kNeeds35;
  }
  PkeyPtr key = KeyPairGenerator("SecP256r1MLKEM768", nullptr).Generate();
  std::vector<uint8_t> share = KeyShare(key.get());
  ASSERT_EQ(share.size(), 1249U);
  EXPECT_EQ(share[0], 0x04) << "an uncompressed P-256 point comes first";
  PkeyPtr peer = RawPublicKey("SecP256r1MLKEM768", share);
  Kem encapsulator(peer.get(), true);
  Kem decapsulator(key.get(), false);
  ASSERT_EQ(encapsulator.CiphertextSize(), 1153U);
  ASSERT_EQ(encapsulator.SecretSize(), 64U);
  std::vector<uint8_t> ciphertext(1153);
  std::vector<uint8_t> sent(64);
  std::vector<uint8_t> received(64);
  encapsulator.Encapsulate(ciphertext.data(), sent.data());
  decapsulator.Decapsulate(ciphertext, received.data());
  EXPECT_EQ(sent, received);
  std::vector<uint8_t> not_a_point = ciphertext;
  not_a_point[64] ^= 1;  // the last byte of y
  try {
    decapsulator.Decapsulate(not_a_point, received.data());
    ADD_FAILURE() << "an invalid point was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kIllegalArgument);
  }
  EXPECT_TRUE(OpensslErrorQueueEmpty());
  decapsulator.Decapsulate(ciphertext, received.data());
  EXPECT_EQ(sent, received);
}

// RawPublicBytes and RawPrivateBytes read the key manager's own parameter (one encoding) rather
// than exporting the key twice; the bytes must be exactly what the export gives, for every raw key
// type, and a key without a raw private key (a NIST-curve hybrid) must still be refused cleanly.
TEST(PqcTest, RawBytesMatchTheExport) {
  if (!KeyTypeAvailable("ML-KEM-768")) {
    GTEST_SKIP() << "ML-KEM-768 " << kNeeds35;
  }
  for (const char* type : {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024", "ML-DSA-44", "ML-DSA-87",
                           "SLH-DSA-SHA2-128f", "X25519MLKEM768", "X25519", "ED448"}) {
    SCOPED_TRACE(type);
    PkeyPtr key = KeyPairGenerator(type, nullptr).Generate();
    size_t public_len = 0;
    ASSERT_EQ(EVP_PKEY_get_raw_public_key(key.get(), nullptr, &public_len), 1);
    std::vector<uint8_t> exported(public_len);
    ASSERT_EQ(EVP_PKEY_get_raw_public_key(key.get(), exported.data(), &public_len), 1);
    EXPECT_EQ(RawPublicBytes(key.get()), exported);
    size_t private_len = 0;
    ASSERT_EQ(EVP_PKEY_get_raw_private_key(key.get(), nullptr, &private_len), 1);
    std::vector<uint8_t> exported_private(private_len);
    ASSERT_EQ(EVP_PKEY_get_raw_private_key(key.get(), exported_private.data(), &private_len), 1);
    SecretBuffer raw_private = RawPrivateBytes(key.get());
    EXPECT_EQ(std::vector<uint8_t>(raw_private.data(), raw_private.data() + raw_private.size()),
              exported_private);
    EXPECT_TRUE(OpensslErrorQueueEmpty());
  }
  PkeyPtr hybrid = KeyPairGenerator("SecP256r1MLKEM768", nullptr).Generate();
  EXPECT_THROW(RawPrivateBytes(hybrid.get()), Error);
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

TEST(PqcTest, MlDsaDeterministicOptionAndContextReachOpenssl) {
  if (!KeyTypeAvailable("ML-DSA-44")) {
    GTEST_SKIP() << "ML-DSA-44 " << kNeeds35;
  }
  PkeyPtr key = KeyPairGenerator("ML-DSA-44", nullptr).Generate();
  SignatureOptions options;
  options.deterministic_signature = true;
  options.context = {'c', 't', 'x'};
  DigestSigner signer(key.get(), nullptr, true, options);
  std::vector<uint8_t> message(64, 0x5a);
  std::vector<uint8_t> first(signer.MaxSignatureSize());
  first.resize(signer.Sign(message, first.data()));
  std::vector<uint8_t> second(signer.MaxSignatureSize());
  second.resize(signer.Sign(message, second.data()));
  EXPECT_EQ(first, second);
  DigestSigner verifier(key.get(), nullptr, false, options);
  EXPECT_EQ(verifier.Verify(message, first), 1);
  DigestSigner no_context(key.get(), nullptr, false);
  EXPECT_EQ(no_context.Verify(message, first), 0);
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

}  // namespace
}  // namespace carbide
