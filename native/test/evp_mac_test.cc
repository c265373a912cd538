#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "carbide/digest.h"
#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/mac.h"
#include "test_util.h"

namespace carbide {
namespace {

using test::FromHex;
using test::Hex;
using test::KindOf;

std::vector<uint8_t> Tag(EvpMac& mac, const std::vector<uint8_t>& message) {
  mac.Update(message.data(), message.size());
  std::vector<uint8_t> out(mac.size());
  EXPECT_EQ(mac.Finish(out.data()), out.size());
  return out;
}

// RFC 4493 example 2, twice: the second message restarts under the kept key.
TEST(EvpMacTest, CmacKnownAnswerAndRestart) {
  EvpMac mac(FindMac("CMAC"), EvpMac::Parameter::kNone);
  mac.SetKey(FromHex("2b7e151628aed2a6abf7158809cf4f3c"), "AES-128-CBC", {}, 0);
  const auto message = FromHex("6bc1bee22e409f96e93d7e117393172a");
  EXPECT_EQ(Hex(Tag(mac, message)), "070a16b46b4d4144f79bdd9dd04a287c");
  EXPECT_EQ(Hex(Tag(mac, message)), "070a16b46b4d4144f79bdd9dd04a287c");
  EvpMac copy(mac);
  EXPECT_EQ(Hex(Tag(copy, message)), "070a16b46b4d4144f79bdd9dd04a287c");
}

// RFC 8439 section 2.5.2; OpenSSL refuses to restart a used Poly1305 context, so Reset keys it
// again and a second message gets the same tag.
TEST(EvpMacTest, Poly1305KnownAnswerTwice) {
  EvpMac mac(FindMac("POLY1305"), EvpMac::Parameter::kNone);
  mac.SetKey(FromHex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b"), nullptr,
             {}, 0);
  const std::string text = "Cryptographic Forum Research Group";
  const std::vector<uint8_t> message(text.begin(), text.end());
  EXPECT_EQ(Hex(Tag(mac, message)), "a8061dc1305136c6c22b8baf0c0127a9");
  EXPECT_EQ(Hex(Tag(mac, message)), "a8061dc1305136c6c22b8baf0c0127a9");
}

// Wycheproof aes_gcm_test.json tcId 92 (empty message: a GMAC of the AAD). The IV serves one tag.
TEST(EvpMacTest, GmacKnownAnswerThenSpent) {
  EvpMac mac(FindMac("GMAC"), EvpMac::Parameter::kIv);
  mac.SetKey(FromHex("29d3a44f8723dc640239100c365423a312934ac80239212ac3df3421a2098123"),
             "AES-256-GCM", FromHex("00112233445566778899aabb"), 0);
  const auto aad = FromHex("aabbccddeeff");
  mac.Update(aad.data(), 2);
  mac.Reset();  // a reset releases no tag: the IV still serves
  EXPECT_EQ(Hex(Tag(mac, aad)), "2a7d77fa526b8250cb296078926b5020");
  EXPECT_EQ(KindOf([&] { mac.Update(aad.data(), aad.size()); }), ErrorKind::kIllegalState);
}

// A GMAC keyed again with the key it holds takes only the new IV; its tags must be those of a
// context keyed afresh, also when another key or cipher comes between, and for a copy.
TEST(EvpMacTest, GmacSameKeyNewIvMatchesAFreshContext) {
  const auto key = FromHex("29d3a44f8723dc640239100c365423a312934ac80239212ac3df3421a2098123");
  const auto other = FromHex("000102030405060708090a0b0c0d0e0f");
  const auto message = FromHex("aabbccddeeff");
  auto tag = [&](EvpMac& mac, const std::vector<uint8_t>& k, const char* cipher, int iv) {
    mac.SetKey(k, cipher, std::vector<uint8_t>(12, static_cast<uint8_t>(iv)), 0);
    return Hex(Tag(mac, message));
  };
  auto fresh = [&](const std::vector<uint8_t>& k, const char* cipher, int iv) {
    EvpMac mac(FindMac("GMAC"), EvpMac::Parameter::kIv);
    return tag(mac, k, cipher, iv);
  };
  EvpMac reused(FindMac("GMAC"), EvpMac::Parameter::kIv);
  EXPECT_EQ(tag(reused, key, "AES-256-GCM", 1), fresh(key, "AES-256-GCM", 1));
  EXPECT_EQ(tag(reused, key, "AES-256-GCM", 2), fresh(key, "AES-256-GCM", 2));
  EXPECT_NE(fresh(key, "AES-256-GCM", 1), fresh(key, "AES-256-GCM", 2));
  EXPECT_EQ(tag(reused, other, "AES-128-GCM", 3), fresh(other, "AES-128-GCM", 3));
  EXPECT_EQ(tag(reused, key, "AES-256-GCM", 4), fresh(key, "AES-256-GCM", 4));
  // A key that differs in its last byte only is a new key.
  auto near = key;
  near.back() ^= 1;
  EXPECT_EQ(tag(reused, near, "AES-256-GCM", 5), fresh(near, "AES-256-GCM", 5));
  EvpMac copy(reused);  // spent, so unkeyed: a fresh context, keyed in full
  EXPECT_EQ(tag(copy, near, "AES-256-GCM", 6), fresh(near, "AES-256-GCM", 6));
  // A refused IV leaves no key in use; the next good init works.
  EXPECT_EQ(KindOf([&] { reused.SetKey(near, "AES-256-GCM", {}, 0); }),
            ErrorKind::kInvalidParameter);
  EXPECT_EQ(tag(reused, near, "AES-256-GCM", 7), fresh(near, "AES-256-GCM", 7));
}

// Renew (the provider's GMAC init with the key its session holds) takes only the IV when the key
// is the one held, and refuses, changing nothing, for any other key, no key, or another MAC.
TEST(EvpMacTest, GmacRenewOnlyUnderTheKeyHeld) {
  const auto key = FromHex("29d3a44f8723dc640239100c365423a312934ac80239212ac3df3421a2098123");
  const auto message = FromHex("aabbccddeeff");
  const std::vector<uint8_t> iv1(12, 1);
  const std::vector<uint8_t> iv2(12, 2);
  EvpMac mac(FindMac("GMAC"), EvpMac::Parameter::kIv);
  EXPECT_FALSE(mac.Renew(key, iv1));  // no key yet
  mac.SetKey(key, "AES-256-GCM", iv1, 0);
  std::string first = Hex(Tag(mac, message));
  auto near = key;
  near.back() ^= 1;
  EXPECT_FALSE(mac.Renew(near, iv2));
  EXPECT_FALSE(mac.Renew(std::vector<uint8_t>(key.begin(), key.begin() + 16), iv2));
  EXPECT_FALSE(mac.Renew(key, {}));
  // Still spent: none of the refusals started a message.
  EXPECT_EQ(KindOf([&] { mac.Update(message.data(), message.size()); }), ErrorKind::kIllegalState);
  ASSERT_TRUE(mac.Renew(key, iv2));
  EvpMac fresh(FindMac("GMAC"), EvpMac::Parameter::kIv);
  fresh.SetKey(key, "AES-256-GCM", iv2, 0);
  EXPECT_EQ(Hex(Tag(mac, message)), Hex(Tag(fresh, message)));
  ASSERT_TRUE(mac.Renew(key, iv1));
  EXPECT_EQ(Hex(Tag(mac, message)), first);
  EvpMac cmac(FindMac("CMAC"), EvpMac::Parameter::kNone);
  cmac.SetKey(key, "AES-256-CBC", {}, 0);
  EXPECT_FALSE(cmac.Renew(key, iv1));
}

// SP 800-185 KMAC sample 2, and the refusal of a key shorter than OpenSSL's 4 bytes.
TEST(EvpMacTest, KmacKnownAnswerAndShortKey) {
  EvpMac mac(FindMac("KMAC-128"), EvpMac::Parameter::kCustomisation);
  const std::string s = "My Tagged Application";
  mac.SetKey(FromHex("404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"), nullptr,
             std::vector<uint8_t>(s.begin(), s.end()), 32);
  EXPECT_EQ(Hex(Tag(mac, FromHex("00010203"))),
            "3b1fba963cd8b0b59e8c1a6d71888b7143651af8ba0a7070c0979e2811324aa5");
  EXPECT_EQ(KindOf([&] { mac.SetKey(FromHex("010203"), nullptr, {}, 32); }),
            ErrorKind::kInvalidKey);
  EXPECT_EQ(KindOf([&] { mac.Update(nullptr, 0); }), ErrorKind::kIllegalState);
}

// SHAKE at the JCA name's fixed length (FIPS 202 examples), and no odd length for a fixed digest.
TEST(DigestXofTest, ShakeAtFixedLength) {
  Digest shake(FindDigest("SHAKE-128"), 32);
  const std::string abc = "abc";
  shake.Update(reinterpret_cast<const uint8_t*>(abc.data()), abc.size());
  std::vector<uint8_t> out(32);
  EXPECT_EQ(shake.Finish(out.data()), 32U);
  EXPECT_EQ(Hex(out), "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8");
  EXPECT_EQ(KindOf([] { Digest bad(FindDigest("SHA2-256"), 16); }), ErrorKind::kIllegalArgument);
}

}  // namespace
}  // namespace carbide
