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

}  // namespace
}  // namespace carbide
