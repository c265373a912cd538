// PBKDF2 as Carbide computes it (composed over carbide::Hmac for the default provider's digests)
// against OpenSSL's own PKCS5_PBKDF2_HMAC, and RFC 6070's vectors.
#include "carbide/pbkdf2.h"

#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <cstdint>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "carbide/error.h"
#include "carbide/library.h"
#include "test_util.h"

namespace carbide::test {
namespace {

std::vector<uint8_t> Bytes(const std::string& text) { return {text.begin(), text.end()}; }

std::vector<uint8_t> Carbide(const char* digest, const std::vector<uint8_t>& password,
                             const std::vector<uint8_t>& salt, uint32_t iterations, size_t len) {
  std::vector<uint8_t> out(len);
  Pbkdf2(FindDigest(digest), password, salt, iterations, out);
  return out;
}

std::vector<uint8_t> Openssl(const char* digest, const std::vector<uint8_t>& password,
                             const std::vector<uint8_t>& salt, uint32_t iterations, size_t len) {
  std::vector<uint8_t> out(len);
  EXPECT_EQ(PKCS5_PBKDF2_HMAC(reinterpret_cast<const char*>(password.data()),
                              static_cast<int>(password.size()), salt.data(),
                              static_cast<int>(salt.size()), static_cast<int>(iterations),
                              EVP_get_digestbyname(digest), static_cast<int>(len), out.data()),
            1);
  return out;
}

TEST(Pbkdf2Test, Rfc6070) {
  EXPECT_EQ(Hex(Carbide("SHA1", Bytes("password"), Bytes("salt"), 1, 20)),
            "0c60c80f961f0e71f3a9b524af6012062fe037a6");
  EXPECT_EQ(Hex(Carbide("SHA1", Bytes("password"), Bytes("salt"), 4096, 20)),
            "4b007901b765489abead49d926f721d065a429c1");
  EXPECT_EQ(Hex(Carbide("SHA1", Bytes("passwordPASSWORDpassword"),
                        Bytes("saltSALTsaltSALTsaltSALTsaltSALTsalt"), 4096, 25)),
            "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038");
  EXPECT_EQ(Hex(Carbide("SHA1", {'p', 'a', 's', 's', 0, 'w', 'o', 'r', 'd'},
                        {'s', 'a', 0, 'l', 't'}, 4096, 16)),
            "56fa6aa75548099dcc37d7f03425e0c3");
}

// Passwords empty, short and longer than a block (hashed first), salts empty and long, outputs
// shorter than, equal to and longer than one HMAC block, over digests with carbide::Hmac's
// low-level SHA path (SHA-1, SHA-2) and with its EVP_MAC path (SHA-3).
TEST(Pbkdf2Test, MatchesOpensslOnRandomInputs) {
  std::mt19937 random(8018);
  auto bytes = [&](size_t len) {
    std::vector<uint8_t> out(len);
    for (auto& b : out) {
      b = static_cast<uint8_t>(random());
    }
    return out;
  };
  for (const char* digest : {"SHA1", "SHA2-256", "SHA2-384", "SHA2-512", "SHA3-256"}) {
    for (uint32_t iterations : {1u, 2u, 3u, 17u, 1000u}) {
      for (size_t len : {1u, 20u, 32u, 33u, 64u, 100u}) {
        std::vector<uint8_t> password = bytes(random() % 3 == 0 ? 0 : random() % 200);
        std::vector<uint8_t> salt = bytes(random() % 4 == 0 ? 0 : random() % 80);
        EXPECT_EQ(Carbide(digest, password, salt, iterations, len),
                  Openssl(digest, password, salt, iterations, len))
            << digest << " c=" << iterations << " dkLen=" << len;
      }
    }
  }
}

// Threads deriving at once share the digest's pool of HMACs: each must get its own answer, as
// computed alone before, and never a key another thread left behind.
TEST(Pbkdf2Test, ThreadsSharingThePoolGetTheirOwnAnswers) {
  constexpr int kThreads = 4;
  constexpr int kPerThread = 200;
  std::vector<std::vector<uint8_t>> expected(kThreads);
  for (int t = 0; t < kThreads; ++t) {
    expected[t] = Carbide("SHA2-256", Bytes("password " + std::to_string(t)), Bytes("salt"),
                          static_cast<uint32_t>(t + 1), 48);
  }
  std::vector<int> mismatches(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kPerThread; ++i) {
        if (Carbide("SHA2-256", Bytes("password " + std::to_string(t)), Bytes("salt"),
                    static_cast<uint32_t>(t + 1), 48) != expected[t]) {
          ++mismatches[t];
        }
      }
    });
  }
  for (auto& thread : threads) {
    thread.join();
  }
  EXPECT_EQ(mismatches, std::vector<int>(kThreads, 0));
}

TEST(Pbkdf2Test, RefusesZeroIterationsAndEmptyOutput) {
  std::vector<uint8_t> out(32);
  std::vector<uint8_t> password = Bytes("password");
  EXPECT_THROW(Pbkdf2(FindDigest("SHA2-256"), password, {}, 0, out), Error);
  EXPECT_THROW(Pbkdf2(FindDigest("SHA2-256"), password, {}, 1, {}), Error);
}

}  // namespace
}  // namespace carbide::test
