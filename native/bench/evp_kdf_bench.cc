// The native rows of the EVP_KDF SecretKeyFactories. "Carbide" is KdfTemplate::Derive, as the
// provider calls it; "Raw" is OpenSSL's limit, what a C program pays per derivation: one context
// reused for every derivation, each setting its new inputs through plain OSSL_PARAMs. scrypt and
// Argon2id run at the costs of the speed and JMH rows (N = 2^14, r = 8; m = 19 MiB, t = 2); KBKDF,
// the one-step KDF, X9.63 and PBKDF2 at one iteration derive 32 bytes from a 32-byte secret.
#include <benchmark/benchmark.h>
#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "bench_util.h"
#include "carbide/evp_kdf.h"
#include "carbide/library.h"
#include "carbide/owned.h"

namespace carbide {
namespace {

const std::vector<uint8_t> kSecret(32, 0x5a);
const std::vector<uint8_t> kSalt(16, 0xa5);
const std::string kSha256 = "SHA2-256";
const std::string kHmac = "HMAC";
const std::string kCounter = "counter";
const std::string kFeedback = "feedback";
const std::string kCmac = "CMAC";
const std::string kAes256Cbc = "AES-256-CBC";

std::span<const uint8_t> Text(const std::string& text) {
  return {reinterpret_cast<const uint8_t*>(text.data()), text.size()};
}

// A KDF, its fixed parameters (the template's) and those of each derivation.
struct Shape {
  const char* kdf;
  std::vector<KdfParam> fixed;
  std::vector<KdfParam> params;
};

Shape Scrypt() {
  return {"SCRYPT",
          {},
          {{KdfParamId::kPassword, kSecret},
           {KdfParamId::kSalt, kSalt},
           {KdfParamId::kScryptN, {}, 1 << 14},
           {KdfParamId::kScryptR, {}, 8},
           {KdfParamId::kScryptP, {}, 1},
           {KdfParamId::kMaxMemoryBytes, {}, uint64_t{1} << 31}}};
}

Shape Argon2id() {
  return {"ARGON2ID",
          {},
          {{KdfParamId::kPassword, kSecret},
           {KdfParamId::kSalt, kSalt},
           {KdfParamId::kIterations, {}, 2},
           {KdfParamId::kMemoryCost, {}, 19 * 1024},
           {KdfParamId::kLanes, {}, 1}}};
}

Shape KbkdfHmac() {
  return {"KBKDF",
          {{KdfParamId::kMode, Text(kCounter)},
           {KdfParamId::kMac, Text(kHmac)},
           {KdfParamId::kDigest, Text(kSha256)}},
          {{KdfParamId::kKey, kSecret}, {KdfParamId::kSalt, kSalt}, {KdfParamId::kInfo, kSalt}}};
}

// The speed row KBKDF-COUNTER-AESCMAC: a 32-byte key, so AES-256 under CMAC.
Shape KbkdfCmac() {
  return {"KBKDF",
          {{KdfParamId::kMode, Text(kCounter)},
           {KdfParamId::kMac, Text(kCmac)},
           {KdfParamId::kCipher, Text(kAes256Cbc)}},
          {{KdfParamId::kKey, kSecret}, {KdfParamId::kSalt, kSalt}, {KdfParamId::kInfo, kSalt}}};
}

// The speed row KBKDF-FEEDBACK-HMACSHA256, with an IV as long as HMAC-SHA256's output.
Shape KbkdfFeedbackHmac() {
  return {"KBKDF",
          {{KdfParamId::kMode, Text(kFeedback)},
           {KdfParamId::kMac, Text(kHmac)},
           {KdfParamId::kDigest, Text(kSha256)}},
          {{KdfParamId::kKey, kSecret},
           {KdfParamId::kSalt, kSalt},
           {KdfParamId::kInfo, kSalt},
           {KdfParamId::kSeed, kSecret}}};
}

Shape OneStep() {
  return {"SSKDF",
          {{KdfParamId::kDigest, Text(kSha256)}},
          {{KdfParamId::kKey, kSecret}, {KdfParamId::kInfo, kSalt}}};
}

Shape X963() {
  return {"X963KDF",
          {{KdfParamId::kDigest, Text(kSha256)}},
          {{KdfParamId::kKey, kSecret}, {KdfParamId::kInfo, kSalt}}};
}

// PBKDF2WithHmacSHA256 at one iteration, where the fixed cost of a derivation is all there is.
Shape Pbkdf2OneIteration() {
  return {"PBKDF2",
          {{KdfParamId::kDigest, Text(kSha256)}, {KdfParamId::kPkcs5, {}, 1}},
          {{KdfParamId::kPassword, kSecret},
           {KdfParamId::kSalt, kSalt},
           {KdfParamId::kIterations, {}, 1}}};
}

void BM_EvpKdfCarbide(benchmark::State& state, Shape (*make)()) {
  Shape shape = make();
  const EVP_KDF* kdf = FindKdf(shape.kdf);
  if (kdf == nullptr) {
    state.SkipWithError("not in this OpenSSL");
    return;
  }
  KdfTemplate kdf_template(kdf, shape.fixed);
  uint8_t out[32];
  for (auto _ : state) {
    kdf_template.Derive(shape.params, out);
    benchmark::DoNotOptimize(out);
  }
  bench::ReportOpsAndBytes(state, sizeof(out));
}

// A derivation's own parameters as a C program would pass them: OSSL_PARAMs pointing at its
// buffers, built without Carbide's table (the ids the shapes above use).
struct RawParams {
  std::vector<uint64_t> wide;
  std::vector<uint32_t> narrow;
  std::vector<int> integers;
  std::vector<OSSL_PARAM> list;

