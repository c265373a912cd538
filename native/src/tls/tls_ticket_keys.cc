// The keys of a server's stateless session tickets (TLS 1.2 tickets, TLS 1.3 tickets that carry the
// session), rotated as SunJSSE rotates its own: OpenSSL would keep one random key for the life of
// the SSL_CTX, so a ticket key stolen once would open every ticket the context ever issued.
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <chrono>
#include <cstring>

#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/tls.h"

namespace carbide::tls {

namespace {

int64_t SteadySeconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// OpenSSL's ticket key callback: `enc` 1 to encrypt a new ticket, 0 to decrypt one (returns 0 for
// a ticket whose key is gone, so the handshake goes on without resuming, and 2 to ask for a new
// ticket under the current key).
int TicketKeyCallback(SSL* ssl, unsigned char* key_name, unsigned char* iv, EVP_CIPHER_CTX* cipher,
                      EVP_MAC_CTX* mac, int enc) {
  auto* keys = static_cast<TicketKeys*>(SSL_CTX_get_app_data(SSL_get_SSL_CTX(ssl)));
  if (keys == nullptr) {
    return -1;
  }
  if (enc == 1) {
    return keys->Encrypt(key_name, iv, cipher, mac);
  }
  int decrypted = keys->Decrypt(key_name, iv, cipher, mac);
  // TLS 1.3 always answers a resumption with a new ticket, as SunJSSE does and as OpenSSL does with
  // its own keys (a client should use each ticket once); TLS 1.2 only when the key has changed.
  return decrypted == 1 && SSL_version(ssl) == TLS1_3_VERSION ? 2 : decrypted;
}

}  // namespace

TicketKeys::TicketKeys() : clock_(SteadySeconds) {}

TicketKeys::~TicketKeys() {
  OPENSSL_cleanse(keys_.data(), sizeof(keys_));
  EVP_CIPHER_free(cipher_);
}

void TicketKeys::Attach(SSL_CTX* ctx) {
  // The library context of the engine's SSL_CTXs (in FIPS mode the module's; libssl fetches the
  // HMAC of `mac` from the same one).
  cipher_ = EVP_CIPHER_fetch(LibraryContext(), "AES-256-CBC", nullptr);
  if (cipher_ == nullptr) {
    ThrowOpensslError("cannot fetch AES-256-CBC for session tickets");
  }
  SSL_CTX_set_app_data(ctx, this);
  CheckOpenssl(SSL_CTX_set_tlsext_ticket_key_evp_cb(ctx, TicketKeyCallback),
               "cannot set the ticket key callback");
}

void TicketKeys::Configure(int64_t rotate_seconds, int64_t session_timeout_seconds) {
  if (rotate_seconds < 0 || session_timeout_seconds < 0) {
    throw Error(ErrorKind::kIllegalArgument, "a negative ticket key period");
  }
  std::lock_guard<std::mutex> lock(mutex_);
  rotate_seconds_ = rotate_seconds;
  session_timeout_seconds_ = session_timeout_seconds;
}

void TicketKeys::SetClock(std::function<int64_t()> clock) {
  std::lock_guard<std::mutex> lock(mutex_);
  clock_ = std::move(clock);
}

size_t TicketKeys::KeyCount() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return count_;
}

// Caller holds the lock. A key encrypts for rotate_seconds_ and decrypts until the session timeout
// has passed after that, as SunJSSE's StatelessKey (a timeout of 0 adds nothing, as there).
bool TicketKeys::Decrypts(const Key& key, int64_t now) const {
  return now - key.created <= rotate_seconds_ + session_timeout_seconds_;
}

int TicketKeys::Encrypt(unsigned char* key_name, unsigned char* iv, EVP_CIPHER_CTX* cipher,
                        EVP_MAC_CTX* mac) {
  std::lock_guard<std::mutex> lock(mutex_);
  int64_t now = clock_();
  if (count_ == 0 || now - keys_[count_ - 1].created >= rotate_seconds_) {
    // A new key: first the keys past their decryption window go, then the oldest if all are kept.
    size_t kept = 0;
    for (size_t i = 0; i < count_; i++) {
      if (Decrypts(keys_[i], now)) {
        keys_[kept++] = keys_[i];
      }
    }
    if (kept == kMaxKeys) {
      std::copy(keys_.begin() + 1, keys_.end(), keys_.begin());
      kept--;
    }
    for (size_t i = kept; i < count_; i++) {
      OPENSSL_cleanse(&keys_[i], sizeof(Key));
    }
    count_ = kept;
    Key& fresh = keys_[count_];
    fresh.created = now;
    if (RAND_bytes_ex(LibraryContext(), fresh.name, sizeof(fresh.name), 0) != 1 ||
        RAND_priv_bytes_ex(LibraryContext(), fresh.cipher_key, sizeof(fresh.cipher_key), 0) != 1 ||
        RAND_priv_bytes_ex(LibraryContext(), fresh.mac_key, sizeof(fresh.mac_key), 0) != 1) {
      OPENSSL_cleanse(&fresh, sizeof(fresh));
      return -1;
    }
    count_++;
  }
  const Key& current = keys_[count_ - 1];
  if (RAND_bytes_ex(LibraryContext(), iv, static_cast<size_t>(EVP_CIPHER_get_iv_length(cipher_)),
                    0) != 1) {
    return -1;
  }
  std::memcpy(key_name, current.name, sizeof(current.name));
  return Init(current, iv, cipher, mac, /*encrypt=*/true) ? 1 : -1;
}

int TicketKeys::Decrypt(const unsigned char* key_name, const unsigned char* iv,
                        EVP_CIPHER_CTX* cipher, EVP_MAC_CTX* mac) {
  std::lock_guard<std::mutex> lock(mutex_);
  int64_t now = clock_();
  for (size_t i = 0; i < count_; i++) {
    const Key& key = keys_[i];
    if (CRYPTO_memcmp(key.name, key_name, sizeof(key.name)) != 0) {
      continue;
    }
    if (!Decrypts(key, now) || !Init(key, iv, cipher, mac, /*encrypt=*/false)) {
      return 0;
    }
    bool current = i == count_ - 1 && now - key.created < rotate_seconds_;
    return current ? 1 : 2;
  }
  return 0;
}

// Caller holds the lock.
bool TicketKeys::Init(const Key& key, const unsigned char* iv, EVP_CIPHER_CTX* cipher,
                      EVP_MAC_CTX* mac, bool encrypt) const {
  char digest[] = "SHA256";
  OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
                         OSSL_PARAM_construct_end()};
  if (EVP_MAC_init(mac, key.mac_key, sizeof(key.mac_key), params) != 1) {
    return false;
  }
  return encrypt ? EVP_EncryptInit_ex2(cipher, cipher_, key.cipher_key, iv, nullptr) == 1
                 : EVP_DecryptInit_ex2(cipher, cipher_, key.cipher_key, iv, nullptr) == 1;
}

}  // namespace carbide::tls
