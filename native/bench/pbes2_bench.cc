// The native limits for PBKDF2 and for the PBES2 ciphers (PBEWithHmacSHA256AndAES_256): each
// message derives its AES key with PBKDF2 from the password, salt and iteration count, then
// encrypts with AES-256-CBC and PKCS#5 padding, as the provider's init and doFinal do. The
// iteration count is the JDK's PKCS12 default, so the derivation is almost all of the time.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "bench_util.h"
#include "carbide/cipher.h"
#include "carbide/cleanse.h"
#include "carbide/library.h"
#include "carbide/pbkdf2.h"

namespace carbide {
namespace {

constexpr uint32_t kIterations = 10000;

void BM_Pbes2(benchmark::State& state, const char* digest) {
  const EVP_MD* md = FindDigest(digest);
  const EVP_CIPHER* cipher = FindCipher("AES-256-CBC");
  CipherContext context;
  const std::vector<uint8_t> password = {'p', 'a', 's', 's', 'w', 'o', 'r', 'd'};
  const std::vector<uint8_t> salt(20, 0xa5);
  const std::vector<uint8_t> iv(16, 0x24);
  size_t len = static_cast<size_t>(state.range(0));
  std::vector<uint8_t> data(len, 0x5a);
  std::vector<uint8_t> out(len + 16);
  uint8_t key[32];
  for (auto _ : state) {
    Pbkdf2(md, password, salt, kIterations, key);
    context.Start(cipher, true, key, sizeof(key), iv.data(), iv.size());
    Cleanse(key, sizeof(key));
    context.SetPadding(true);
    size_t n = context.Update(data.data(), len, out.data());
    context.Finish(out.data() + n);
    benchmark::DoNotOptimize(out.data());
  }
  bench::ReportOpsAndBytes(state, len);
}

BENCHMARK_CAPTURE(BM_Pbes2, PBEWithHmacSHA256AndAES_256, "SHA2-256")->Arg(1024);

// PBKDF2WithHmacSHA256 alone, as Carbide computes it (composed over carbide::Hmac on the default
// provider): at one iteration the fixed cost of a derivation, at 10,000 the cost per iteration.
// evp_kdf_bench.cc's Pbkdf2Sha256Iter1_32 rows are OpenSSL's own PBKDF2 beside it.
void BM_Pbkdf2(benchmark::State& state, const char* digest) {
  const EVP_MD* md = FindDigest(digest);
  const std::vector<uint8_t> password(32, 0x11);
  const std::vector<uint8_t> salt(32, 0x22);
  uint8_t key[32];
  for (auto _ : state) {
    Pbkdf2(md, password, salt, static_cast<uint32_t>(state.range(0)), key);
    benchmark::DoNotOptimize(key);
  }
  bench::ReportOpsAndBytes(state, sizeof(key));
}

BENCHMARK_CAPTURE(BM_Pbkdf2, Sha256_32, "SHA2-256")->Arg(1)->Arg(kIterations);

}  // namespace
}  // namespace carbide
