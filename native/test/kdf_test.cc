// RFC 5869's vectors, a reference Expand and the limits, each on both of Hkdf's paths.
#include "carbide/kdf.h"

#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <algorithm>
#include <vector>

#include "carbide/error.h"
#include "kdf_test_util.h"
#include "test_util.h"

namespace carbide::test {
namespace {

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

using HkdfTest = HkdfPathTest;
INSTANTIATE_TEST_SUITE_P(BothPaths, HkdfTest,
                         testing::Values(Hkdf::Path::kComposed, Hkdf::Path::kEvpKdf), PathName);

TEST_P(HkdfTest, RunsOnTheChosenPath) { EXPECT_EQ(Make("SHA2-256").path(), GetParam()); }

TEST_P(HkdfTest, Rfc5869ExtractThenExpand) {
  Hkdf hkdf = Make("SHA2-256");
  for (const auto& c : Rfc5869Cases()) {
    EXPECT_EQ(Hex(Derive(hkdf, HkdfMode::kExtractThenExpand, c.ikm, c.salt, c.info, c.length)),
              c.okm);
  }
}

TEST_P(HkdfTest, Rfc5869ExtractOnlyAndExpandOnly) {
  Hkdf hkdf = Make("SHA2-256");
  for (const auto& c : Rfc5869Cases()) {
    Bytes prk = Derive(hkdf, HkdfMode::kExtract, c.ikm, c.salt, {}, 32);
    EXPECT_EQ(Hex(prk), c.prk);
    EXPECT_EQ(Hex(Derive(hkdf, HkdfMode::kExpand, prk, {}, c.info, c.length)), c.okm);
  }
}

TEST_P(HkdfTest, EmptySaltEqualsHashLenZeros) {
  Hkdf hkdf = Make("SHA2-384");
  Bytes ikm = Range(1, 40);
  EXPECT_EQ(Derive(hkdf, HkdfMode::kExtract, ikm, {}, {}, 48),
            Derive(hkdf, HkdfMode::kExtract, ikm, Bytes(48, 0), {}, 48));
}

TEST_P(HkdfTest, EmptyIkmIsValid) {
  Bytes prk = Derive(Make("SHA2-256"), HkdfMode::kExtract, {}, Range(7, 32), {}, 32);
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

TEST_P(HkdfTest, ExpandMatchesReferenceForEveryDigestAndLongInfo) {
  for (const char* digest : {"SHA2-256", "SHA2-384", "SHA2-512"}) {
    Hkdf hkdf = Make(digest);
    Bytes prk = Range(3, static_cast<int>(hkdf.hash_size()));
    // Past OpenSSL's 32 KiB where the path allows it.
    size_t longest = std::min(hkdf.max_info_size(), size_t{33 * 1024});
    for (size_t info_len : {size_t{0}, size_t{1}, size_t{1024}, size_t{1025}, longest}) {
      Bytes info(info_len, 0x5c);
      for (size_t length : {size_t{1}, hkdf.hash_size(), hkdf.hash_size() + 1,
                            hkdf.max_output_size() - 1, hkdf.max_output_size()}) {
        EXPECT_EQ(Derive(hkdf, HkdfMode::kExpand, prk, {}, info, length),
                  ReferenceExpand(digest, prk, info, length))
            << digest << " info " << info_len << " length " << length;
      }
    }
  }
}

TEST_P(HkdfTest, LengthLimitIs255HashLen) {
  Hkdf hkdf = Make("SHA2-256");
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

TEST_P(HkdfTest, RejectsShortPrkAndWrongExtractLength) {
  Hkdf hkdf = Make("SHA2-256");
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

// A pooled context or HMAC must not carry an earlier salt, info or key into a later derivation:
// single-threaded, the second derivation gets the object the first one returned.
TEST_P(HkdfTest, ReusedContextForgetsEarlierInputs) {
  Hkdf hkdf = Make("SHA2-256");
  Bytes ikm = Range(9, 32);
  Bytes fresh = Derive(hkdf, HkdfMode::kExtractThenExpand, ikm, {}, {}, 42);
  Derive(hkdf, HkdfMode::kExtractThenExpand, ikm, Range(1, 16), Range(2, 16), 42);
  EXPECT_EQ(Derive(hkdf, HkdfMode::kExtractThenExpand, ikm, {}, {}, 42), fresh);
  Derive(hkdf, HkdfMode::kExpand, Range(4, 32), {}, Range(2, 16), 42);
  EXPECT_EQ(Derive(hkdf, HkdfMode::kExtractThenExpand, ikm, {}, {}, 42), fresh);
}

TEST(HkdfEvpKdfTest, InfoLimitIsOpensslsAndRefusedBeyond) {
  Hkdf hkdf(FindDigest("SHA2-256"), Hkdf::Path::kEvpKdf);
  EXPECT_GE(hkdf.max_info_size(), 1024u);
  Bytes out(32);
  try {
    hkdf.Derive(HkdfMode::kExpand, {Bytes(32, 1), {}, Bytes(hkdf.max_info_size() + 1, 2)}, out);
    ADD_FAILURE() << "oversized info accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kInvalidParameter);
  }
}

// RFC 5869 sets no limit on the info, and neither does SunJCE.
TEST(HkdfComposedTest, InfoHasNoLimit) {
  Hkdf hkdf(FindDigest("SHA2-256"), Hkdf::Path::kComposed);
  EXPECT_EQ(hkdf.max_info_size(), SIZE_MAX);
  Bytes prk = Range(5, 32), info(1024 * 1024 + 3, 0x42);
  EXPECT_EQ(Derive(hkdf, HkdfMode::kExpand, prk, {}, info, 100),
            ReferenceExpand("SHA2-256", prk, info, 100));
}

}  // namespace
}  // namespace carbide::test
