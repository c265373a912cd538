// The FIPS module's own ceiling: each operation run the same way through two library contexts, the
// process's default one (OpenSSL's `default` provider) and a context holding only the `fips` and
// `base` providers with `fips=yes`, as Carbide's FIPS mode builds it (docs/fips.md). Both rows of a
// pair call the same OpenSSL functions with only the context changed, so their ratio is what the
// module itself costs, apart from anything Carbide adds. Run them interleaved, since the machine's
// load moves between rows:
//   CARBIDE_FIPS_MODULE=<dir with fips.so and fipsmodule.cnf> carbide_bench
//     --benchmark_filter=FipsContext --benchmark_repetitions=3
//     --benchmark_enable_random_interleaving=true
// Without CARBIDE_FIPS_MODULE (or when the module does not load) the FIPS rows are skipped.
#include <benchmark/benchmark.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <openssl/rand.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench_util.h"
#include "carbide/owned.h"
#include "carbide/sha_functions.h"

namespace carbide {
namespace {

// The configuration Carbide's FipsMode writes, followed by the module's own fipsmodule.cnf.
constexpr const char* kConfigHeader =
    "openssl_conf = carbide_init\n"
    "[carbide_init]\nproviders = carbide_providers\nalg_section = carbide_algorithms\n"
    "[carbide_providers]\nfips = fips_sect\nbase = carbide_base\n"
    "[carbide_base]\nactivate = 1\n"
    "[carbide_algorithms]\ndefault_properties = fips=yes\n";

// Carbide's FIPS library context for the benchmark, or nullptr with `why` set.
OSSL_LIB_CTX* LoadFipsContext(std::string& why) {
  const char* dir = std::getenv("CARBIDE_FIPS_MODULE");
  if (dir == nullptr) {
    why = "set CARBIDE_FIPS_MODULE to a directory holding fips.so and fipsmodule.cnf";
    return nullptr;
  }
  std::ifstream module_config(std::string(dir) + "/fipsmodule.cnf");
  if (!module_config) {
    why = std::string("no fipsmodule.cnf in ") + dir;
    return nullptr;
  }
  std::stringstream text;
  text << kConfigHeader << module_config.rdbuf();
  std::string path = "/tmp/carbide-fips-bench-" + std::to_string(getpid()) + ".cnf";
  std::ofstream(path) << text.str();
  OSSL_LIB_CTX* context = OSSL_LIB_CTX_new();
  bool loaded = context != nullptr && OSSL_PROVIDER_set_default_search_path(context, dir) == 1 &&
                OSSL_LIB_CTX_load_config(context, path.c_str()) == 1 &&
                OSSL_PROVIDER_available(context, "fips") == 1;
  std::remove(path.c_str());
  if (!loaded) {
    why = std::string("the FIPS module in ") + dir + " did not load";
    OSSL_LIB_CTX_free(context);
    return nullptr;
  }
  return context;
}

// The context of a row: nullptr (default) or the FIPS one, loaded once. Returns false, having told
// the benchmark why, when the FIPS row cannot run.
bool ContextOf(benchmark::State& state, bool fips, OSSL_LIB_CTX** context) {
  static std::string why;
  static OSSL_LIB_CTX* fips_context = LoadFipsContext(why);
  if (fips && fips_context == nullptr) {
    state.SkipWithError(why.c_str());
    return false;
  }
  *context = fips ? fips_context : nullptr;
  return true;
}

bool Fail(benchmark::State& state, const char* what) {
  state.SkipWithError(what);
  return false;
}

// A digest with a context reused across messages, as Carbide's Digest does on the EVP path.
void BM_FipsContextDigest(benchmark::State& state, const char* algorithm, bool fips) {
  OSSL_LIB_CTX* context = nullptr;
  if (!ContextOf(state, fips, &context)) {
    return;
  }
  MdPtr md(EVP_MD_fetch(context, algorithm, nullptr));
  MdCtxPtr ctx(EVP_MD_CTX_new());
  std::vector<uint8_t> input(static_cast<size_t>(state.range(0)), 0x5a);
  uint8_t out[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (md == nullptr || ctx == nullptr) {
    Fail(state, "fetch");
    return;
  }
  for (auto _ : state) {
    if (EVP_DigestInit_ex2(ctx.get(), md.get(), nullptr) != 1 ||
        EVP_DigestUpdate(ctx.get(), input.data(), input.size()) != 1 ||
        EVP_DigestFinal_ex(ctx.get(), out, &len) != 1) {
      Fail(state, "digest");
      break;
    }
    benchmark::DoNotOptimize(out);
  }
  bench::ReportOpsAndBytes(state, input.size());
}

// The same digest through the provider's own dispatch table (OSSL_PROVIDER_query_operation), the
// functions EVP calls, without EVP's per-call bookkeeping: the code that runs is still the
// provider's, so in the FIPS context it stays inside the module.
void BM_FipsContextDigestDispatch(benchmark::State& state, bool fips) {
  OSSL_LIB_CTX* context = nullptr;
  if (!ContextOf(state, fips, &context)) {
    return;
  }
  MdPtr md(EVP_MD_fetch(context, "SHA2-256", nullptr));
  const OSSL_PROVIDER* provider = EVP_MD_get0_provider(md.get());
  int no_cache = 0;
  const OSSL_ALGORITHM* algorithms =
      OSSL_PROVIDER_query_operation(provider, OSSL_OP_DIGEST, &no_cache);
  OSSL_FUNC_digest_newctx_fn* newctx = nullptr;
  OSSL_FUNC_digest_init_fn* init = nullptr;
  OSSL_FUNC_digest_update_fn* update = nullptr;
  OSSL_FUNC_digest_final_fn* final = nullptr;
  OSSL_FUNC_digest_freectx_fn* freectx = nullptr;
  for (const OSSL_ALGORITHM* a = algorithms; a != nullptr && a->algorithm_names != nullptr; ++a) {
    if (std::string(a->algorithm_names).rfind("SHA2-256:", 0) != 0) {
      continue;
    }
    for (const OSSL_DISPATCH* f = a->implementation; f->function_id != 0; ++f) {
      switch (f->function_id) {
        case OSSL_FUNC_DIGEST_NEWCTX:
          newctx = OSSL_FUNC_digest_newctx(f);
          break;
        case OSSL_FUNC_DIGEST_INIT:
          init = OSSL_FUNC_digest_init(f);
          break;
        case OSSL_FUNC_DIGEST_UPDATE:
          update = OSSL_FUNC_digest_update(f);
          break;
        case OSSL_FUNC_DIGEST_FINAL:
          final = OSSL_FUNC_digest_final(f);
          break;
        case OSSL_FUNC_DIGEST_FREECTX:
          freectx = OSSL_FUNC_digest_freectx(f);
          break;
        default:
          break;
      }
    }
  }
  if (newctx == nullptr || init == nullptr || update == nullptr || final == nullptr ||
      freectx == nullptr) {
    Fail(state, "no SHA2-256 dispatch");
    return;
  }
  void* dctx = newctx(OSSL_PROVIDER_get0_provider_ctx(provider));
  std::vector<uint8_t> input(static_cast<size_t>(state.range(0)), 0x5a);
  unsigned char out[EVP_MAX_MD_SIZE];
  size_t len = 0;
  for (auto _ : state) {
    if (init(dctx, nullptr) != 1 || update(dctx, input.data(), input.size()) != 1 ||
        final(dctx, out, &len, sizeof(out)) != 1) {
      Fail(state, "digest");
      break;
    }
    benchmark::DoNotOptimize(out);
  }
  freectx(dctx);
  OSSL_PROVIDER_unquery_operation(provider, OSSL_OP_DIGEST, algorithms);
  bench::ReportOpsAndBytes(state, input.size());
}

// The default mode's shortcut past EVP (sha_functions.h), which FIPS mode cannot take: its digests
// must run inside the module. The row shows what the default mode gains from it.
void BM_FipsContextShaShortcut(benchmark::State& state) {
  MdPtr md(EVP_MD_fetch(nullptr, "SHA2-256", nullptr));
  const internal::ShaFunctions* sha = internal::FindShaFunctions(md.get());
  if (sha == nullptr) {
    Fail(state, "no shortcut for SHA2-256");
    return;
  }
  std::vector<uint8_t> input(static_cast<size_t>(state.range(0)), 0x5a);
  internal::ShaState sha_state;
  uint8_t out[EVP_MAX_MD_SIZE];
  for (auto _ : state) {
    sha->init(&sha_state);
    sha->update(&sha_state, input.data(), input.size());
    sha->final(out, &sha_state);
    benchmark::DoNotOptimize(out);
  }
  bench::ReportOpsAndBytes(state, input.size());
}

// HMAC-SHA256 keyed once, restarted per message from the saved key (a null key to EVP_MAC_init), as
// Carbide's Hmac does on the EVP path: the path FIPS mode must take.
void BM_FipsContextHmac(benchmark::State& state, bool fips) {
  OSSL_LIB_CTX* context = nullptr;
  if (!ContextOf(state, fips, &context)) {
    return;
  }
  MacPtr mac(EVP_MAC_fetch(context, "HMAC", nullptr));
  MacCtxPtr ctx(mac == nullptr ? nullptr : EVP_MAC_CTX_new(mac.get()));
  std::vector<uint8_t> key(32, 0x0b);
  std::vector<uint8_t> input(static_cast<size_t>(state.range(0)), 0x5a);
  const OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, const_cast<char*>("SHA2-256"), 0),
      OSSL_PARAM_construct_end(),
  };
  if (ctx == nullptr || EVP_MAC_init(ctx.get(), key.data(), key.size(), params) != 1) {
    Fail(state, "setup");
    return;
  }
  uint8_t out[EVP_MAX_MD_SIZE];
  for (auto _ : state) {
    size_t len = 0;
    if (EVP_MAC_init(ctx.get(), nullptr, 0, nullptr) != 1 ||
        EVP_MAC_update(ctx.get(), input.data(), input.size()) != 1 ||
        EVP_MAC_final(ctx.get(), out, &len, sizeof(out)) != 1) {
      Fail(state, "mac");
      break;
    }
    benchmark::DoNotOptimize(out);
  }
  bench::ReportOpsAndBytes(state, input.size());
}

// The default mode's HMAC: the low-level SHA-256 functions with the pads hashed once per key, the
// states copied per message (Hmac in native/src/mac/hmac.cc). FIPS mode may not take it: the HMAC
// would then be computed outside the module.
void BM_FipsContextHmacShortcut(benchmark::State& state) {
  MdPtr md(EVP_MD_fetch(nullptr, "SHA2-256", nullptr));
  const internal::ShaFunctions* sha = internal::FindShaFunctions(md.get());
  if (sha == nullptr) {
    Fail(state, "no shortcut for SHA2-256");
    return;
  }
  uint8_t block[64];
  internal::ShaState inner;
  internal::ShaState outer;
  internal::ShaState running;
  std::fill(block, block + sizeof(block), 0x0b ^ 0x36);
  sha->init(&inner);
  sha->update(&inner, block, sizeof(block));
  std::fill(block, block + sizeof(block), 0x0b ^ 0x5c);
  sha->init(&outer);
  sha->update(&outer, block, sizeof(block));
  std::vector<uint8_t> input(static_cast<size_t>(state.range(0)), 0x5a);
  uint8_t out[32];
  for (auto _ : state) {
    running = inner;
    sha->update(&running, input.data(), input.size());
    sha->final(out, &running);
    running = outer;
    sha->update(&running, out, sizeof(out));
    sha->final(out, &running);
    benchmark::DoNotOptimize(out);
  }
  bench::ReportOpsAndBytes(state, input.size());
}

// Random bytes through RAND_bytes_ex (a per-call lookup of the thread's public DRBG) or, with
// `cached`, through that DRBG's EVP_RAND_CTX fetched once.
void BM_FipsContextRandom(benchmark::State& state, bool cached, bool fips) {
  OSSL_LIB_CTX* context = nullptr;
  if (!ContextOf(state, fips, &context)) {
    return;
  }
  std::vector<uint8_t> out(static_cast<size_t>(state.range(0)));
  EVP_RAND_CTX* drbg = RAND_get0_public(context);
  for (auto _ : state) {
    int rc = cached ? EVP_RAND_generate(drbg, out.data(), out.size(), 0, 0, nullptr, 0)
                    : RAND_bytes_ex(context, out.data(), out.size(), 0);
    if (rc != 1) {
      Fail(state, "random");
      break;
    }
    benchmark::DoNotOptimize(out.data());
  }
  bench::ReportOpsAndBytes(state, out.size());
}

PkeyPtr GenerateP256(OSSL_LIB_CTX* context) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(context, "EC", nullptr));
  EVP_PKEY* key = nullptr;
  if (ctx == nullptr || EVP_PKEY_keygen_init(ctx.get()) != 1 ||
      EVP_PKEY_CTX_set_group_name(ctx.get(), "P-256") != 1 ||
      EVP_PKEY_keygen(ctx.get(), &key) != 1) {
    return nullptr;
  }
  return PkeyPtr(key);
}

