// Helpers shared by the TLS engine's tests: self-signed identities made here, and two engines
// handshaking through their memory BIOs.
#pragma once

#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/x509.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "carbide/tls.h"

namespace carbide::tls::test {

struct Identity {
  Der certificate;
  Der private_key;                // PKCS#8
  std::shared_ptr<EVP_PKEY> key;  // the same key, for tests that sign with it themselves
};

// A key of `type`: "EC" (P-256), "RSA" (2048 bits) or "ED25519".
inline std::shared_ptr<EVP_PKEY> NewKey(const std::string& type) {
  EVP_PKEY* key = type == "EC"    ? EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256")
                  : type == "RSA" ? EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", size_t{2048})
                                  : EVP_PKEY_Q_keygen(nullptr, nullptr, type.c_str());
  return std::shared_ptr<EVP_PKEY>(key, EVP_PKEY_free);
}

// A certificate for CN=localhost, valid for an hour, signed by its own key of `type`.
inline Identity SelfSigned(const std::string& type = "EC") {
  std::shared_ptr<EVP_PKEY> key = NewKey(type);
  std::unique_ptr<X509, decltype(&X509_free)> cert(X509_new(), X509_free);
  EXPECT_TRUE(key && cert);
  X509_set_version(cert.get(), X509_VERSION_3);
  ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), 1);
  X509_gmtime_adj(X509_getm_notBefore(cert.get()), 0);
  X509_gmtime_adj(X509_getm_notAfter(cert.get()), 3600);
  X509_NAME* name = X509_get_subject_name(cert.get());
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                             reinterpret_cast<const unsigned char*>("localhost"), -1, -1, 0);
  X509_set_issuer_name(cert.get(), name);
  X509_set_pubkey(cert.get(), key.get());
  // EdDSA signs without a separate digest.
  EXPECT_GT(X509_sign(cert.get(), key.get(), type == "ED25519" ? nullptr : EVP_sha256()), 0);
  Identity identity;
  identity.certificate.resize(static_cast<size_t>(i2d_X509(cert.get(), nullptr)));
  unsigned char* p = identity.certificate.data();
  i2d_X509(cert.get(), &p);
  identity.private_key.resize(static_cast<size_t>(i2d_PrivateKey(key.get(), nullptr)));
  p = identity.private_key.data();
  i2d_PrivateKey(key.get(), &p);
  identity.key = std::move(key);
  return identity;
}

inline void Move(Engine& from, Engine& to) {
  std::vector<uint8_t> records(from.PendingRecords());
  records.resize(from.TakeRecords(records));
  to.FeedRecords(records);
}

// Runs both handshakes to completion (or until one throws).
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
  FAIL() << "the handshake made no progress";
}

}  // namespace carbide::tls::test
