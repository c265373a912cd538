#include "carbide/provider_digest.h"

#include <openssl/err.h>
#include <openssl/provider.h>

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace carbide::internal {
namespace {

// The first of an implementation's names ("SHA2-256:SHA-256:SHA256:2.16.840.1.101.3.4.2.1").
std::string FirstName(const char* names) {
  std::string_view all(names);
  return std::string(all.substr(0, all.find(':')));
}

// Reads one implementation's table; nullopt if a function is missing.
std::optional<ProviderDigestFunctions> ReadTable(const OSSL_DISPATCH* table, void* context) {
  ProviderDigestFunctions f{context, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr};
  for (; table->function_id != 0; ++table) {
    switch (table->function_id) {
      case OSSL_FUNC_DIGEST_NEWCTX:
        f.newctx = OSSL_FUNC_digest_newctx(table);
        break;
      case OSSL_FUNC_DIGEST_FREECTX:
        f.freectx = OSSL_FUNC_digest_freectx(table);
        break;
      case OSSL_FUNC_DIGEST_DUPCTX:
        f.dupctx = OSSL_FUNC_digest_dupctx(table);
        break;
      case OSSL_FUNC_DIGEST_INIT:
        f.init = OSSL_FUNC_digest_init(table);
        break;
      case OSSL_FUNC_DIGEST_UPDATE:
        f.update = OSSL_FUNC_digest_update(table);
        break;
      case OSSL_FUNC_DIGEST_FINAL:
        f.final = OSSL_FUNC_digest_final(table);
        break;
      default:
        break;
    }
  }
  if (f.newctx == nullptr || f.freectx == nullptr || f.dupctx == nullptr || f.init == nullptr ||
      f.update == nullptr || f.final == nullptr) {
    return std::nullopt;
  }
  return f;
}

// The implementation of `md` in its provider: the one entry of the provider's digest table whose
// first name `md` answers to. Two such entries (the same name under different properties) would
// leave it unclear which one EVP fetched, so then there is none.
std::optional<ProviderDigestFunctions> Lookup(const EVP_MD* md) {
  if ((EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF) != 0) {
    return std::nullopt;
  }
  const OSSL_PROVIDER* provider = EVP_MD_get0_provider(md);
  if (provider == nullptr) {
    return std::nullopt;
  }
  int no_cache = 0;
  const OSSL_ALGORITHM* table = OSSL_PROVIDER_query_operation(provider, OSSL_OP_DIGEST, &no_cache);
  std::optional<ProviderDigestFunctions> found;
  int matches = 0;
  for (const OSSL_ALGORITHM* a = table; a != nullptr && a->algorithm_names != nullptr; ++a) {
    if (EVP_MD_is_a(md, FirstName(a->algorithm_names).c_str()) == 1) {
      ++matches;
      found = ReadTable(a->implementation, OSSL_PROVIDER_get0_provider_ctx(provider));
    }
  }
  if (table != nullptr) {
    OSSL_PROVIDER_unquery_operation(provider, OSSL_OP_DIGEST, table);
  }
  ERR_clear_error();  // a name lookup that finds nothing is an answer, not an error
  return matches == 1 ? found : std::nullopt;
}

}  // namespace

const ProviderDigestFunctions* FindProviderDigestFunctions(const EVP_MD* md) {
  // Leaked on purpose, as the fetch caches are (library.cc): the digests outlive static
  // destructors.
  static auto& mutex = *new std::mutex();
  static auto& cache = *new std::map<const EVP_MD*, std::optional<ProviderDigestFunctions>>();
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = cache.try_emplace(md);
  if (inserted) {
    it->second = Lookup(md);
  }
  return it->second.has_value() ? &*it->second : nullptr;
}

}  // namespace carbide::internal
