// OpenSSL's error queue after successful calls: each must leave it empty, or a stale entry is later
// reported as the cause of an unrelated failure (issue 13, item 12). The bridge checks this on
// every successful call in debug and sanitizer builds (CheckErrorQueueLeftEmpty); these tests walk
// the key model's and the random generator's calls, which any build runs.
#include <gtest/gtest.h>
#include <openssl/err.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "carbide/cipher.h"
#include "carbide/ec.h"
#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/pkey.h"
#include "carbide/random.h"

namespace carbide {
namespace {

std::vector<uint8_t> Copy(const SecretBuffer& buffer) {
  return {buffer.data(), buffer.data() + buffer.size()};
}

// Runs each named call in turn and reports every one that returns with entries left behind.
void ExpectEachLeavesQueueEmpty(
    const std::vector<std::pair<std::string, std::function<void()>>>& calls) {
  ClearOpensslErrors();
  for (const auto& [name, call] : calls) {
    call();
    EXPECT_TRUE(OpensslErrorQueueEmpty()) << name << " left an entry in OpenSSL's error queue";
    ClearOpensslErrors();
  }
}

TEST(ErrorQueueTest, TheCheckAbortsOnAStaleEntry) {
  if (!kCheckErrorQueue) {
    GTEST_SKIP() << "the check is compiled into debug and sanitizer builds only";
  }
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        ERR_raise(ERR_LIB_EVP, ERR_R_INTERNAL_ERROR);
        CheckErrorQueueLeftEmpty("a test");
      },
      "a test succeeded but left OpenSSL's error queue non-empty");
  CheckErrorQueueLeftEmpty("an empty queue");  // returns quietly
}

TEST(ErrorQueueTest, RandomCallsLeaveNoEntry) {
  std::vector<uint8_t> seed(48, 7);
  std::vector<uint8_t> out(64);
  ExpectEachLeavesQueueEmpty({
      {"AddSeed", [&] { random::AddSeed(seed.data(), seed.size()); }},
      {"Reseed", [&] { random::Reseed(true, seed.data(), seed.size()); }},
      {"Generate", [&] { random::Generate(out.data(), out.size()); }},
      {"Generate with strength",
       [&] { random::Generate(out.data(), out.size(), 128, true, seed.data(), seed.size()); }},
      {"GenerateSeed", [&] { random::GenerateSeed(out.data(), out.size()); }},
      {"Strength", [] { random::Strength(); }},
      {"MechanismName", [] { random::MechanismName(); }},
  });
}

// Every key type through the key model: generation, encodings both ways, raw bytes, signing and
// verifying (good and bad signatures: a verdict is not an error), and derivation.
TEST(ErrorQueueTest, KeyModelCallsLeaveNoEntry) {
  struct Type {
    const char* algorithm;
    const char* group;
    bool signs;
    bool raw;
  };
  const Type types[] = {
      {"EC", "prime256v1", true, false}, {"EC", "secp521r1", true, false},
      {"ED25519", nullptr, true, true},  {"ED448", nullptr, true, true},
      {"X25519", nullptr, false, true},  {"X448", nullptr, false, true},
  };
  for (const Type& type : types) {
    SCOPED_TRACE(std::string(type.algorithm) + " " + (type.group ? type.group : ""));
    KeyPairGenerator generator(type.algorithm, type.group);
    PkeyPtr key = generator.Generate();
    PkeyPtr peer = generator.Generate();
    std::vector<uint8_t> spki = EncodePublicKeyDer(key.get());
    std::vector<uint8_t> pkcs8 = Copy(EncodePrivateKeyDer(key.get()));
    std::vector<std::pair<std::string, std::function<void()>>> calls = {
        {"ParsePublicKeyDer", [&] { ParsePublicKeyDer(spki); }},
        {"ParsePrivateKeyDer", [&] { ParsePrivateKeyDer(pkcs8); }},
        {"KeyTypeName", [&] { KeyTypeName(key.get()); }},
        {"RetainKey", [&] { RetainKey(key.get()); }},
    };
    if (type.raw) {
      calls.emplace_back("raw bytes", [&] {
        RawPublicKey(type.algorithm, RawPublicBytes(key.get()));
        RawPrivateKey(type.algorithm, Copy(RawPrivateBytes(key.get())));
      });
    } else {
      calls.emplace_back("EC components", [&] {
        std::vector<uint8_t> point = EcPublicPoint(key.get());
        EcKeyFromComponents(EcGroupName(key.get()), point, {});
        size_t size = (point.size() - 1) / 2;
        EcKeyFromComponents(EcGroupName(key.get()), {}, Copy(EcPrivateScalar(key.get(), size)));
      });
    }
    if (type.signs) {
      calls.emplace_back("sign and verify", [&] {
        const EVP_MD* md = type.raw ? nullptr : EVP_sha256();
        std::vector<uint8_t> message(100, 1);
        DigestSigner signer(key.get(), md, true);
        std::vector<uint8_t> signature(signer.MaxSignatureSize());
        signature.resize(signer.Sign(message, signature.data()));
        DigestSigner verifier(key.get(), md, false);
        EXPECT_EQ(verifier.Verify(message, signature), 1);
        signature[signature.size() / 2] ^= 1;
        verifier.Verify(message, signature);
        verifier.Verify(message, {});
      });
    } else {
      calls.emplace_back("derive", [&] { DeriveSecret(key.get(), peer.get()); });
    }
    ExpectEachLeavesQueueEmpty(calls);
  }
}

// OpenSSL 3.2's providers record a refused pointer form before copying the IV out.
TEST(ErrorQueueTest, ReadingTheRunningIvLeavesNoEntry) {
  std::vector<uint8_t> key(16, 1);
  std::vector<uint8_t> iv(16, 2);
  std::vector<uint8_t> block(32, 3);
  for (const char* name : {"AES-128-CBC", "AES-128-CTR"}) {
    CipherContext context;
    context.Start(FindCipher(name), true, key.data(), key.size(), iv.data(), iv.size());
    uint8_t out[32];
    context.Update(block.data(), block.size(), out);
    uint8_t running[kMaxIvSize];
    ExpectEachLeavesQueueEmpty(
        {{std::string("RunningIv ") + name, [&] { context.RunningIv(running); }}});
  }
}

// Failures clear what they leave, so the next call starts clean.
TEST(ErrorQueueTest, FailedCallsLeaveNoEntry) {
  std::vector<uint8_t> garbage = {0x30, 0x03, 0x02, 0x01, 0x05};
  ExpectEachLeavesQueueEmpty({
      {"ParsePublicKeyDer(garbage)", [&] { EXPECT_THROW(ParsePublicKeyDer(garbage), Error); }},
      {"ParsePrivateKeyDer(garbage)", [&] { EXPECT_THROW(ParsePrivateKeyDer(garbage), Error); }},
      {"RawPublicKey(short)", [&] { EXPECT_THROW(RawPublicKey("ED25519", garbage), Error); }},
      {"EcKeyFromComponents(off the curve)",
       [&] {
         std::vector<uint8_t> point(65, 1);
         point[0] = 4;
         EXPECT_THROW(EcKeyFromComponents("prime256v1", point, {}), Error);
       }},
  });
}

}  // namespace
}  // namespace carbide
