// The native limit for ciphers: one reused context, restarted with the IV only, as the provider
// uses it. The TLS record case is what SunJSSE asks for every AES-GCM record.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench_util.h"
#include "carbide/cipher.h"
#include "carbide/library.h"

namespace carbide {
namespace {

void BM_AeadSeal(benchmark::State& state, const char* cipher_name, size_t key_len, size_t aad_len) {
  const EVP_CIPHER* cipher = FindCipher(cipher_name);
  CipherContext context;
  std::vector<uint8_t> key(key_len, 0x5a);
  std::vector<uint8_t> iv(12, 0);
  std::vector<uint8_t> aad(aad_len, 0x17);
  std::vector<uint8_t> data(static_cast<size_t>(state.range(0)) + kMaxTagSize, 0x5a);
  size_t len = static_cast<size_t>(state.range(0));
  context.Start(cipher, true, key.data(), key.size(), iv.data(), iv.size());
  uint64_t sequence = 0;
  for (auto _ : state) {
    iv[11] = static_cast<uint8_t>(++sequence);
    context.Start(cipher, true, nullptr, 0, iv.data(), iv.size());
    if (aad_len != 0) {
      context.UpdateAad(aad.data(), aad.size());
    }
    size_t n = context.Update(data.data(), len, data.data());
    n += context.Finish(data.data() + n);
    context.GetTag(data.data() + n, kMaxTagSize);
    benchmark::DoNotOptimize(data.data());
  }
  bench::ReportOpsAndBytes(state, len);
}

void BM_Stream(benchmark::State& state, const char* cipher_name, bool encrypt) {
  const EVP_CIPHER* cipher = FindCipher(cipher_name);
  CipherContext context;
  std::vector<uint8_t> key(32, 0x5a);
  std::vector<uint8_t> iv(16, 0);
  std::vector<uint8_t> data(static_cast<size_t>(state.range(0)), 0x5a);
  context.Start(cipher, encrypt, key.data(), key.size(), iv.data(), iv.size());
  for (auto _ : state) {
    context.Start(cipher, encrypt, nullptr, 0, iv.data(), iv.size());
    size_t n = context.Update(data.data(), data.size(), data.data());
    context.Finish(data.data() + n);
    benchmark::DoNotOptimize(data.data());
  }
  bench::ReportOpsAndBytes(state, data.size());
}

BENCHMARK_CAPTURE(BM_AeadSeal, AES128_GCM_TlsRecord, "AES-128-GCM", 16, 13)
    ->Arg(64)
    ->Arg(1024)
    ->Arg(16 * 1024);
BENCHMARK_CAPTURE(BM_AeadSeal, AES256_GCM, "AES-256-GCM", 32, 0)->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_AeadSeal, ChaCha20_Poly1305, "ChaCha20-Poly1305", 32, 0)
    ->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Stream, AES256_CTR, "AES-256-CTR", true)->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Stream, AES256_CBC_Encrypt, "AES-256-CBC", true)->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Stream, AES256_CBC_Decrypt, "AES-256-CBC", false)->Apply(bench::StandardSizes);

}  // namespace
}  // namespace carbide
