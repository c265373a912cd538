#include "carbide/library.h"

#include <dlfcn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "carbide/error.h"
#include "carbide/owned.h"

namespace carbide {
namespace {

// Set once, before any fetch, and never freed (the fetch caches below outlive everything).
std::atomic<OSSL_LIB_CTX*> library_context{nullptr};

// The approval indicator (OpenSSL 3.4+): the module calls this for each operation it runs although
// it does not approve it (a check that its configuration turned off, such as an HMAC key under 112
// bits). The operation goes on, as the configuration asks; the count and the thread's last one are
// what FipsIndicator shows the application.
std::atomic<uint64_t> unapproved_count{0};
thread_local std::string last_unapproved;

int OnUnapproved(const char* type, const char* description, const OSSL_PARAM* /*params*/) {
  unapproved_count.fetch_add(1, std::memory_order_relaxed);
  last_unapproved = std::string(type != nullptr ? type : "?") + ": " +
                    (description != nullptr ? description : "?");
  return 1;
}

using IndicatorCallback = int (*)(const char*, const char*, const OSSL_PARAM*);
using SetIndicatorCallback = void (*)(OSSL_LIB_CTX*, IndicatorCallback);

// Resolved at run time: the library also loads on OpenSSL 3.0, which lacks the function.
bool InstallIndicator(OSSL_LIB_CTX* context) {
  auto set =
      reinterpret_cast<SetIndicatorCallback>(dlsym(RTLD_DEFAULT, "OSSL_INDICATOR_set_callback"));
  if (set == nullptr) {
    return false;
  }
  set(context, OnUnapproved);
  return true;
}

void UnloadProvider(OSSL_PROVIDER* provider) { OSSL_PROVIDER_unload(provider); }

// Every entry in the error queue, oldest first, so that a failed module load says which self-test
// or which integrity check failed rather than only "provider load failed". Empties the queue.
std::string DrainErrors() {
  std::string reasons;
  const char* data = nullptr;
  int flags = 0;
  unsigned long code = 0;
  while ((code = ERR_get_error_all(nullptr, nullptr, nullptr, &data, &flags)) != 0) {
    char text[256];
    ERR_error_string_n(code, text, sizeof(text));
    reasons += reasons.empty() ? "" : "; ";
    reasons += text;
    if ((flags & ERR_TXT_STRING) != 0 && data != nullptr && *data != '\0') {
      reasons += std::string(" (") + data + ")";
    }
  }
  return reasons.empty() ? "no reason given" : reasons;
}

// A fetch is a locked lookup in OpenSSL 3, so each algorithm is fetched once and the pointer kept.
// Absent algorithms are remembered too, so probing twice does not fetch twice.
template <typename T, T* (*Fetch)(OSSL_LIB_CTX*, const char*, const char*), void (*Free)(T*)>
class FetchCache {
 public:
  const T* Find(std::string_view name) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto [it, inserted] = cache_.try_emplace(std::string(name));
    if (inserted) {
      it->second.reset(Fetch(LibraryContext(), it->first.c_str(), nullptr));
      // A failed fetch of an algorithm this OpenSSL lacks is an answer, not an error.
      ERR_clear_error();
    }
    return it->second.get();
  }

 private:
  std::mutex mutex_;
  std::map<std::string, Owned<T, Free>, std::less<>> cache_;
};

// Leaked on purpose: OpenSSL may already be torn down by atexit handlers when static destructors
// run, and freeing fetched algorithms then would touch freed memory.
template <typename Cache>
Cache& Leaked() {
  static auto& cache = *new Cache();
  return cache;
}

}  // namespace

std::string OpensslVersion() { return OpenSSL_version(OPENSSL_VERSION); }

bool FipsEnabled() { return EVP_default_properties_is_fips_enabled(LibraryContext()) == 1; }

OSSL_LIB_CTX* LibraryContext() { return library_context.load(std::memory_order_acquire); }

