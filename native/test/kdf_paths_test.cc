// Which path Hkdf takes, the two paths against each other, and the shared pools under threads.
#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <random>
#include <thread>
#include <vector>

#include "carbide/kdf.h"
#include "carbide/library.h"
#include "kdf_test_util.h"

namespace carbide::test {
namespace {

TEST(HkdfPathChoiceTest, DefaultProviderDigestsAreComposed) {
  for (const char* digest : {"SHA2-256", "SHA2-384", "SHA2-512"}) {
    const EVP_MD* md = FindDigest(digest);
    EXPECT_EQ(Hkdf::ChoosePath(md), Hkdf::Path::kComposed) << digest;
    EXPECT_EQ(Hkdf::Find(md)->path(), Hkdf::Path::kComposed) << digest;
  }
}

// The implicit-fetch EVP_sha256() carries no provider: nothing shows it is OpenSSL's default
// one, so HKDF over it stays inside OpenSSL.
TEST(HkdfPathChoiceTest, DigestWithoutDefaultProviderUsesEvpKdf) {
  const EVP_MD* md = EVP_sha256();
  ASSERT_EQ(EVP_MD_get0_provider(md), nullptr);
  EXPECT_EQ(Hkdf::ChoosePath(md), Hkdf::Path::kEvpKdf);
  Hkdf hkdf(md);
  EXPECT_EQ(hkdf.path(), Hkdf::Path::kEvpKdf);
  Hkdf composed(FindDigest("SHA2-256"), Hkdf::Path::kComposed);
  EXPECT_EQ(Derive(hkdf, HkdfMode::kExtractThenExpand, Range(1, 32), Range(2, 32), {}, 64),
            Derive(composed, HkdfMode::kExtractThenExpand, Range(1, 32), Range(2, 32), {}, 64));
}

TEST(HkdfPathChoiceTest, FindIsCachedAndRefusesNull) {
  EXPECT_EQ(Hkdf::Find(FindDigest("SHA2-384")), Hkdf::Find(FindDigest("SHA2-384")));
  EXPECT_EQ(Hkdf::Find(nullptr), nullptr);
  EXPECT_EQ(Hkdf::Find(FindDigest("SHA2-512"))->hash_size(), 64u);
}

Bytes RandomBytes(std::mt19937& random, size_t max_len) {
  Bytes out(std::uniform_int_distribution<size_t>(0, max_len)(random));
  for (auto& b : out) {
    b = static_cast<uint8_t>(random());
  }
  return out;
}

// Random inputs, every mode and digest: the composed path gives EVP_KDF's bytes.
TEST(HkdfPathsTest, ComposedAgreesWithEvpKdfOnRandomInputs) {
  auto seed = static_cast<unsigned>(std::chrono::steady_clock::now().time_since_epoch().count());
  std::mt19937 random(seed);
  for (const char* digest : {"SHA2-256", "SHA2-384", "SHA2-512", "SHA3-256"}) {
    Hkdf composed(FindDigest(digest), Hkdf::Path::kComposed);
    Hkdf evp(FindDigest(digest), Hkdf::Path::kEvpKdf);
    size_t hash = composed.hash_size();
    for (int n = 0; n < 100; ++n) {
      Bytes ikm = RandomBytes(random, 200), salt = RandomBytes(random, 200);
      Bytes info = RandomBytes(random, n % 10 == 0 ? 1000 : 80);
      size_t length = n == 0 ? composed.max_output_size()
                             : std::uniform_int_distribution<size_t>(1, 4 * hash)(random);
      Bytes prk = RandomBytes(random, 2 * hash);
      prk.resize(std::max(prk.size(), hash), 0x77);
      SCOPED_TRACE(testing::Message() << digest << " seed " << seed << " case " << n);
      EXPECT_EQ(Derive(composed, HkdfMode::kExtract, ikm, salt, {}, hash),
                Derive(evp, HkdfMode::kExtract, ikm, salt, {}, hash));
      EXPECT_EQ(Derive(composed, HkdfMode::kExpand, prk, {}, info, length),
                Derive(evp, HkdfMode::kExpand, prk, {}, info, length));
      EXPECT_EQ(Derive(composed, HkdfMode::kExtractThenExpand, ikm, salt, info, length),
                Derive(evp, HkdfMode::kExtractThenExpand, ikm, salt, info, length));
    }
  }
}

// Many threads share the pool; every result must be the one a lone derivation gives.
class HkdfConcurrencyTest : public HkdfPathTest {};
INSTANTIATE_TEST_SUITE_P(BothPaths, HkdfConcurrencyTest,
                         testing::Values(Hkdf::Path::kComposed, Hkdf::Path::kEvpKdf), PathName);

TEST_P(HkdfConcurrencyTest, ConcurrentDerivationsAgree) {
  Hkdf hkdf = Make("SHA2-256");
  std::vector<Bytes> expected;
  for (int i = 0; i < 8; ++i) {
    expected.push_back(
        Derive(hkdf, HkdfMode::kExtractThenExpand, Range(i, 32), Range(i, i), Range(i, 2 * i), 42));
  }
  std::atomic<int> mismatches{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int n = 0; n < 200; ++n) {
        int i = (t + n) % 8;
        if (Derive(hkdf, HkdfMode::kExtractThenExpand, Range(i, 32), Range(i, i), Range(i, 2 * i),
                   42) != expected[static_cast<size_t>(i)]) {
          ++mismatches;
        }
      }
    });
  }
  for (auto& thread : threads) {
    thread.join();
  }
  EXPECT_EQ(mismatches.load(), 0);
}

}  // namespace
}  // namespace carbide::test
