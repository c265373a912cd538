// The native limits for ML-KEM: key generation, encapsulation and decapsulation through the
// generic EVP_PKEY calls of OpenSSL 3.0, with each context set up once. ML-KEM arrived in
// OpenSSL 3.5; on an older libcrypto each benchmark reports an error and is skipped.
#include <benchmark/benchmark.h>
#include <openssl/evp.h>

#include <string>
#include <vector>

#include "bench_util.h"
#include "carbide/owned.h"

namespace carbide {
namespace {

// A key generation context for `name` ("ML-KEM-768"), or null if this OpenSSL lacks it.
PkeyCtxPtr Generator(const char* name) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(nullptr, name, nullptr));
  if (ctx == nullptr || EVP_PKEY_keygen_init(ctx.get()) != 1) {
    return nullptr;
  }
  return ctx;
}

PkeyPtr Generate(EVP_PKEY_CTX* ctx) {
  EVP_PKEY* key = nullptr;
  EVP_PKEY_generate(ctx, &key);
  return PkeyPtr(key);
}

void Skip(benchmark::State& state, const char* name) {
  state.SkipWithError((std::string(name) + " is not in this OpenSSL").c_str());
}

void BM_MlKemKeygen(benchmark::State& state, const char* name) {
  PkeyCtxPtr ctx = Generator(name);
  if (ctx == nullptr) {
    return Skip(state, name);
  }
  for (auto _ : state) {
    benchmark::DoNotOptimize(Generate(ctx.get()));
  }
  bench::ReportOpsAndBytes(state, 0);
}

// Encapsulates (or decapsulates, if `decapsulate`) against one key, as a TLS key share does.
void RunKem(benchmark::State& state, const char* name, bool decapsulate) {
  PkeyCtxPtr generator = Generator(name);
  PkeyPtr key = generator == nullptr ? nullptr : Generate(generator.get());
  PkeyCtxPtr encapsulator(key == nullptr ? nullptr : EVP_PKEY_CTX_new(key.get(), nullptr));
  PkeyCtxPtr decapsulator(key == nullptr ? nullptr : EVP_PKEY_CTX_new(key.get(), nullptr));
  if (encapsulator == nullptr || decapsulator == nullptr ||
      EVP_PKEY_encapsulate_init(encapsulator.get(), nullptr) != 1 ||
      EVP_PKEY_decapsulate_init(decapsulator.get(), nullptr) != 1) {
    return Skip(state, name);
  }
  size_t wrapped_len = 0;
  size_t secret_len = 0;
  EVP_PKEY_encapsulate(encapsulator.get(), nullptr, &wrapped_len, nullptr, &secret_len);
  std::vector<uint8_t> wrapped(wrapped_len);
  std::vector<uint8_t> secret(secret_len);
  EVP_PKEY_encapsulate(encapsulator.get(), wrapped.data(), &wrapped_len, secret.data(),
                       &secret_len);
  for (auto _ : state) {
    size_t out_len = secret.size();
    if (decapsulate) {
      benchmark::DoNotOptimize(EVP_PKEY_decapsulate(decapsulator.get(), secret.data(), &out_len,
                                                    wrapped.data(), wrapped.size()));
    } else {
      size_t w_len = wrapped.size();
      benchmark::DoNotOptimize(EVP_PKEY_encapsulate(encapsulator.get(), wrapped.data(), &w_len,
                                                    secret.data(), &out_len));
    }
  }
  bench::ReportOpsAndBytes(state, 0);
}

void BM_MlKemEncaps(benchmark::State& state, const char* name) { RunKem(state, name, false); }
void BM_MlKemDecaps(benchmark::State& state, const char* name) { RunKem(state, name, true); }

BENCHMARK_CAPTURE(BM_MlKemKeygen, ML_KEM_512, "ML-KEM-512");
BENCHMARK_CAPTURE(BM_MlKemKeygen, ML_KEM_768, "ML-KEM-768");
BENCHMARK_CAPTURE(BM_MlKemKeygen, ML_KEM_1024, "ML-KEM-1024");
BENCHMARK_CAPTURE(BM_MlKemEncaps, ML_KEM_512, "ML-KEM-512");
BENCHMARK_CAPTURE(BM_MlKemEncaps, ML_KEM_768, "ML-KEM-768");
BENCHMARK_CAPTURE(BM_MlKemEncaps, ML_KEM_1024, "ML-KEM-1024");
BENCHMARK_CAPTURE(BM_MlKemDecaps, ML_KEM_512, "ML-KEM-512");
BENCHMARK_CAPTURE(BM_MlKemDecaps, ML_KEM_768, "ML-KEM-768");
BENCHMARK_CAPTURE(BM_MlKemDecaps, ML_KEM_1024, "ML-KEM-1024");
// The hybrid of the TLS design that the speed command and JMH measure.
BENCHMARK_CAPTURE(BM_MlKemKeygen, X25519MLKEM768, "X25519MLKEM768");
BENCHMARK_CAPTURE(BM_MlKemEncaps, X25519MLKEM768, "X25519MLKEM768");
BENCHMARK_CAPTURE(BM_MlKemDecaps, X25519MLKEM768, "X25519MLKEM768");

}  // namespace
}  // namespace carbide