void EnableFips(const std::string& config, const std::string& module_dir) {
  if (LibraryContext() != nullptr) {
    throw Error(ErrorKind::kIllegalState, "FIPS mode is already on");
  }
  Owned<OSSL_LIB_CTX, OSSL_LIB_CTX_free> context(
      CheckNotNull(OSSL_LIB_CTX_new(), "OSSL_LIB_CTX_new"));
  if (!module_dir.empty() &&
      OSSL_PROVIDER_set_default_search_path(context.get(), module_dir.c_str()) != 1) {
    throw Error(ErrorKind::kProvider, "cannot set the FIPS module path: " + DrainErrors());
  }
  InstallIndicator(context.get());
  // Loading the configuration loads the fips provider, which runs its power-up self-tests and
  // checks its own HMAC against the one fipsinstall wrote; any failure lands here.
  if (OSSL_LIB_CTX_load_config(context.get(), config.c_str()) != 1) {
    throw Error(ErrorKind::kProvider, "the FIPS module did not load: " + DrainErrors());
  }
  if (OSSL_PROVIDER_available(context.get(), "fips") != 1) {
    // The config loader records why only in some versions; loading it again says why.
    ClearOpensslErrors();
    Owned<OSSL_PROVIDER, UnloadProvider> retry(OSSL_PROVIDER_load(context.get(), "fips"));
    throw Error(ErrorKind::kProvider, "the FIPS module did not load: " + DrainErrors());
  }
  if (OSSL_PROVIDER_available(context.get(), "default") == 1 ||
      EVP_default_properties_is_fips_enabled(context.get()) != 1) {
    throw Error(ErrorKind::kProvider,
                "the FIPS configuration must load only fips and base, with fips=yes");
  }
  ERR_clear_error();  // the config loader records entries for sections it does not know
  library_context.store(context.release(), std::memory_order_release);
}

void AdoptLibraryContext(OSSL_LIB_CTX* context) {
  OSSL_LIB_CTX* expected = nullptr;
  if (!library_context.compare_exchange_strong(expected, context, std::memory_order_acq_rel) &&
      expected != context) {
    throw Error(ErrorKind::kIllegalState, "another library context is already in use");
  }
}

uint64_t UnapprovedCount() { return unapproved_count.load(std::memory_order_relaxed); }

std::string TakeUnapproved() { return std::exchange(last_unapproved, std::string()); }

std::string FipsModuleDescription() {
  OSSL_LIB_CTX* context = LibraryContext();
  if (context == nullptr) {
    return "";
  }
  Owned<OSSL_PROVIDER, UnloadProvider> fips(OSSL_PROVIDER_load(context, "fips"));
  if (fips == nullptr) {
    ClearOpensslErrors();
    return "";
  }
  const char* name = nullptr;
  const char* version = nullptr;
  const char* build = nullptr;
  OSSL_PARAM request[] = {
      OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_NAME, const_cast<char**>(&name), 0),
      OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_VERSION, const_cast<char**>(&version), 0),
      OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, const_cast<char**>(&build), 0),
      OSSL_PARAM_construct_end()};
  if (OSSL_PROVIDER_get_params(fips.get(), request) != 1) {
    ClearOpensslErrors();
    return "";
  }
  std::string text = name != nullptr ? name : "FIPS provider";
  if (version != nullptr) {
    text += std::string(" ") + version;
  }
  if (build != nullptr && (version == nullptr || std::string_view(build) != version)) {
    text += std::string(" (") + build + ")";
  }
  return text;
}

const EVP_MD* FindDigest(std::string_view name) {
  return Leaked<FetchCache<EVP_MD, EVP_MD_fetch, EVP_MD_free>>().Find(name);
}
const EVP_MAC* FindMac(std::string_view name) {
  return Leaked<FetchCache<EVP_MAC, EVP_MAC_fetch, EVP_MAC_free>>().Find(name);
}
const EVP_KDF* FindKdf(std::string_view name) {
  return Leaked<FetchCache<EVP_KDF, EVP_KDF_fetch, EVP_KDF_free>>().Find(name);
}
const EVP_CIPHER* FindCipher(std::string_view name) {
  return Leaked<FetchCache<EVP_CIPHER, EVP_CIPHER_fetch, EVP_CIPHER_free>>().Find(name);
}

}  // namespace carbide
