// KdfTemplate: known answers through its parameter table, and the refusals it promises.
#include "carbide/evp_kdf.h"

#include <gtest/gtest.h>

#include <ostream>
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

// A template derives again and again, and KBKDF over CMAC does so on spare contexts. OpenSSL's
// KBKDF skips an empty octet string, so a spare that still holds a Label, Context or feedback IV
// must not serve a derivation that leaves it empty, nor one that leaves out a number it set
// (KBKDF's "use-l"): every output must equal the one from a fresh template, whatever came before,
// across keys of different lengths, and with threads sharing the template. The HMAC, one-step and
// X9.63 shapes hold the copying templates to the same.
struct SpareShape {
  const char* kdf;
  std::vector<std::string> names;  // mode, mac, cipher or digest, in the order of `ids`
  std::vector<KdfParamId> ids;
  size_t key_min, key_max;  // the key's length varies between these
  bool kbkdf;               // takes a Label, Context, IV and "use-l"; else FixedInfo and a salt
  bool salt;                // the one-step KDF over HMAC: takes a salt
};

// Names the shape in gtest's messages (instead of its bytes).
void PrintTo(const SpareShape& shape, std::ostream* os) {
  *os << shape.kdf;
  for (const std::string& name : shape.names) {
    *os << ' ' << name;
  }
}

class EvpKdfSpareTest : public ::testing::TestWithParam<SpareShape> {};

TEST_P(EvpKdfSpareTest, SparesNeverLeakAnEarlierDerivationsInputs) {
  const SpareShape& shape = GetParam();
  std::vector<KdfParam> names;
  for (size_t i = 0; i < shape.names.size(); ++i) {
    names.push_back({shape.ids[i], Text(shape.names[i])});
  }
  KdfTemplate shared(FindKdf(shape.kdf), names);
  struct Case {
    Bytes key, label, context, seed;
    bool omit_length;
    Bytes expected;
  };
  std::mt19937 random(7);
  auto bytes = [&](size_t length) {
    Bytes out(length);
    for (uint8_t& b : out) {
      b = static_cast<uint8_t>(random());
    }
    return out;
  };
  auto maybe = [&](size_t length) { return bytes(random() % 2 == 0 ? 0 : length); };
  auto derive = [&](const KdfTemplate& kdf, const Case& c) {
    std::vector<KdfParam> params = {{KdfParamId::kKey, c.key}, {KdfParamId::kInfo, c.context}};
    if (shape.kbkdf) {
      params.push_back({KdfParamId::kSalt, c.label});
      params.push_back({KdfParamId::kSeed, c.seed});
      if (!c.omit_length) {
        params.push_back({KdfParamId::kUseLength, {}, 0});
      }
    } else if (shape.salt && !c.label.empty()) {
      params.push_back({KdfParamId::kSalt, c.label});
    }
    Bytes out(40);
    kdf.Derive(params, out);
    return out;
  };
  std::vector<Case> cases;
  for (int i = 0; i < 48; ++i) {
    size_t key_size = shape.key_min + random() % (shape.key_max - shape.key_min + 1);
    Case c{bytes(key_size),          maybe(1 + random() % 20),
           maybe(1 + random() % 20), maybe(shape.kbkdf ? (shape.names[1] == "CMAC" ? 16 : 32) : 0),
           random() % 2 == 0,        {}};
    c.expected = derive(KdfTemplate(FindKdf(shape.kdf), names), c);  // a template with no spares
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

std::string SpareShapeName(const ::testing::TestParamInfo<SpareShape>& info) {
  static const char* const kNames[] = {"KbkdfFeedbackCmac",
                                       "KbkdfCounterCmac",
                                       "KbkdfFeedbackHmac",
                                       "KbkdfCounterHmac",
                                       "OneStepHash",
                                       "OneStepHmac",
                                       "X963"};
  return kNames[info.index];
}

const KdfParamId kMode = KdfParamId::kMode, kMac = KdfParamId::kMac, kCipher = KdfParamId::kCipher,
                 kDigest = KdfParamId::kDigest;

INSTANTIATE_TEST_SUITE_P(
    Shapes, EvpKdfSpareTest,
    ::testing::Values(
        SpareShape{"KBKDF",
                   {"feedback", "CMAC", "AES-128-CBC"},
                   {kMode, kMac, kCipher},
                   16,
                   16,
                   true,
                   false},
        SpareShape{"KBKDF",
                   {"counter", "CMAC", "AES-256-CBC"},
                   {kMode, kMac, kCipher},
                   32,
                   32,
                   true,
                   false},
        SpareShape{
            "KBKDF", {"feedback", "HMAC", "SHA2-256"}, {kMode, kMac, kDigest}, 1, 80, true, false},
        SpareShape{
            "KBKDF", {"counter", "HMAC", "SHA2-256"}, {kMode, kMac, kDigest}, 1, 80, true, false},
        SpareShape{"SSKDF", {"SHA2-256"}, {kDigest}, 1, 80, false, false},
        SpareShape{"SSKDF", {"HMAC", "SHA2-256"}, {kMac, kDigest}, 1, 80, false, true},
        SpareShape{"X963KDF", {"SHA2-256"}, {kDigest}, 1, 80, false, false}),
    SpareShapeName);

}  // namespace
}  // namespace carbide::test
