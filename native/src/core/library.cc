#include "carbide/library.h"

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include <map>
#include <mutex>
#include <string>

#include "carbide/owned.h"

namespace carbide {
namespace {

// A fetch is a locked lookup in OpenSSL 3, so each algorithm is fetched once and the pointer kept.
// Absent algorithms are remembered too, so probing twice does not fetch twice.
template <typename T, T* (*Fetch)(OSSL_LIB_CTX*, const char*, const char*), void (*Free)(T*)>
class FetchCache {
 public:
  const T* Find(std::string_view name) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto [it, inserted] = cache_.try_emplace(std::string(name));
    if (inserted) {
      it->second.reset(Fetch(nullptr, it->first.c_str(), nullptr));
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

bool FipsEnabled() { return EVP_default_properties_is_fips_enabled(nullptr) == 1; }

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
