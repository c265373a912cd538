#include "carbide/cipher.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "carbide/error.h"
#include "carbide/library.h"
#include "test_util.h"

namespace carbide {
namespace {

using test::FromHex;
using test::Hex;
using test::KindOf;

// Wycheproof aes_gcm_test.json, tcId 1.
const char kKey[] = "5b9604fe14eadba931b0ccf34843dab9";
const char kIv[] = "028318abc1824029138141a2";
const char kMsg[] = "001d0c231287c1182784554ca3a21908";
const char kCt[] = "26073cc1d851beff176384dc9896d5ff";
const char kTag[] = "0a3ea7a5487cb5f7d70fb6c58d038554";

// Encrypts kMsg with AES-128-GCM; a null key restarts with the IV only.
std::string Seal(CipherContext& context, const std::vector<uint8_t>* key) {
  std::vector<uint8_t> iv = FromHex(kIv);
  std::vector<uint8_t> msg = FromHex(kMsg);
  context.Start(FindCipher("AES-128-GCM"), true, key == nullptr ? nullptr : key->data(),
                key == nullptr ? 0 : key->size(), iv.data(), iv.size());
  std::vector<uint8_t> out(msg.size() + kMaxTagSize);
  size_t n = context.Update(msg.data(), msg.size(), out.data());
  n += context.Finish(out.data() + n);
  context.GetTag(out.data() + n, kMaxTagSize);
  out.resize(n + kMaxTagSize);
  return Hex(out);
}

TEST(CipherTest, GcmKnownAnswerAlsoAfterIvOnlyRestart) {
  CipherContext context;
  std::vector<uint8_t> key = FromHex(kKey);
  EXPECT_EQ(Seal(context, &key), std::string(kCt) + kTag);
  EXPECT_EQ(Seal(context, nullptr), std::string(kCt) + kTag);
}

TEST(CipherTest, GcmWrongTagIsBadTag) {
  CipherContext context;
  std::vector<uint8_t> key = FromHex(kKey);
  std::vector<uint8_t> iv = FromHex(kIv);
  std::vector<uint8_t> ct = FromHex(kCt);
  std::vector<uint8_t> tag = FromHex(kTag);
  tag[0] ^= 1;
  context.Start(FindCipher("AES-128-GCM"), false, key.data(), key.size(), iv.data(), iv.size());
  std::vector<uint8_t> out(ct.size());
  context.Update(ct.data(), ct.size(), out.data());
  context.SetExpectedTag(tag.data(), tag.size());
  EXPECT_EQ(KindOf([&] { context.Finish(out.data()); }), ErrorKind::kBadTag);
}

TEST(CipherTest, CbcBadPaddingIsBadPadding) {
  CipherContext context;
  std::vector<uint8_t> key(16, 1);
  std::vector<uint8_t> iv(16, 2);
  std::vector<uint8_t> block(16, 0);
  context.Start(FindCipher("AES-128-CBC"), false, key.data(), key.size(), iv.data(), iv.size());
  context.SetPadding(true);
  uint8_t out[32];
  size_t n = context.Update(block.data(), block.size(), out);
  EXPECT_EQ(n, 0u);  // the last block waits for its padding check
  EXPECT_EQ(KindOf([&] { context.Finish(out); }), ErrorKind::kBadPadding);
}

// Start skips the padding call when only the IV changes; OpenSSL must then still hand back every
// block of an unpadded decryption, also after a padded message on the same context.
TEST(CipherTest, PaddingIsOffAfterEveryStart) {
  CipherContext context;
  std::vector<uint8_t> key(16, 1);
  std::vector<uint8_t> iv(16, 2);
  std::vector<uint8_t> block(16, 0);  // decrypts to something that is not valid padding
  const EVP_CIPHER* cbc = FindCipher("AES-128-CBC");
  uint8_t out[32];
  auto decrypt_unpadded = [&] {
    size_t n = context.Update(block.data(), block.size(), out);
    return n + context.Finish(out + n);
  };
  context.Start(cbc, false, key.data(), key.size(), iv.data(), iv.size());
  EXPECT_EQ(decrypt_unpadded(), 16u);
  context.Start(cbc, false, nullptr, 0, iv.data(), iv.size());
  EXPECT_EQ(decrypt_unpadded(), 16u);
  context.Start(cbc, false, nullptr, 0, iv.data(), iv.size());
  context.SetPadding(true);
  EXPECT_EQ(context.Update(block.data(), block.size(), out), 0u);
  EXPECT_EQ(KindOf([&] { context.Finish(out); }), ErrorKind::kBadPadding);
  context.Start(cbc, false, nullptr, 0, iv.data(), iv.size());
  EXPECT_EQ(decrypt_unpadded(), 16u);
  // SetPadding(false) drops OpenSSL's EVP_CIPH_NO_PADDING mark, which would otherwise tell a new
  // provider context (a new key or cipher) that padding is off: Start must say so itself.
  std::vector<uint8_t> other_key(16, 3);
  context.Start(cbc, false, other_key.data(), other_key.size(), iv.data(), iv.size());
  EXPECT_EQ(decrypt_unpadded(), 16u);
  std::vector<uint8_t> long_key(32, 4);
  context.Start(FindCipher("AES-256-CBC"), false, long_key.data(), long_key.size(), iv.data(),
                iv.size());
  EXPECT_EQ(decrypt_unpadded(), 16u);
  context.Start(FindCipher("AES-256-CBC"), false, nullptr, 0, iv.data(), iv.size());
  EXPECT_EQ(decrypt_unpadded(), 16u);
}

TEST(CipherTest, RunningIvIsTheLastCiphertextBlockOfCbc) {
  CipherContext context;
  std::vector<uint8_t> key(16, 1);
  std::vector<uint8_t> iv(16, 2);
  std::vector<uint8_t> block(16, 3);
  context.Start(FindCipher("AES-128-CBC"), true, key.data(), key.size(), iv.data(), iv.size());
  uint8_t out[16];
  ASSERT_EQ(context.Update(block.data(), block.size(), out), 16u);
  uint8_t running[kMaxIvSize];
  ASSERT_EQ(context.RunningIv(running), 16u);
  EXPECT_EQ(Hex({running, running + 16}), Hex({out, out + 16}));
}

TEST(CipherTest, MisuseIsReported) {
  CipherContext context;
  std::vector<uint8_t> key(16, 1);
  std::vector<uint8_t> iv(12, 2);
  const EVP_CIPHER* gcm = FindCipher("AES-128-GCM");
  EXPECT_EQ(KindOf([&] { context.Start(gcm, true, nullptr, 0, iv.data(), iv.size()); }),
            ErrorKind::kIllegalState);
  EXPECT_EQ(KindOf([&] { context.Start(gcm, true, key.data(), 15, iv.data(), iv.size()); }),
            ErrorKind::kInvalidKey);
  context.Start(gcm, true, key.data(), key.size(), iv.data(), iv.size());
  EXPECT_EQ(KindOf([&] { context.Start(gcm, false, nullptr, 0, iv.data(), iv.size()); }),
            ErrorKind::kIllegalState);
  EXPECT_EQ(KindOf([&] {
              context.Start(FindCipher("AES-128-CBC"), true, key.data(), key.size(), iv.data(),
                            iv.size());
            }),
            ErrorKind::kInvalidParameter);
}

// One message through CipherContext::OneShot, from a keyed Start; returns output and tag in hex.
struct OneShotCase {
  const char* cipher;
  const char* key;
  const char* iv;
  const char* aad;
  const char* msg;
  const char* ct;
  const char* tag;
};

std::string OneShotEncrypt(CipherContext& context, const OneShotCase& c, bool rekey) {
  std::vector<uint8_t> key = FromHex(c.key);
  std::vector<uint8_t> iv = FromHex(c.iv);
  std::vector<uint8_t> aad = FromHex(c.aad);
  std::vector<uint8_t> msg = FromHex(c.msg);
  std::vector<uint8_t> tag(std::string(c.tag).size() / 2);
  context.Start(FindCipher(c.cipher), true, rekey ? key.data() : nullptr, rekey ? key.size() : 0,
                iv.data(), iv.size(), tag.size());
  std::vector<uint8_t> out(msg.size());
  EXPECT_EQ(context.OneShot(aad.data(), aad.size(), msg.data(), msg.size(), out.data(), tag.data(),
                            tag.size()),
            msg.size());
  return Hex(out) + Hex(tag);
}

std::string OneShotDecrypt(CipherContext& context, const OneShotCase& c, bool flip_tag) {
  std::vector<uint8_t> key = FromHex(c.key);
  std::vector<uint8_t> iv = FromHex(c.iv);
  std::vector<uint8_t> aad = FromHex(c.aad);
  std::vector<uint8_t> ct = FromHex(c.ct);
  std::vector<uint8_t> tag = FromHex(c.tag);
  if (flip_tag) {
    tag[0] ^= 1;
  }
  context.Start(FindCipher(c.cipher), false, key.data(), key.size(), iv.data(), iv.size(),
                tag.size());
  std::vector<uint8_t> out(ct.size());
  context.OneShot(aad.data(), aad.size(), ct.data(), ct.size(), out.data(), tag.data(), tag.size());
  return Hex(out);
}

// RFC 3610 packet vector 1 (13-byte nonce, 8-byte tag); Wycheproof aes_gcm_siv_test.json tcIds 1
// and 5 (RFC 8452: empty message, then AAD and message); Wycheproof aes_xts_test.json tcId 1 with
// its 8-byte tweak zero-padded to 16 bytes (Wycheproof's sector-number convention).
const OneShotCase kOneShotCases[] = {
    {"AES-128-CCM", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "00000003020100a0a1a2a3a4a5",
     "0001020304050607", "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e",
     "588c979a61c663d2f066d0c2c0f989806d5f6b61dac384", "17e8d12cfdf926e0"},
    {"AES-128-GCM-SIV", "01000000000000000000000000000000", "030000000000000000000000", "", "", "",
     "dc20e2d83f25705bb49e439eca56de25"},
    {"AES-128-XTS", "6e9841dd6f35b53c48084f9558deabdebe8a712fd6343046a0f92bfdcfe16e07",
     "6e08e4314925b6cf0000000000000000", "", "7252a0545fcaa07fc468c636203de219",
     "d107e084fbaed19c5be05ac4f48b7732", ""},
};

TEST(CipherTest, OneShotKnownAnswersAlsoAfterIvOnlyRestart) {
  for (const OneShotCase& c : kOneShotCases) {
    SCOPED_TRACE(c.cipher);
    CipherContext context;
    EXPECT_EQ(OneShotEncrypt(context, c, true), std::string(c.ct) + c.tag);
    EXPECT_EQ(OneShotEncrypt(context, c, false), std::string(c.ct) + c.tag);
    EXPECT_EQ(OneShotDecrypt(context, c, false), c.msg);
  }
}

TEST(CipherTest, OneShotWrongTagIsBadTag) {
  for (const OneShotCase& c : kOneShotCases) {
    if (std::string(c.tag).empty()) {
      continue;
    }
    SCOPED_TRACE(c.cipher);
    CipherContext context;
    EXPECT_EQ(KindOf([&] { OneShotDecrypt(context, c, true); }), ErrorKind::kBadTag);
    EXPECT_EQ(OneShotDecrypt(context, c, false), c.msg);  // the context is still usable
  }
}

TEST(CipherTest, GcmSivForgetsTheAadOfTheLastMessage) {
  // OpenSSL's GCM-SIV keeps absorbed AAD across restarts; a message without AAD after one with
  // AAD must still give the known answer of an AAD-free message.
  OneShotCase with_aad = kOneShotCases[1];
  with_aad.aad = "0102";
  CipherContext context;
  OneShotEncrypt(context, with_aad, true);
  EXPECT_EQ(OneShotEncrypt(context, kOneShotCases[1], false),
            std::string(kOneShotCases[1].ct) + kOneShotCases[1].tag);
}

TEST(CipherTest, CcmRestartsWithoutAKeyOnlyUnderTheSameLengths) {
  // OpenSSL fixes CCM's tag and nonce lengths with the key schedule.
  CipherContext context;
  std::vector<uint8_t> key(16, 1);
  std::vector<uint8_t> nonce(13, 2);
  const EVP_CIPHER* ccm = FindCipher("AES-128-CCM");
  context.Start(ccm, true, key.data(), key.size(), nonce.data(), nonce.size(), 8);
  context.Start(ccm, true, nullptr, 0, nonce.data(), nonce.size(), 8);
  EXPECT_EQ(KindOf([&] { context.Start(ccm, true, nullptr, 0, nonce.data(), 12, 8); }),
            ErrorKind::kIllegalState);
  EXPECT_EQ(KindOf([&] { context.Start(ccm, true, nullptr, 0, nonce.data(), 13, 16); }),
            ErrorKind::kIllegalState);
}

TEST(CipherTest, OneShotRefusesOtherCiphers) {
  CipherContext context;
  std::vector<uint8_t> key(16, 1);
  std::vector<uint8_t> iv(12, 2);
  uint8_t out[16];
  uint8_t tag[16];
  context.Start(FindCipher("AES-128-GCM"), true, key.data(), key.size(), iv.data(), iv.size());
  EXPECT_EQ(KindOf([&] { context.OneShot(nullptr, 0, key.data(), 16, out, tag, 16); }),
            ErrorKind::kIllegalState);
}

}  // namespace
}  // namespace carbide
