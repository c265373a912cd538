#include "carbide/mac.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "carbide/error.h"
#include "carbide/library.h"
#include "test_util.h"

namespace carbide {
namespace {

std::vector<uint8_t> Bytes(const std::string& text) { return {text.begin(), text.end()}; }

std::vector<uint8_t> Repeat(uint8_t value, size_t count) {
  return std::vector<uint8_t>(count, value);
}

std::vector<uint8_t> Mac(Hmac& hmac, const std::vector<uint8_t>& message) {
  hmac.Update(message.data(), message.size());
  std::vector<uint8_t> out(hmac.size());
  EXPECT_EQ(hmac.Finish(out.data()), out.size());
  return out;
}

struct RfcCase {
  std::vector<uint8_t> key;
  std::vector<uint8_t> data;
  // Expected HMAC with SHA-224, SHA-256, SHA-384 and SHA-512. Case 5 gives only the first 128
  // bits (the RFC's truncation test).
  const char* expected[4];
};

const char* const kRfcDigests[] = {"SHA2-224", "SHA2-256", "SHA2-384", "SHA2-512"};

// RFC 4231, section 4: test cases 1 to 7.
const std::vector<RfcCase>& RfcCases() {
  static const std::vector<RfcCase> cases = {
      {Repeat(0x0b, 20),
       Bytes("Hi There"),
       {"896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22",
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
        "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2"
        "fa9cb6",
        "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eae"
        "a3f4e4"
        "be9d914eeb61f1702e696c203a126854"}},
      {Bytes("Jefe"),
       Bytes("what do ya want for nothing?"),
       {"a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44",
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfa"
        "b21649",
        "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8"
        "f0e6fd"
        "caeab1a34d4a6b4b636e070a38bce737"}},
      {Repeat(0xaa, 20),
       Repeat(0xdd, 50),
       {"7fb3cb3588c6c1f6ffa9694d7d6ad2649365b0c1f65d69d1ec8333ea",
        "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
        "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b2a5ab39dc13814b94e3ab6e101"
        "a34f27",
        "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39bf3e848279a722c806b485a47e"
        "67c807"
        "b946a337bee8942674278859e13292fb"}},
      {test::FromHex("0102030405060708090a0b0c0d0e0f10111213141516171819"),
       Repeat(0xcd, 50),
       {"6c11506874013cac6a2abc1bb382627cec6a90d86efc012de7afec5a",
        "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
        "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e6801dd23c4a7d679ccf8a386c6"
        "74cffb",
        "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3dba91ca5c11aa25eb4d679275cc5"
        "788063"
        "a5f19741120c4f2de2adebeb10a298dd"}},
      {Repeat(0x0c, 20),
       Bytes("Test With Truncation"),
       {"0e2aea68a90c8d37c988bcdb9fca6fa8", "a3b6167473100ee06e0c796c2955552b",
        "3abf34c3503b2a23a46efc619baef897", "415fad6271580a531d4179bc891d87a6"}},
      {Repeat(0xaa, 131),
       Bytes("Test Using Larger Than Block-Size Key - Hash Key First"),
       {"95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e",
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
        "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c60c2ef6ab4030fe8296248df163"
        "f44952",
        "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d"
        "6a1e52"
        "95e64f73f63f0aec8b915a985d786598"}},
      {Repeat(0xaa, 131),
       Bytes("This is a test using a larger than block-size key and a larger than block-size data. "
             "The key needs to be hashed before being used by the HMAC algorithm."),
       {"3a854166ac5d9f023f54d517d0b39dbd946770db9c2b95c9f6f565d1",
        "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
        "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5a678cc31e799176d3860e6110c"
        "46523e",
        "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944b6022cac3c4982b10d5eeb55c3"
        "e4de15"
        "134676fb6de0446065c97440fa8c6a58"}},
  };
  return cases;
}

Hmac Keyed(const char* digest, const std::vector<uint8_t>& key) {
  const EVP_MD* md = FindDigest(digest);
  EXPECT_NE(md, nullptr) << digest;
  Hmac hmac(md);
  hmac.SetKey(key.data(), key.size());
  return hmac;
}

TEST(HmacTest, Rfc4231KnownAnswers) {
  for (size_t c = 0; c < RfcCases().size(); ++c) {
    const RfcCase& rfc = RfcCases()[c];
    for (size_t d = 0; d < 4; ++d) {
      Hmac hmac = Keyed(kRfcDigests[d], rfc.key);
      std::string tag = test::Hex(Mac(hmac, rfc.data));
      EXPECT_EQ(tag.substr(0, std::string(rfc.expected[d]).size()), rfc.expected[d])
          << "case " << c + 1 << " " << kRfcDigests[d];
    }
  }
}

TEST(HmacTest, SizeFollowsTheDigest) {
  EXPECT_EQ(Hmac::SizeOf(FindDigest("SHA1")), 20u);
  EXPECT_EQ(Hmac(FindDigest("SHA2-512/224")).size(), 28u);
  EXPECT_EQ(Hmac(FindDigest("SHA3-512")).size(), 64u);
}

TEST(HmacTest, ReusableWithTheSameKeyAfterFinish) {
  const RfcCase& rfc = RfcCases()[1];
  Hmac hmac = Keyed("SHA2-256", rfc.key);
  for (int round = 0; round < 3; ++round) {
    EXPECT_EQ(test::Hex(Mac(hmac, rfc.data)), rfc.expected[1]) << "round " << round;
  }
}

TEST(HmacTest, SetKeyReplacesTheKeyAndDiscardsData) {
  Hmac hmac = Keyed("SHA2-256", RfcCases()[0].key);
  hmac.Update(reinterpret_cast<const uint8_t*>("garbage"), 7);
  hmac.SetKey(RfcCases()[1].key.data(), RfcCases()[1].key.size());
  EXPECT_EQ(test::Hex(Mac(hmac, RfcCases()[1].data)), RfcCases()[1].expected[1]);
}

TEST(HmacTest, CopyContinuesIndependently) {
  const RfcCase& rfc = RfcCases()[6];
  Hmac original = Keyed("SHA2-512", rfc.key);
  size_t half = rfc.data.size() / 2;
  original.Update(rfc.data.data(), half);
  Hmac copy(original);
  std::vector<uint8_t> rest(rfc.data.begin() + static_cast<ptrdiff_t>(half), rfc.data.end());
  EXPECT_EQ(test::Hex(Mac(copy, rest)), rfc.expected[3]);
  // The original was not disturbed by the copy's progress, and keeps its key afterwards.
  EXPECT_EQ(test::Hex(Mac(original, rest)), rfc.expected[3]);
  EXPECT_EQ(test::Hex(Mac(copy, rfc.data)), rfc.expected[3]);
}

TEST(HmacTest, CopyOfAnUnkeyedHmacCanBeKeyedLater) {
  Hmac original(FindDigest("SHA2-256"));
  Hmac copy(original);
  EXPECT_FALSE(copy.keyed());
  copy.SetKey(RfcCases()[0].key.data(), RfcCases()[0].key.size());
  EXPECT_EQ(test::Hex(Mac(copy, RfcCases()[0].data)), RfcCases()[0].expected[1]);
}

TEST(HmacTest, ResetDiscardsDataButKeepsTheKey) {
  const RfcCase& rfc = RfcCases()[2];
  Hmac hmac = Keyed("SHA2-384", rfc.key);
  hmac.Update(reinterpret_cast<const uint8_t*>("garbage"), 7);
  hmac.Reset();
  EXPECT_EQ(test::Hex(Mac(hmac, rfc.data)), rfc.expected[2]);
}

TEST(HmacTest, ZeroLengthKey) {
  // HMAC-SHA256 with an empty key over an empty message: the key is padded with zeros to the block
  // size, exactly as a 64-byte all-zero key would be.
  Hmac empty = Keyed("SHA2-256", {});
  Hmac zeros = Keyed("SHA2-256", Repeat(0, 64));
  std::vector<uint8_t> tag = Mac(empty, {});
  EXPECT_EQ(test::Hex(tag), "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad");
  EXPECT_EQ(tag, Mac(zeros, {}));
  // A null pointer with length 0 is an empty key too, not a request to keep the old key.
  Hmac hmac = Keyed("SHA2-256", RfcCases()[0].key);
  hmac.SetKey(nullptr, 0);
  EXPECT_EQ(Mac(hmac, {}), tag);
}

TEST(HmacTest, UnkeyedUseThrowsIllegalState) {
  Hmac hmac(FindDigest("SHA2-256"));
  uint8_t out[kMaxMacSize];
  for (auto use : {+[](Hmac&h, uint8_t*) { h.Update(reinterpret_cast<const uint8_t*>("a"), 1); },
                   +[](Hmac&h, uint8_t*o) { h.Finish(o); }}) {
    try {
      use(hmac, out);
      ADD_FAILURE() << "no exception";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kIllegalState);
    }
  }
  hmac.Reset();  // Harmless without a key, as Mac.reset() is before init.
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

}  // namespace
}  // namespace carbide
