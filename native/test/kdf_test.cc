#include "carbide/kdf.h"

#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "carbide/error.h"
#include "carbide/library.h"
#include "test_util.h"

namespace carbide {
namespace {

using Bytes = std::vector<uint8_t>;

Bytes Range(int first, int count) {
  Bytes out;
  for (int i = 0; i < count; ++i) {
    out.push_back(static_cast<uint8_t>(first + i));
  }
  return out;
}

const Hkdf& Sha256() {
  const Hkdf* hkdf = Hkdf::Find(FindDigest("SHA2-256"));
  EXPECT_NE(hkdf, nullptr);
  return *hkdf;
}

Bytes Derive(const Hkdf& hkdf, HkdfMode mode, const Bytes& key, const Bytes& salt,
             const Bytes& info, size_t len) {
  Bytes out(len);
  hkdf.Derive(mode, {key, salt, info}, out);
  return out;
}

// RFC 5869 appendix A, test cases 1 to 3 (SHA-256).
struct Rfc5869Case {
  Bytes ikm, salt, info;
  size_t length;
  const char* prk;
  const char* okm;
};

std::vector<Rfc5869Case> Rfc5869Cases() {
  return {
      {Bytes(22, 0x0b), Range(0x00, 13), Range(0xf0, 10), 42,
       "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
       "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"},
      {Range(0x00, 80), Range(0x60, 80), Range(0xb0, 80), 82,
       "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
       "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c6"
       "5e590e09da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87"},
      {Bytes(22, 0x0b),
       {},
       {},
       42,
       "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
       "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"},
  };
}

TEST(HkdfTest, Rfc5869ExtractThenExpand) {
  for (const auto& c : Rfc5869Cases()) {
    EXPECT_EQ(
        test::Hex(Derive(Sha256(), HkdfMode::kExtractThenExpand, c.ikm, c.salt, c.info, c.length)),
        c.okm);
  }
}

TEST(HkdfTest, Rfc5869ExtractOnlyAndExpandOnly) {
  for (const auto& c : Rfc5869Cases()) {
    Bytes prk = Derive(Sha256(), HkdfMode::kExtract, c.ikm, c.salt, {}, 32);
    EXPECT_EQ(test::Hex(prk), c.prk);
    EXPECT_EQ(test::Hex(Derive(Sha256(), HkdfMode::kExpand, prk, {}, c.info, c.length)), c.okm);
  }
}

TEST(HkdfTest, EmptySaltEqualsHashLenZeros) {
  const Hkdf& hkdf = Sha256();
  Bytes ikm = Range(1, 40);
  EXPECT_EQ(Derive(hkdf, HkdfMode::kExtract, ikm, {}, {}, 32),
            Derive(hkdf, HkdfMode::kExtract, ikm, Bytes(32, 0), {}, 32));
}

TEST(HkdfTest, EmptyIkmIsValid) {
  Bytes prk = Derive(Sha256(), HkdfMode::kExtract, {}, Range(7, 32), {}, 32);
  EXPECT_NE(prk, Bytes(32, 0));
}

// Expand by its definition in RFC 5869 section 2.3, with one-shot HMACs, as a reference.
Bytes ReferenceExpand(const char* digest, const Bytes& prk, const Bytes& info, size_t length) {
  Bytes okm, previous;
  for (uint8_t counter = 1; okm.size() < length; ++counter) {
    Bytes message = previous;
    message.insert(message.end(), info.begin(), info.end());
    message.push_back(counter);
    previous.assign(EVP_MAX_MD_SIZE, 0);
    size_t written = 0;
    EXPECT_NE(EVP_Q_mac(nullptr, "HMAC", nullptr, digest, nullptr, prk.data(), prk.size(),
                        message.data(), message.size(), previous.data(), previous.size(), &written),
              nullptr);
    previous.resize(written);
    okm.insert(okm.end(), previous.begin(), previous.end());
  }
  okm.resize(length);
  return okm;
}

TEST(HkdfTest, ExpandMatchesReferenceForEveryDigestAndLongInfo) {
  for (const char* digest : {"SHA2-256", "SHA2-384", "SHA2-512"}) {
    const Hkdf* hkdf = Hkdf::Find(FindDigest(digest));
    ASSERT_NE(hkdf, nullptr) << digest;
    Bytes prk = Range(3, static_cast<int>(hkdf->hash_size()));
    for (size_t info_len :
         {size_t{0}, size_t{1}, size_t{1024}, size_t{1025}, hkdf->max_info_size()}) {
      Bytes info(info_len, 0x5c);
      for (size_t length : {size_t{1}, hkdf->hash_size() + 1, hkdf->max_output_size()}) {
        EXPECT_EQ(Derive(*hkdf, HkdfMode::kExpand, prk, {}, info, length),
                  ReferenceExpand(digest, prk, info, length))
            << digest << " info " << info_len << " length " << length;
      }
    }
  }
}

TEST(HkdfTest, LengthLimitIs255HashLen) {
  const Hkdf& hkdf = Sha256();
  Bytes prk(32, 1);
  EXPECT_EQ(hkdf.max_output_size(), 255u * 32);
  EXPECT_EQ(Derive(hkdf, HkdfMode::kExpand, prk, {}, {}, 255 * 32).size(), 255u * 32);
  for (size_t bad : {size_t{0}, size_t{255 * 32 + 1}}) {
    for (HkdfMode mode : {HkdfMode::kExpand, HkdfMode::kExtractThenExpand}) {
      try {
        Derive(hkdf, mode, prk, {}, {}, bad);
        ADD_FAILURE() << "length " << bad << " accepted";
      } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kInvalidParameter);
      }
    }
  }
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

TEST(HkdfTest, InfoLimitIsOpensslsAndRefusedBeyond) {
  const Hkdf& hkdf = Sha256();
  EXPECT_GE(hkdf.max_info_size(), 1024u);
  Bytes out(32);
  try {
    hkdf.Derive(HkdfMode::kExpand, {Bytes(32, 1), {}, Bytes(hkdf.max_info_size() + 1, 2)}, out);
    ADD_FAILURE() << "oversized info accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kInvalidParameter);
  }
}

TEST(HkdfTest, RejectsShortPrkAndWrongExtractLength) {
  const Hkdf& hkdf = Sha256();
  Bytes out(31);
  try {
    hkdf.Derive(HkdfMode::kExpand, {Bytes(31, 1), {}, {}}, out);
    ADD_FAILURE() << "short PRK accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kInvalidParameter);
  }
  try {
    hkdf.Derive(HkdfMode::kExtract, {Bytes(31, 1), {}, {}}, out);
    ADD_FAILURE() << "extract into 31 bytes accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kInvalidParameter);
  }
}

// A reused context must not carry an earlier salt or info into a derivation with empty ones.
TEST(HkdfTest, ReusedContextForgetsEarlierInputs) {
  const Hkdf& hkdf = Sha256();
  KdfCtxPtr ctx = hkdf.NewContext();
  Bytes ikm = Range(9, 32), out(42);
  hkdf.Derive(ctx.get(), HkdfMode::kExtractThenExpand, {ikm, Range(1, 16), Range(2, 16)}, out);
  hkdf.Derive(ctx.get(), HkdfMode::kExtractThenExpand, {ikm, {}, {}}, out);
  EXPECT_EQ(out, Derive(hkdf, HkdfMode::kExtractThenExpand, ikm, {}, {}, 42));
}

// Many threads share the pool; every result must be the one a lone derivation gives.
TEST(HkdfTest, ConcurrentDerivationsAgree) {
  const Hkdf& hkdf = Sha256();
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

TEST(HkdfTest, FindIsCachedAndRefusesNull) {
  EXPECT_EQ(Hkdf::Find(FindDigest("SHA2-384")), Hkdf::Find(FindDigest("SHA2-384")));
  EXPECT_EQ(Hkdf::Find(nullptr), nullptr);
  EXPECT_EQ(Hkdf::Find(FindDigest("SHA2-512"))->hash_size(), 64u);
}

}  // namespace
}  // namespace carbide
