// Explicit cipher-suite lists, parsed once per distinct list (CipherSuiteTemplates, carbide/tls.h).
#include <openssl/err.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "carbide/error.h"
#include "carbide/tls.h"

namespace carbide::tls {

namespace {

// Maps the IANA names JSSE uses to OpenSSL's names for TLS 1.2 suites; TLS 1.3 suites are named
// the same way in both, and are set apart, since OpenSSL configures them separately.
void SetCipherSuites(SSL* ssl, const std::vector<std::string>& names) {
  std::string tls13;
  std::string tls12;
  STACK_OF(SSL_CIPHER)* all = SSL_get_ciphers(ssl);
  for (const std::string& name : names) {
    for (int i = 0; i < sk_SSL_CIPHER_num(all); i++) {
      const SSL_CIPHER* cipher = sk_SSL_CIPHER_value(all, i);
      const char* standard = SSL_CIPHER_standard_name(cipher);
      if (standard == nullptr || name != standard) {
        continue;
      }
      // Only the TLS 1.3 suites' names lack "_WITH_" (they leave key exchange to the groups).
      std::string& list = name.find("_WITH_") == std::string::npos ? tls13 : tls12;
      list += (list.empty() ? "" : ":") + std::string(SSL_CIPHER_get_name(cipher));
    }
  }
  if (tls13.empty() && tls12.empty()) {
    throw Error(ErrorKind::kIllegalArgument, "none of the enabled cipher suites is supported");
  }
  // An empty TLS 1.2 list is refused by OpenSSL; "-ALL" leaves TLS 1.2 without suites instead.
  CheckOpenssl(SSL_set_ciphersuites(ssl, tls13.c_str()), "cannot set the TLS 1.3 cipher suites");
  if (tls12.empty()) {
    tls12 = "-ALL";
  }
  ERR_set_mark();
  int rc = SSL_set_cipher_list(ssl, tls12.c_str());
  ERR_pop_to_mark();
  if (rc != 1 && tls12 != "-ALL") {
    throw Error(ErrorKind::kIllegalArgument, "cannot set the TLS 1.2 cipher suites");
  }
}

}  // namespace

// One list, parsed into an SSL that never handshakes. Its mutex serialises the SSL_dup calls that
// read it: OpenSSL promises nothing about reading one SSL from several threads.
struct CipherSuiteTemplates::Template {
  Template(SSL_CTX* owner, const std::vector<std::string>& names)
      : ctx(owner), suites(names), ssl(CheckNotNull(SSL_new(owner), "SSL_new")) {
    try {
      SetCipherSuites(ssl, suites);
    } catch (...) {
      SSL_free(ssl);
      throw;
    }
  }
  ~Template() { SSL_free(ssl); }
  Template(const Template&) = delete;
  Template& operator=(const Template&) = delete;

  SSL_CTX* const ctx;
  const std::vector<std::string> suites;
  SSL* const ssl;
  std::mutex mutex;
};

CipherSuiteTemplates::~CipherSuiteTemplates() = default;

std::shared_ptr<CipherSuiteTemplates::Template> CipherSuiteTemplates::Find(
    SSL_CTX* ctx, const std::vector<std::string>& suites) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = std::find_if(templates_.begin(), templates_.end(), [&](const auto& entry) {
    return entry->ctx == ctx && entry->suites == suites;
  });
  if (found == templates_.end()) {
    return nullptr;
  }
  std::rotate(found, found + 1, templates_.end());  // now the most recently used
  return templates_.back();
}

SSL* CipherSuiteTemplates::NewSsl(SSL_CTX* ctx, const std::vector<std::string>& suites) {
  std::shared_ptr<Template> entry = Find(ctx, suites);
  if (entry == nullptr) {
    // Parsed outside the lock: two threads may parse the same new list at once, and both keep
    // theirs until the older is dropped; that costs one parse, never a wrong list.
    entry = std::make_shared<Template>(ctx, suites);
    std::lock_guard<std::mutex> lock(mutex_);
    if (templates_.size() >= kMaxLists) {
      templates_.erase(templates_.begin());  // engines made from it keep their own copies
    }
    templates_.push_back(entry);
  }
  SSL* ssl = nullptr;
  {
    std::lock_guard<std::mutex> lock(entry->mutex);
    ssl = SSL_dup(entry->ssl);
  }
  // SSL_dup gives its argument back (with a reference) for an SSL that has started; a template
  // never starts, but an SSL shared with the template would be a disaster, so check.
  if (ssl == entry->ssl) {
    SSL_free(ssl);
    ssl = nullptr;
  }
  if (ssl == nullptr) {
    ThrowOpensslError("cannot make the SSL from its cipher suite template",
                      ErrorKind::kOutOfMemory);
  }
  // The SSL_CTX's options may have changed since the template was made (ConfigureSessions).
  SSL_clear_options(ssl, SSL_get_options(ssl));
  SSL_set_options(ssl, SSL_CTX_get_options(ctx));
  return ssl;
}

size_t CipherSuiteTemplates::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return templates_.size();
}

SSL* Context::NewSsl(bool client, const std::vector<std::string>& cipher_suites) const {
  SSL_CTX* ctx = client ? client_ctx_ : ctx_;
  if (cipher_suites.empty()) {
    return CheckNotNull(SSL_new(ctx), "SSL_new");
  }
  return cipher_suite_templates_.NewSsl(ctx, cipher_suites);
}

}  // namespace carbide::tls