// P-256 key generation: the module adds its pairwise consistency test to each key.
void BM_FipsContextEcKeygen(benchmark::State& state, bool fips) {
  OSSL_LIB_CTX* context = nullptr;
  if (!ContextOf(state, fips, &context)) {
    return;
  }
  for (auto _ : state) {
    PkeyPtr key = GenerateP256(context);
    if (key == nullptr) {
      Fail(state, "keygen");
      break;
    }
  }
  bench::ReportOpsAndBytes(state, 0);
}

// SHA256withECDSA over 64 bytes, the signature context started afresh per message as Carbide's
// DigestSigner does in FIPS mode (EVP_DigestSignInit_ex with the context, the digest by name).
void BM_FipsContextEcdsa(benchmark::State& state, bool sign, bool fips) {
  OSSL_LIB_CTX* context = nullptr;
  if (!ContextOf(state, fips, &context)) {
    return;
  }
  PkeyPtr key = GenerateP256(context);
  MdCtxPtr ctx(EVP_MD_CTX_new());
  std::vector<uint8_t> message(64, 0x5a);
  uint8_t signature[80];
  size_t signature_len = sizeof(signature);
  if (key == nullptr ||
      EVP_DigestSignInit_ex(ctx.get(), nullptr, "SHA256", context, nullptr, key.get(), nullptr) !=
          1 ||
      EVP_DigestSign(ctx.get(), signature, &signature_len, message.data(), message.size()) != 1) {
    Fail(state, "setup");
    return;
  }
  for (auto _ : state) {
    EVP_MD_CTX_reset(ctx.get());
    size_t len = sizeof(signature);
    int rc =
        sign ? EVP_DigestSignInit_ex(ctx.get(), nullptr, "SHA256", context, nullptr, key.get(),
                                     nullptr) == 1 &&
                   EVP_DigestSign(ctx.get(), signature, &len, message.data(), message.size()) == 1
             : EVP_DigestVerifyInit_ex(ctx.get(), nullptr, "SHA256", context, nullptr, key.get(),
                                       nullptr) == 1 &&
                   EVP_DigestVerify(ctx.get(), signature, signature_len, message.data(),
                                    message.size()) == 1;
    if (rc != 1) {
      Fail(state, "signature");
      break;
    }
  }
  bench::ReportOpsAndBytes(state, 0);
}

