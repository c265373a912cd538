#include "carbide/ec.h"

#include <gtest/gtest.h>

#include <vector>

#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/pkey.h"
#include "test_util.h"

namespace carbide {
namespace {

std::vector<uint8_t> Bytes(const SecretBuffer& buffer) {
  return {buffer.data(), buffer.data() + buffer.size()};
}

// Wycheproof ecdh_secp256r1_ecpoint_test.json tcId 1.
constexpr char kPeerPoint[] =
    "0462d5bd3372af75fe85a040715d0f502428e07046868b0bfdfa61d731afe44f26ac333a93a9e70a81cd5a95b5bf8d"
    "1"
    "3990eb741c8c38872b4a07d275a014e30cf";
constexpr char kPrivate[] = "0612465c89a023ab17855b0a6bcebfd3febb53aef84138647b5352e02c10c346";
constexpr char kShared[] = "53020d908b0219328b658b525f26780e3ae12bcd952bb25a93bc0895e1714285";

TEST(EcTest, DerivesTheWycheproofSecret) {
  PkeyPtr peer = EcKeyFromComponents("prime256v1", test::FromHex(kPeerPoint), {});
  PkeyPtr own = EcKeyFromComponents("prime256v1", {}, test::FromHex(kPrivate));
  EXPECT_EQ(test::Hex(Bytes(DeriveSecret(own.get(), peer.get()))), kShared);
}

TEST(EcTest, RejectsAPointOffTheCurve) {
  std::vector<uint8_t> point = test::FromHex(kPeerPoint);
  point.back() ^= 1;
  EXPECT_THROW(EcKeyFromComponents("prime256v1", point, {}), Error);
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

TEST(EcTest, RejectsAScalarOutOfRange) {
  std::vector<uint8_t> zero(32, 0);
  EXPECT_THROW(EcKeyFromComponents("prime256v1", {}, zero), Error);
  std::vector<uint8_t> too_big(32, 0xff);
  EXPECT_THROW(EcKeyFromComponents("prime256v1", {}, too_big), Error);
}

TEST(EcTest, ComponentsAndEncodingsRoundTrip) {
  for (const char* group : {"prime256v1", "secp384r1", "secp521r1"}) {
    KeyPairGenerator generator("EC", group);
    PkeyPtr key = generator.Generate();
    EXPECT_EQ(EcGroupName(key.get()), group);
    size_t size = (static_cast<size_t>(EVP_PKEY_get_bits(key.get())) + 7) / 8;
    std::vector<uint8_t> point = EcPublicPoint(key.get());
    ASSERT_EQ(point.size(), 1 + 2 * size);
    std::vector<uint8_t> scalar = Bytes(EcPrivateScalar(key.get(), size));
    PkeyPtr rebuilt = EcKeyFromComponents(group, {}, scalar);
    EXPECT_EQ(EcPublicPoint(rebuilt.get()), point);
    PkeyPtr parsed = ParsePublicKeyDer(EncodePublicKeyDer(key.get()));
    EXPECT_EQ(EcPublicPoint(parsed.get()), point);
    SecretBuffer pkcs8 = EncodePrivateKeyDer(key.get());
    PkeyPtr parsed_private = ParsePrivateKeyDer({pkcs8.data(), pkcs8.size()});
    EXPECT_EQ(Bytes(EcPrivateScalar(parsed_private.get(), size)), scalar);
  }
}

TEST(EcTest, SignsAndVerifies) {
  KeyPairGenerator generator("EC", "prime256v1");
  PkeyPtr key = generator.Generate();
  std::vector<uint8_t> message(100, 0x5a);
  DigestSigner signer(key.get(), FindDigest("SHA2-256"), true);
  DigestSigner verifier(key.get(), FindDigest("SHA2-256"), false);
  for (int round = 0; round < 2; ++round) {  // each final call starts a new message
    std::vector<uint8_t> signature(signer.MaxSignatureSize());
    signature.resize(signer.Sign(message, signature.data()));
    EXPECT_EQ(verifier.Verify(message, signature), 1);
    verifier.Update(message);  // streamed this time
    signature.back() ^= 1;
    EXPECT_NE(verifier.Verify({}, signature), 1);
    EXPECT_TRUE(OpensslErrorQueueEmpty());
  }
}

// RFC 6979 A.2.5: P-256, SHA-256, message "sample"; the signature is DER of (r, s).
TEST(EcTest, DeterministicNoncesGiveTheRfc6979Signature) {
  if (!SignatureAcceptsParam("ECDSA", "nonce-type")) {
    GTEST_SKIP() << "RFC 6979 nonces need OpenSSL 3.2";
  }
  PkeyPtr key = EcKeyFromComponents(
      "prime256v1", {},
      test::FromHex("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"));
  SignatureOptions options;
  options.deterministic_nonce = true;
  DigestSigner signer(key.get(), FindDigest("SHA2-256"), true, options);
  const std::vector<uint8_t> message = {'s', 'a', 'm', 'p', 'l', 'e'};
  for (int round = 0; round < 2; ++round) {  // the restarted message keeps the nonce type
    std::vector<uint8_t> signature(signer.MaxSignatureSize());
    signature.resize(signer.Sign(message, signature.data()));
    EXPECT_EQ(test::Hex(signature),
              "3046022100efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716022100f7cb"
              "1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8");
  }
}

TEST(EcTest, KnowsWhichSignatureParametersOpensslTakes) {
  EXPECT_FALSE(SignatureAcceptsParam("ECDSA", "no-such-parameter"));
  EXPECT_FALSE(SignatureAcceptsParam("NO-SUCH-SIGNATURE", "nonce-type"));
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

TEST(EcTest, RejectsMalformedEncodings) {
  std::vector<uint8_t> garbage = {0x30, 0x03, 0x02, 0x01};
  EXPECT_THROW(ParsePublicKeyDer(garbage), Error);
  EXPECT_THROW(ParsePrivateKeyDer(garbage), Error);
}

}  // namespace
}  // namespace carbide