  explicit RawParams(const std::vector<KdfParam>& params) {
    // Reserved so that the pointers into them stay put.
    wide.reserve(params.size());
    narrow.reserve(params.size());
    integers.reserve(params.size());
    for (const KdfParam& param : params) {
      list.push_back(Construct(param));
    }
    list.push_back(OSSL_PARAM_construct_end());
  }

  OSSL_PARAM Construct(const KdfParam& param) {
    auto octets = [&](const char* name) {
      return OSSL_PARAM_construct_octet_string(name, const_cast<uint8_t*>(param.bytes.data()),
                                               param.bytes.size());
    };
    switch (param.id) {
      case KdfParamId::kKey:
        return octets(OSSL_KDF_PARAM_KEY);
      case KdfParamId::kPassword:
        return octets(OSSL_KDF_PARAM_PASSWORD);
      case KdfParamId::kSalt:
        return octets(OSSL_KDF_PARAM_SALT);
      case KdfParamId::kInfo:
        return octets(OSSL_KDF_PARAM_INFO);
      case KdfParamId::kSeed:
        return octets(OSSL_KDF_PARAM_SEED);
      case KdfParamId::kScryptN:
        return OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_SCRYPT_N,
                                           &wide.emplace_back(param.number));
      case KdfParamId::kMaxMemoryBytes:
        return OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_SCRYPT_MAXMEM,
                                           &wide.emplace_back(param.number));
      case KdfParamId::kScryptR:
        return Narrow(OSSL_KDF_PARAM_SCRYPT_R, param.number);
      case KdfParamId::kScryptP:
        return Narrow(OSSL_KDF_PARAM_SCRYPT_P, param.number);
      case KdfParamId::kIterations:
        return Narrow(OSSL_KDF_PARAM_ITER, param.number);
      case KdfParamId::kMemoryCost:
        return Narrow(OSSL_KDF_PARAM_ARGON2_MEMCOST, param.number);
      case KdfParamId::kLanes:
        return Narrow(OSSL_KDF_PARAM_ARGON2_LANES, param.number);
      default:
        throw std::invalid_argument("no raw form for this KDF parameter");
    }
  }

  OSSL_PARAM Narrow(const char* name, uint64_t number) {
    return OSSL_PARAM_construct_uint32(name, &narrow.emplace_back(static_cast<uint32_t>(number)));
  }
};

// OpenSSL's limit: one context kept for good, with the fixed parameters set once and each
// derivation's own parameters (a new secret, as every real derivation has) set on it every time.
// Reusing the context is what OpenSSL allows a C program; it keeps the last secret until the next
// derivation or the free, which Carbide does not (docs/kdfs.md).
void BM_EvpKdfRaw(benchmark::State& state, Shape (*make)()) {
  Shape shape = make();
  const EVP_KDF* kdf = FindKdf(shape.kdf);
  if (kdf == nullptr) {
    state.SkipWithError("not in this OpenSSL");
    return;
  }
  uint8_t out[32];
  KdfCtxPtr ctx(EVP_KDF_CTX_new(const_cast<EVP_KDF*>(kdf)));
  SetKdfParams(ctx.get(), shape.fixed);
  RawParams params(shape.params);
  for (auto _ : state) {
    if (EVP_KDF_CTX_set_params(ctx.get(), params.list.data()) != 1 ||
        EVP_KDF_derive(ctx.get(), out, sizeof(out), nullptr) != 1) {
      state.SkipWithError("OpenSSL refused the derivation");
      break;
    }
    benchmark::DoNotOptimize(out);
  }
  bench::ReportOpsAndBytes(state, sizeof(out));
}

BENCHMARK_CAPTURE(BM_EvpKdfCarbide, Scrypt_N16384_r8, Scrypt)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_EvpKdfRaw, Scrypt_N16384_r8, Scrypt)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_EvpKdfCarbide, Argon2id_19MiB_t2, Argon2id)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_EvpKdfRaw, Argon2id_19MiB_t2, Argon2id)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_EvpKdfCarbide, KbkdfCounterHmacSha256_32, KbkdfHmac);
BENCHMARK_CAPTURE(BM_EvpKdfRaw, KbkdfCounterHmacSha256_32, KbkdfHmac);
BENCHMARK_CAPTURE(BM_EvpKdfCarbide, KbkdfFeedbackHmacSha256_32, KbkdfFeedbackHmac);
BENCHMARK_CAPTURE(BM_EvpKdfRaw, KbkdfFeedbackHmacSha256_32, KbkdfFeedbackHmac);
BENCHMARK_CAPTURE(BM_EvpKdfCarbide, KbkdfCounterAesCmac_32, KbkdfCmac);
BENCHMARK_CAPTURE(BM_EvpKdfRaw, KbkdfCounterAesCmac_32, KbkdfCmac);
BENCHMARK_CAPTURE(BM_EvpKdfCarbide, OneStepSha256_32, OneStep);
BENCHMARK_CAPTURE(BM_EvpKdfRaw, OneStepSha256_32, OneStep);
BENCHMARK_CAPTURE(BM_EvpKdfCarbide, X963Sha256_32, X963);
BENCHMARK_CAPTURE(BM_EvpKdfRaw, X963Sha256_32, X963);
BENCHMARK_CAPTURE(BM_EvpKdfCarbide, Pbkdf2Sha256Iter1_32, Pbkdf2OneIteration);
BENCHMARK_CAPTURE(BM_EvpKdfRaw, Pbkdf2Sha256Iter1_32, Pbkdf2OneIteration);

}  // namespace
}  // namespace carbide