// ECDH on P-256 with a fresh derivation context per agreement (the peer checked on each, as
// EVP_PKEY_derive_set_peer does).
void BM_FipsContextEcdh(benchmark::State& state, bool fips) {
  OSSL_LIB_CTX* context = nullptr;
  if (!ContextOf(state, fips, &context)) {
    return;
  }
  PkeyPtr own = GenerateP256(context);
  PkeyPtr peer = GenerateP256(context);
  uint8_t secret[32];
  for (auto _ : state) {
    PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(context, own.get(), nullptr));
    size_t len = sizeof(secret);
    if (ctx == nullptr || EVP_PKEY_derive_init(ctx.get()) != 1 ||
        EVP_PKEY_derive_set_peer(ctx.get(), peer.get()) != 1 ||
        EVP_PKEY_derive(ctx.get(), secret, &len) != 1) {
      Fail(state, "derive");
      break;
    }
    benchmark::DoNotOptimize(secret);
  }
  bench::ReportOpsAndBytes(state, 0);
}

// Each pair: the default context, then the FIPS one.
BENCHMARK_CAPTURE(BM_FipsContextDigest, SHA256_default, "SHA2-256", false)->Arg(64)->Arg(16384);
BENCHMARK_CAPTURE(BM_FipsContextDigest, SHA256_fips, "SHA2-256", true)->Arg(64)->Arg(16384);
BENCHMARK(BM_FipsContextShaShortcut)->Arg(64)->Arg(16384);
BENCHMARK_CAPTURE(BM_FipsContextDigestDispatch, SHA256_default, false)->Arg(64);
BENCHMARK_CAPTURE(BM_FipsContextDigestDispatch, SHA256_fips, true)->Arg(64);
BENCHMARK_CAPTURE(BM_FipsContextHmac, HmacSHA256_default, false)->Arg(64)->Arg(16384);
BENCHMARK_CAPTURE(BM_FipsContextHmac, HmacSHA256_fips, true)->Arg(64)->Arg(16384);
BENCHMARK(BM_FipsContextHmacShortcut)->Arg(64)->Arg(16384);
BENCHMARK_CAPTURE(BM_FipsContextRandom, RAND_bytes_default, false, false)->Arg(16)->Arg(1024);
BENCHMARK_CAPTURE(BM_FipsContextRandom, RAND_bytes_fips, false, true)->Arg(16)->Arg(1024);
BENCHMARK_CAPTURE(BM_FipsContextRandom, cached_drbg_default, true, false)->Arg(16)->Arg(1024);
BENCHMARK_CAPTURE(BM_FipsContextRandom, cached_drbg_fips, true, true)->Arg(16)->Arg(1024);
BENCHMARK_CAPTURE(BM_FipsContextEcKeygen, P256_default, false);
BENCHMARK_CAPTURE(BM_FipsContextEcKeygen, P256_fips, true);
BENCHMARK_CAPTURE(BM_FipsContextEcdsa, sign_P256_default, true, false);
BENCHMARK_CAPTURE(BM_FipsContextEcdsa, sign_P256_fips, true, true);
BENCHMARK_CAPTURE(BM_FipsContextEcdsa, verify_P256_default, false, false);
BENCHMARK_CAPTURE(BM_FipsContextEcdsa, verify_P256_fips, false, true);
BENCHMARK_CAPTURE(BM_FipsContextEcdh, P256_default, false);
BENCHMARK_CAPTURE(BM_FipsContextEcdh, P256_fips, true);

}  // namespace
}  // namespace carbide
