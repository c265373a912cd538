#include "carbide/digest.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "carbide/error.h"
#include "carbide/library.h"
#include "test_util.h"

namespace carbide {
namespace {

struct DigestVector {
  const char* algorithm;
  std::string message;
  const char* expected_hex;
};

// FIPS 180-4 and FIPS 202 examples ("abc"), plus the empty message.
const DigestVector kVectors[] = {
    {"SHA1", "abc", "a9993e364706816aba3e25717850c26c9cd0d89d"},
    {"SHA2-256", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {"SHA2-256", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
    {"SHA2-512", "abc",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3fee"
     "bbd"
     "454d4423643ce80e2a9ac94fa54ca49f"},
    {"SHA3-256", "abc", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
    {"MD5", "abc", "900150983cd24fb0d6963f7d28e17f72"},
};

TEST(DigestTest, KnownAnswers) {
  for (const auto& vector : kVectors) {
    const EVP_MD* md = FindDigest(vector.algorithm);
    ASSERT_NE(md, nullptr) << vector.algorithm;
    Digest digest(md);
    digest.Update(reinterpret_cast<const uint8_t*>(vector.message.data()), vector.message.size());
    std::vector<uint8_t> out(digest.size());
    ASSERT_EQ(digest.Finish(out.data()), out.size());
    EXPECT_EQ(test::Hex(out), vector.expected_hex) << vector.algorithm;
  }
}

TEST(DigestTest, ContextIsReusableAfterFinish) {
  Digest digest(FindDigest("SHA2-256"));
  std::vector<uint8_t> first(32), second(32);
  digest.Update(reinterpret_cast<const uint8_t*>("abc"), 3);
  digest.Finish(first.data());
  digest.Update(reinterpret_cast<const uint8_t*>("abc"), 3);
  digest.Finish(second.data());
  EXPECT_EQ(first, second);
}

TEST(DigestTest, CopyContinuesIndependently) {
  Digest original(FindDigest("SHA2-256"));
  original.Update(reinterpret_cast<const uint8_t*>("ab"), 2);
  Digest copy(original);
  original.Update(reinterpret_cast<const uint8_t*>("c"), 1);
  copy.Update(reinterpret_cast<const uint8_t*>("c"), 1);
  std::vector<uint8_t> a(32), b(32);
  original.Finish(a.data());
  copy.Finish(b.data());
  EXPECT_EQ(a, b);
  EXPECT_EQ(test::Hex(a), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(DigestTest, ResetDiscardsData) {
  Digest digest(FindDigest("SHA2-256"));
  digest.Update(reinterpret_cast<const uint8_t*>("garbage"), 7);
  digest.Reset();
  std::vector<uint8_t> out(32);
  digest.Finish(out.data());
  EXPECT_EQ(test::Hex(out), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(DigestTest, UnknownAlgorithmIsAbsentNotAnError) {
  EXPECT_EQ(FindDigest("NO-SUCH-DIGEST"), nullptr);
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

}  // namespace
}  // namespace carbide
