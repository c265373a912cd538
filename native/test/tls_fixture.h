// What the TLS engine's native tests, benchmark and fuzz target share: a self-signed EC identity
// made on the spot, and two engines of one context driven through a handshake by moving their
// records across. Header-only, so that each of those executables takes it without a library.
#pragma once

#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/x509.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "carbide/tls.h"

namespace carbide::tls::fixture {

struct Identity {
  Der certificate;
  Der private_key;                // PKCS#8, as the Java side passes keys
  std::shared_ptr<EVP_PKEY> key;  // the same key, for tests that sign with it themselves
};

// A new key of `type`: "EC" (P-256), "RSA" (2048 bits), or an algorithm OpenSSL names without
// parameters ("ED25519", "X25519"). Throws std::runtime_error if OpenSSL fails.
inline std::shared_ptr<EVP_PKEY> NewKey(const std::string& type) {
  EVP_PKEY* key = type == "EC"    ? EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256")
                  : type == "RSA" ? EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", size_t{2048})
                                  : EVP_PKEY_Q_keygen(nullptr, nullptr, type.c_str());
  if (key == nullptr) {
    throw std::runtime_error("cannot make a " + type + " key");
  }
  return {key, EVP_PKEY_free};
}

// A certificate for `common_name`, valid for a day from now, signed by its own new key of `type`
// (as NewKey). Throws std::runtime_error if OpenSSL fails (a fixture cannot go on without it).
inline Identity SelfSigned(const std::string& type = "EC", const char* common_name = "localhost") {
  std::shared_ptr<EVP_PKEY> key = NewKey(type);
  std::unique_ptr<X509, decltype(&X509_free)> cert(X509_new(), X509_free);
  if (cert == nullptr) {
    throw std::runtime_error("cannot make a certificate");
  }
  X509_set_version(cert.get(), X509_VERSION_3);
  ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), 1);
  X509_gmtime_adj(X509_getm_notBefore(cert.get()), 0);
  X509_gmtime_adj(X509_getm_notAfter(cert.get()), 86400);
  X509_NAME* name = X509_get_subject_name(cert.get());
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                             reinterpret_cast<const unsigned char*>(common_name), -1, -1, 0);
  X509_set_issuer_name(cert.get(), name);
  X509_set_pubkey(cert.get(), key.get());
  // EdDSA signs without a separate digest.
  const EVP_MD* digest = type == "EC" || type == "RSA" ? EVP_sha256() : nullptr;
  if (X509_sign(cert.get(), key.get(), digest) <= 0) {
    throw std::runtime_error("cannot sign the certificate");
  }
  Identity identity;
  identity.certificate.resize(static_cast<size_t>(i2d_X509(cert.get(), nullptr)));
  unsigned char* p = identity.certificate.data();
  i2d_X509(cert.get(), &p);
  std::unique_ptr<PKCS8_PRIV_KEY_INFO, decltype(&PKCS8_PRIV_KEY_INFO_free)> info(
      EVP_PKEY2PKCS8(key.get()), PKCS8_PRIV_KEY_INFO_free);
  if (info == nullptr) {
    throw std::runtime_error("cannot encode the private key");
  }
  identity.private_key.resize(static_cast<size_t>(i2d_PKCS8_PRIV_KEY_INFO(info.get(), nullptr)));
  p = identity.private_key.data();
  i2d_PKCS8_PRIV_KEY_INFO(info.get(), &p);
  identity.key = std::move(key);
  return identity;
}

// The EC identity most tests, the benchmark and the fuzz target use.
inline Identity SelfSignedEc(const char* common_name = "localhost") {
  return SelfSigned("EC", common_name);
}

// Trusts every chain, for benchmarks and fuzzing, where trust is not what is measured.
class TrustAll final : public PeerVerifier {
 public:
  bool Verify(const std::vector<Der>& /*chain*/, const std::string& /*suite*/) noexcept override {
    return true;
  }
};

// Mutual TLS: a client limited to `max_version` and a server that needs the client's certificate,
// both of `context`. Each test gives the server its credentials, and the client its own through
// the verifier it runs the handshake with (PeerVerifier::ChooseClientCredentials). `defer` sets
// Settings::defer_external_signatures on both, as the JNI bridge does.
struct MutualEngines {
  MutualEngines(const Context& context, int max_version, bool defer = false)
      : client(context, /*client=*/true), server(context, /*client=*/false) {
    Settings client_settings;
    client_settings.max_version = max_version;
    client_settings.defer_external_signatures = defer;
    client.Configure(client_settings);
    Settings server_settings;
    server_settings.verify_mode = SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT;
    server_settings.defer_external_signatures = defer;
    server.Configure(server_settings);
  }

  Engine client;
  Engine server;
};

// Moves every record `from` queued into `to`.
inline void Move(Engine& from, Engine& to) {
  std::vector<uint8_t> records(from.PendingRecords());
  records.resize(from.TakeRecords(records));
  to.FeedRecords(records);
}

// Runs both handshakes to completion; an engine's failure throws its carbide::Error, and a
// handshake that stops making progress throws std::runtime_error.
inline void Handshake(Engine& client, Engine& server, PeerVerifier& verifier) {
  for (int round = 0; round < 20; round++) {
    bool client_done = client.Handshake(verifier);
    Move(client, server);
    bool server_done = server.Handshake(verifier);
    Move(server, client);
    if (client_done && server_done && client.PendingRecords() == 0) {
      return;
    }
  }
  throw std::runtime_error("the handshake made no progress");
}

}  // namespace carbide::tls::fixture
