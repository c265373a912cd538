// KdfTemplate: known answers through its parameter table, and the refusals it promises.
#include "carbide/evp_kdf.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <thread>
#include <vector>

#include "carbide/error.h"
#include "carbide/library.h"
#include "test_util.h"

namespace carbide::test {
namespace {

using Bytes = std::vector<uint8_t>;

std::span<const uint8_t> Text(const std::string& text) {
  return {reinterpret_cast<const uint8_t*>(text.data()), text.size()};
}

const std::string kSha256 = "SHA2-256";

// ANSI X9.63 through OpenSSL's X963KDF: NIST CAVP ansx963_2001.rsp, first SHA-256 case.
TEST(EvpKdfTest, X963KnownAnswer) {
  Bytes z = FromHex("96c05619d56c328ab95fe84b18264b08725b85e33fd34f08");
  const std::vector<KdfParam> fixed = {{KdfParamId::kDigest, Text(kSha256)}};
  KdfTemplate x963(FindKdf("X963KDF"), fixed);
  const std::vector<KdfParam> params = {{KdfParamId::kKey, z}, {KdfParamId::kInfo, {}}};
  Bytes out(16);
  x963.Derive(params, out);
  EXPECT_EQ(Hex(out), "443024c3dae66b95e6f5670601558f71");
}

// SP 800-108 counter mode with the caller's own fixed input (no separator, no L): NIST CAVP
// KDFCTR_gen.rsp, first HMAC-SHA256 case. Exercises names, octets and the int parameters.
TEST(EvpKdfTest, KbkdfKnownAnswer) {
  Bytes ki = FromHex("dd1d91b7d90b2bd3138533ce92b272fbf8a369316aefe242e659cc0ae238afe0");
  Bytes fixed = FromHex(
      "01322b96b30acd197979444e468e1c5c6859bf1b1cf951b7e725303e237e46b864a145fab25e517b08f8683d"
      "0315bb2911d80a0e8aba17f3b413faac");
  const std::string mode = "counter", mac = "HMAC";
  const std::vector<KdfParam> names = {{KdfParamId::kMode, Text(mode)},
                                       {KdfParamId::kMac, Text(mac)},
                                       {KdfParamId::kDigest, Text(kSha256)}};
  KdfTemplate kbkdf(FindKdf("KBKDF"), names);
  const std::vector<KdfParam> params = {{KdfParamId::kKey, ki},
                                        {KdfParamId::kSalt, fixed},
                                        {KdfParamId::kUseSeparator, {}, 0},
                                        {KdfParamId::kUseLength, {}, 0}};
  // Twice: a derivation leaves the template as it was.
  for (int i = 0; i < 2; ++i) {
    Bytes out(16);
    kbkdf.Derive(params, out);
    EXPECT_EQ(Hex(out), "10621342bfb0fd40046c0e29f2cfdbf0");
  }
}

// RFC 7914 section 12, case 1: the uint64 and uint32 parameters.
TEST(EvpKdfTest, ScryptKnownAnswer) {
  const EVP_KDF* scrypt = FindKdf("SCRYPT");
  if (scrypt == nullptr) {
    GTEST_SKIP() << "no scrypt in this OpenSSL";
  }
  std::vector<KdfParam> params = {
      {KdfParamId::kPassword, {}},    {KdfParamId::kSalt, {}},
      {KdfParamId::kScryptN, {}, 16}, {KdfParamId::kScryptR, {}, 1},
      {KdfParamId::kScryptP, {}, 1},  {KdfParamId::kMaxMemoryBytes, {}, 1 << 20}};
  Bytes out(64);
  KdfTemplate(scrypt, {}).Derive(params, out);
  EXPECT_EQ(Hex(out),
            "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442fcd0069ded0948f8"
            "326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906");
}

void ExpectInvalid(const KdfTemplate& kdf, const std::vector<KdfParam>& params, size_t out_size) {
  Bytes out(out_size, 0xaa);
  try {
    kdf.Derive(params, out);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kInvalidParameter) << e.what();
  }
  // A failed derivation leaves no partial output behind.
  EXPECT_EQ(out, Bytes(out_size, 0)) << "output not cleansed";
}

TEST(EvpKdfTest, RefusesWhatItPromises) {
  const std::vector<KdfParam> fixed = {{KdfParamId::kDigest, Text(kSha256)}};
  KdfTemplate x963(FindKdf("X963KDF"), fixed);
  Bytes z(16, 1);
  const std::string nul("SHA2-256\0x", 10);
  // Unknown id, a name holding a NUL, a number too large for a uint32 parameter, empty output.
  ExpectInvalid(x963, {{static_cast<KdfParamId>(99), z}}, 8);
  ExpectInvalid(x963, {{KdfParamId::kKey, z}, {KdfParamId::kDigest, Text(nul)}}, 8);
  ExpectInvalid(x963, {{KdfParamId::kKey, z}, {KdfParamId::kLanes, {}, uint64_t{1} << 32}}, 8);
  ExpectInvalid(x963, {{KdfParamId::kKey, z}}, 0);
  // OpenSSL's own refusal (X9.63 without a key) is kInvalidParameter, and cleanses the output.
  ExpectInvalid(x963, {{KdfParamId::kInfo, z}}, 8);
  // A template OpenSSL refuses (a digest it lacks) or without a KDF is refused when made.
  const std::string bogus = "NO-SUCH-DIGEST";
  const std::vector<KdfParam> bad = {{KdfParamId::kDigest, Text(bogus)}};
  EXPECT_THROW(KdfTemplate(FindKdf("X963KDF"), bad), Error);
  EXPECT_THROW(KdfTemplate(nullptr, {}), Error);
  ClearOpensslErrors();
}

// KBKDF over CMAC reuses spare contexts. OpenSSL's KBKDF skips an empty octet string, so a spare
// that still holds a Label, Context or feedback IV must not serve a derivation that leaves it
// empty: every output must equal the one from a fresh copy of the template, whatever came before,
// also with threads sharing the template.
TEST(EvpKdfTest, KbkdfCmacSparesNeverLeakAnEarlierDerivationsInputs) {
  const std::string feedback = "feedback", cmac = "CMAC", aes = "AES-128-CBC";
  const std::vector<KdfParam> names = {{KdfParamId::kMode, Text(feedback)},
                                       {KdfParamId::kMac, Text(cmac)},
                                       {KdfParamId::kCipher, Text(aes)}};
  KdfTemplate shared(FindKdf("KBKDF"), names);
  struct Case {
    Bytes key, label, context, seed, expected;
  };
  std::mt19937 random(7);
  auto bytes = [&](size_t length) {
    Bytes out(length);
    for (uint8_t& b : out) {
      b = static_cast<uint8_t>(random());
    }
    return out;
  };
  auto derive = [](const KdfTemplate& kdf, const Case& c) {
    const std::vector<KdfParam> params = {{KdfParamId::kKey, c.key},
                                          {KdfParamId::kSalt, c.label},
                                          {KdfParamId::kInfo, c.context},
                                          {KdfParamId::kSeed, c.seed}};
    Bytes out(40);
    kdf.Derive(params, out);
    return out;
  };
  std::vector<Case> cases;
  for (int i = 0; i < 48; ++i) {
    Case c{bytes(16),
           bytes(random() % 2 == 0 ? 0 : 1 + random() % 20),
           bytes(random() % 2 == 0 ? 0 : 1 + random() % 20),
           bytes(random() % 2 == 0 ? 0 : 16),
           {}};
    c.expected = derive(KdfTemplate(FindKdf("KBKDF"), names), c);  // a template with no spares
    cases.push_back(std::move(c));
  }
  for (const Case& c : cases) {
    EXPECT_EQ(Hex(derive(shared, c)), Hex(c.expected));
  }
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 30; ++round) {
        for (size_t i = t; i < cases.size(); i += 3) {
          failures[t] += derive(shared, cases[i]) != cases[i].expected ? 1 : 0;
        }
      }
    });
  }
  for (std::thread& thread : threads) {
    thread.join();
  }
  EXPECT_EQ(failures, std::vector<int>(4, 0));
}

}  // namespace
}  // namespace carbide::test
