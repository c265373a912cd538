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

// RFC 8032 section 7.1, TEST 1 (empty message).
TEST(EdecTest, Ed25519SignsTheRfcVector) {
  PkeyPtr key = RawPrivateKey(
      "ED25519", test::FromHex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"));
  EXPECT_EQ(test::Hex(RawPublicBytes(key.get())),
            "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
  DigestSigner signer(key.get(), nullptr, true);
  std::vector<uint8_t> signature(signer.MaxSignatureSize());
  signature.resize(signer.Sign({}, signature.data()));
  EXPECT_EQ(test::Hex(signature),
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39"
            "701cf9b46bd25bf5f0595bbe24655141438e7a100b");
  PkeyPtr public_key = RawPublicKey("ED25519", RawPublicBytes(key.get()));
  DigestSigner verifier(public_key.get(), nullptr, false);
  EXPECT_EQ(verifier.Verify({}, signature), 1);
  signature[0] ^= 1;
  EXPECT_EQ(verifier.Verify({}, signature), 0);
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

// RFC 8032 section 7.2, context "foo": the instance and context reach OpenSSL, and survive the
// restart after each signature.
TEST(EdecTest, Ed25519ctxSignsTheRfcVector) {
  if (!SignatureAcceptsParam("ED25519", "instance")) {
    GTEST_SKIP() << "EdDSA instances need OpenSSL 3.2";
  }
  PkeyPtr key = RawPrivateKey(
      "ED25519", test::FromHex("0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6"));
  SignatureOptions options;
  options.instance = "Ed25519ctx";
  options.context = {'f', 'o', 'o'};
  DigestSigner signer(key.get(), nullptr, true, options);
  std::vector<uint8_t> message = test::FromHex("f726936d19c800494e3fdaff20b276a8");
  for (int round = 0; round < 2; ++round) {
    std::vector<uint8_t> signature(signer.MaxSignatureSize());
    signature.resize(signer.Sign(message, signature.data()));
    EXPECT_EQ(test::Hex(signature),
              "55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a8b36950b951300229"
              "07a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d");
  }
}

// RFC 7748 section 6.1.
TEST(EdecTest, X25519AgreesOnTheRfcSecret) {
  PkeyPtr alice = RawPrivateKey(
      "X25519", test::FromHex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"));
  PkeyPtr bob = RawPublicKey(
      "X25519", test::FromHex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"));
  EXPECT_EQ(test::Hex(Bytes(DeriveSecret(alice.get(), bob.get()))),
            "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
}

TEST(EdecTest, RejectsWrongLengths) {
  std::vector<uint8_t> short_key(31, 1);
  EXPECT_THROW(RawPublicKey("X25519", short_key), Error);
  EXPECT_THROW(RawPrivateKey("ED25519", short_key), Error);
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

}  // namespace
}  // namespace carbide
