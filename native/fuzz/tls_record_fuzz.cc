// libFuzzer target: records from the network into the native TLS engine, as the Java SSLEngine's
// unwrap hands them over (one whole record at a time, its header's length believed up to the
// largest record), for a server engine (which parses a ClientHello) and for a client engine that
// has queued its ClientHello (which parses a server's flight). Every input must end in a result or
// a carbide::Error, never a crash, a leak or undefined behaviour (ASan and UBSan).
#include <openssl/evp.h>
#include <openssl/x509.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <span>
#include <vector>

#include "carbide/error.h"
#include "carbide/tls.h"

namespace {

using carbide::tls::Der;

// The largest record the Java side passes on: 2^14 + 2048 bytes of body and the 5-byte header.
constexpr size_t kMaxRecord = 16384 + 2048 + 5;

struct Identity {
  std::vector<Der> chain;
  std::vector<uint8_t> pkcs8;
};

// A self-signed P-256 certificate for the server engine, made once.
Identity MakeIdentity() {
  std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(EVP_EC_gen("P-256"), EVP_PKEY_free);
  std::unique_ptr<X509, decltype(&X509_free)> cert(X509_new(), X509_free);
  if (key == nullptr || cert == nullptr) {
    std::abort();
  }
  X509_set_version(cert.get(), X509_VERSION_3);
  ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), 1);
  X509_gmtime_adj(X509_getm_notBefore(cert.get()), 0);
  X509_gmtime_adj(X509_getm_notAfter(cert.get()), 86400);
  X509_set_pubkey(cert.get(), key.get());
  X509_NAME* name = X509_get_subject_name(cert.get());
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                             reinterpret_cast<const unsigned char*>("localhost"), -1, -1, 0);
  X509_set_issuer_name(cert.get(), name);
  if (X509_sign(cert.get(), key.get(), EVP_sha256()) <= 0) {
    std::abort();
  }
  Identity identity;
  Der der(static_cast<size_t>(i2d_X509(cert.get(), nullptr)));
  unsigned char* p = der.data();
  i2d_X509(cert.get(), &p);
  identity.chain.push_back(std::move(der));
  std::unique_ptr<PKCS8_PRIV_KEY_INFO, decltype(&PKCS8_PRIV_KEY_INFO_free)> info(
      EVP_PKEY2PKCS8(key.get()), PKCS8_PRIV_KEY_INFO_free);
  identity.pkcs8.resize(static_cast<size_t>(i2d_PKCS8_PRIV_KEY_INFO(info.get(), nullptr)));
  p = identity.pkcs8.data();
  i2d_PKCS8_PRIV_KEY_INFO(info.get(), &p);
  return identity;
}

class AcceptAll final : public carbide::tls::PeerVerifier {
 public:
  bool Verify(const std::vector<Der>& /*chain*/, const std::string& /*suite*/) noexcept override {
    return true;
  }
};

void Feed(carbide::tls::Engine& engine, std::span<const uint8_t> input) {
  AcceptAll verifier;
  std::vector<uint8_t> out(16384);
  size_t at = 0;
  while (input.size() - at >= 5) {
    size_t length = 5 + (static_cast<size_t>(input[at + 3]) << 8 | input[at + 4]);
    if (length > kMaxRecord || length > input.size() - at) {
      return;  // the Java side refuses the first, and waits for the rest of the second
    }
    engine.FeedRecords(input.subspan(at, length));
    at += length;
    if (!engine.HandshakeComplete()) {
      engine.Handshake(verifier);
    } else if (engine.Read(out, verifier) < 0) {
      engine.Shutdown();
    }
    // Drain what it answered, as wrap would.
    while (engine.TakeRecords(out) > 0) {
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const Identity identity = MakeIdentity();
  static const carbide::tls::Context context;
  if (size == 0) {
    return 0;
  }
  bool client = (data[0] & 1) != 0;
  carbide::tls::Engine engine(context, client);
  carbide::tls::Settings settings;
  settings.groups = "X25519MLKEM768:X25519:secp256r1";
  AcceptAll verifier;
  try {
    engine.Configure(settings);
    if (client) {
      engine.Handshake(verifier);  // queues the ClientHello
    } else {
      engine.UseKey(identity.chain, identity.pkcs8);
    }
    Feed(engine, std::span<const uint8_t>(data + 1, size - 1));
  } catch (const carbide::Error&) {
    // Refused: what the Java side turns into SSLException.
  }
  return 0;
}
