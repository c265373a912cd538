#include "carbide/dsa.h"

#include <gtest/gtest.h>
#include <openssl/bn.h>

#include <cstdint>
#include <set>
#include <vector>

#include "carbide/error.h"
#include "carbide/ffc.h"
#include "test_util.h"

namespace carbide {
namespace {

// A toy group small enough to check by hand: 2 has order 11 modulo 23 (2^11 = 2048 = 89 * 23 + 1),
// while 5 has order 22. Real sizes are covered by the Java tests against SUN.
const std::vector<uint8_t> kP = {23};
const std::vector<uint8_t> kQ = {11};
const std::vector<uint8_t> kG = {2};

uint64_t Number(const std::vector<uint8_t>& bytes) {
  uint64_t value = 0;
  for (uint8_t byte : bytes) {
    value = value << 8 | byte;
  }
  return value;
}

uint64_t PowMod(uint64_t base, uint64_t exponent, uint64_t modulus) {
  uint64_t result = 1;
  for (uint64_t i = 0; i < exponent; ++i) {
    result = result * base % modulus;
  }
  return result;
}

TEST(DsaTest, GeneratedPairsHaveXInRangeAndYEqualToGToTheX) {
  DsaKeyPairGenerator generator(DsaParameters{kP, kQ, kG});
  std::set<uint64_t> seen;
  for (int round = 0; round < 200; ++round) {
    PkeyPtr key = generator.Generate();
    SecretBuffer x = FfcPrivateValue(key.get());
    uint64_t private_value = Number(std::vector<uint8_t>(x.data(), x.data() + x.size()));
    uint64_t public_value = Number(FfcComponent(key.get(), "pub"));
    ASSERT_GE(private_value, 1U);
    ASSERT_LT(private_value, 11U);
    ASSERT_EQ(PowMod(2, private_value, 23), public_value) << "x = " << private_value;
    EXPECT_EQ(Number(FfcComponent(key.get(), "p")), 23U);
    seen.insert(private_value);
  }
  // 200 uniform draws from 10 values miss one with probability below 10 * 0.9^200.
  EXPECT_EQ(seen.size(), 10U);
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

TEST(DsaTest, AGeneratorWhoseOrderIsNotQIsRefusedOnce) {
  const std::vector<uint8_t> order22 = {5};
  EXPECT_EQ(test::KindOf([&] {
              DsaKeyPairGenerator(DsaParameters{kP, kQ, order22});
            }),
            ErrorKind::kInvalidParameter);
  const std::vector<uint8_t> one = {1};
  EXPECT_EQ(test::KindOf([&] {
              DsaKeyPairGenerator(DsaParameters{kP, kQ, one});
            }),
            ErrorKind::kInvalidParameter);
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

}  // namespace
}  // namespace carbide
