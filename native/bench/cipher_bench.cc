// The native limit for ciphers: one reused context, restarted with the IV only, as the provider
// uses it. The TLS record case is what SunJSSE asks for every AES-GCM record.
#include <benchmark/benchmark.h>

#include <cstring>
#include <memory>
#include <vector>

#include "bench_util.h"
#include "carbide/cipher.h"
#include "carbide/cleanse.h"
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

void BM_Stream(benchmark::State& state, const char* cipher_name, bool encrypt, size_t key_len = 32,
               size_t iv_len = 16) {
  const EVP_CIPHER* cipher = FindCipher(cipher_name);
  CipherContext context;
  std::vector<uint8_t> key(key_len, 0x5a);
  std::vector<uint8_t> iv(iv_len, 0);
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

// A whole message through CipherContext::OneShot (CCM, GCM-SIV, XTS), restarted with the IV only
// as the provider does when the key repeats (CCM rekeys only when its lengths change). The two XTS
// key halves differ in their last byte, as OpenSSL requires.
void BM_OneShotSeal(benchmark::State& state, const char* cipher_name, size_t key_len, size_t iv_len,
                    size_t tag_len) {
  const EVP_CIPHER* cipher = FindCipher(cipher_name);
  CipherContext context;
  std::vector<uint8_t> key(key_len, 0x5a);
  key.back() ^= 1;
  std::vector<uint8_t> iv(iv_len, 0);
  size_t len = static_cast<size_t>(state.range(0));
  std::vector<uint8_t> data(len, 0x5a);
  uint8_t tag[kMaxTagSize];
  context.Start(cipher, true, key.data(), key.size(), iv.data(), iv.size(), tag_len);
  uint64_t sequence = 0;
  for (auto _ : state) {
    iv[iv_len - 1] = static_cast<uint8_t>(++sequence);
    context.Start(cipher, true, nullptr, 0, iv.data(), iv.size(), tag_len);
    context.OneShot(nullptr, 0, data.data(), len, data.data(), tag, tag_len);
    benchmark::DoNotOptimize(data.data());
  }
  bench::ReportOpsAndBytes(state, len);
}

// Where an AEAD decryption writes its plaintext: straight into the output (the limit), or staged
// as the JNI bridge stages it for the caller's memory (cipher_arrays.cc): into fresh native
// memory, copied out once the tag verified, then cleansed. The gap is the cost of never letting
// unauthenticated plaintext into the caller's memory. kReused stages in memory kept across calls,
// to show how little of that gap is the allocation.
enum class Opening { kDirect, kStaged, kReused };

void BM_AeadOpen(benchmark::State& state, const char* cipher_name, Opening opening) {
  const EVP_CIPHER* cipher = FindCipher(cipher_name);
  CipherContext context;
  std::vector<uint8_t> key(32, 0x5a);
  std::vector<uint8_t> iv(12, 0);
  size_t len = static_cast<size_t>(state.range(0));
  std::vector<uint8_t> sealed(len + kMaxTagSize, 0x5a);
  context.Start(cipher, true, key.data(), key.size(), iv.data(), iv.size());
  size_t n = context.Update(sealed.data(), len, sealed.data());
  context.Finish(sealed.data() + n);
  context.GetTag(sealed.data() + len, kMaxTagSize);
  std::vector<uint8_t> out(len);
  std::vector<uint8_t> reused(len);
  context.Start(cipher, false, key.data(), key.size(), iv.data(), iv.size());
  for (auto _ : state) {
    context.Start(cipher, false, nullptr, 0, iv.data(), iv.size());
    context.SetExpectedTag(sealed.data() + len, kMaxTagSize);
    if (opening == Opening::kDirect) {
      size_t written = context.Update(sealed.data(), len, out.data());
      context.Finish(out.data() + written);
    } else if (opening == Opening::kReused) {
      size_t written = context.Update(sealed.data(), len, reused.data());
      written += context.Finish(reused.data() + written);
      std::memcpy(out.data(), reused.data(), written);
      Cleanse(reused.data(), len);
    } else {
      std::unique_ptr<uint8_t[]> staging(new uint8_t[len]);
      size_t written = context.Update(sealed.data(), len, staging.get());
      written += context.Finish(staging.get() + written);
      std::memcpy(out.data(), staging.get(), written);
      Cleanse(staging.get(), len);
    }
    benchmark::DoNotOptimize(out.data());
  }
  bench::ReportOpsAndBytes(state, len);
}

// The copy alone, for comparison with the decryption's speed.
void BM_Memcpy(benchmark::State& state) {
  size_t len = static_cast<size_t>(state.range(0));
  std::vector<uint8_t> from(len, 0x5a);
  std::vector<uint8_t> to(len);
  for (auto _ : state) {
    std::memcpy(to.data(), from.data(), len);
    benchmark::DoNotOptimize(to.data());
    benchmark::ClobberMemory();
  }
  bench::ReportOpsAndBytes(state, len);
}

BENCHMARK_CAPTURE(BM_AeadOpen, AES256_GCM_Direct, "AES-256-GCM", Opening::kDirect)
    ->Arg(16 * 1024)
    ->Arg(1024 * 1024);
BENCHMARK_CAPTURE(BM_AeadOpen, AES256_GCM_Staged, "AES-256-GCM", Opening::kStaged)
    ->Arg(16 * 1024)
    ->Arg(1024 * 1024);
BENCHMARK_CAPTURE(BM_AeadOpen, AES256_GCM_Reused, "AES-256-GCM", Opening::kReused)
    ->Arg(16 * 1024)
    ->Arg(1024 * 1024);
BENCHMARK_CAPTURE(BM_AeadOpen, ChaCha20_Poly1305_Direct, "ChaCha20-Poly1305", Opening::kDirect)
    ->Arg(1024 * 1024);
BENCHMARK_CAPTURE(BM_AeadOpen, ChaCha20_Poly1305_Staged, "ChaCha20-Poly1305", Opening::kStaged)
    ->Arg(1024 * 1024);
BENCHMARK(BM_Memcpy)->Arg(16 * 1024)->Arg(1024 * 1024);

BENCHMARK_CAPTURE(BM_AeadSeal, AES128_GCM_TlsRecord, "AES-128-GCM", 16, 13)
    ->Arg(64)
    ->Arg(1024)
    ->Arg(16 * 1024);
BENCHMARK_CAPTURE(BM_AeadSeal, AES256_GCM, "AES-256-GCM", 32, 0)->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_AeadSeal, ChaCha20_Poly1305, "ChaCha20-Poly1305", 32, 0)
    ->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Stream, AES256_CTR, "AES-256-CTR", true)->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Stream, AES256_CFB8, "AES-256-CFB8", true)->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Stream, AES256_CFB, "AES-256-CFB", true)->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Stream, AES256_OFB, "AES-256-OFB", true)->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Stream, AES256_CBC_Encrypt, "AES-256-CBC", true)->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Stream, AES256_CBC_Decrypt, "AES-256-CBC", false)->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Stream, DESede_CBC_Encrypt, "DES-EDE3-CBC", true, 24, 8)
    ->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_Stream, DESede_CBC_Decrypt, "DES-EDE3-CBC", false, 24, 8)
    ->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_OneShotSeal, AES256_CCM, "AES-256-CCM", 32, 12, 16)
    ->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_OneShotSeal, AES256_GCM_SIV, "AES-256-GCM-SIV", 32, 12, 16)
    ->Apply(bench::StandardSizes);
BENCHMARK_CAPTURE(BM_OneShotSeal, AES256_XTS, "AES-256-XTS", 64, 16, 0)
    ->Apply(bench::StandardSizes);

}  // namespace
}  // namespace carbide
