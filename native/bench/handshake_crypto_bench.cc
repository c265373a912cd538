// The physical limit for the cryptography of one TLS 1.3 server handshake as SunJSSE calls it:
// the same operations as bench's TlsHandshakeCalls for "TLS13-X25519-ECDSA" (X25519, an ECDSA
// P-256 CertificateVerify, TLS_AES_128_GCM_SHA256), in plain OpenSSL with everything that may be
// made once made once (fetched algorithms, the key generation context, the identity key, a MAC
// context per secret is the only fresh state), and no Carbide code. Issue 17's target puts a
// handshake's cryptography on Carbide at a fifth of the JDK's: this row, divided by the JMH row
// `TlsHandshakeCallsBenchmark.handshake -p algorithm=TLS13-X25519-ECDSA -p provider=JDK` of the
// same run, is the least share any OpenSSL-based provider can reach (docs/tls.md).
#include <benchmark/benchmark.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace carbide {
namespace {

template <typename T, void (*Free)(T*)>
struct Deleter {
  void operator()(T* p) const { Free(p); }
};
using PkeyPtr = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY, EVP_PKEY_free>>;
using PkeyCtxPtr = std::unique_ptr<EVP_PKEY_CTX, Deleter<EVP_PKEY_CTX, EVP_PKEY_CTX_free>>;
using MdCtxPtr = std::unique_ptr<EVP_MD_CTX, Deleter<EVP_MD_CTX, EVP_MD_CTX_free>>;
using MacCtxPtr = std::unique_ptr<EVP_MAC_CTX, Deleter<EVP_MAC_CTX, EVP_MAC_CTX_free>>;
using CipherCtxPtr = std::unique_ptr<EVP_CIPHER_CTX, Deleter<EVP_CIPHER_CTX, EVP_CIPHER_CTX_free>>;

constexpr size_t kHash = 32;  // SHA-256
using Secret = std::array<uint8_t, kHash>;

void Check(int ok, const char* what) {
  if (ok != 1) {
    throw std::runtime_error(what);
  }
}

std::vector<uint8_t> Bytes(size_t length, uint8_t seed) {
  std::vector<uint8_t> bytes(length);
  for (size_t i = 0; i < length; i++) {
    bytes[i] = static_cast<uint8_t>(seed + i * 31);
  }
  return bytes;
}

// What the handshake reuses: algorithms fetched once, the server's identity, a keygen context.
class Suite {
 public:
  Suite()
      : sha256_(EVP_MD_fetch(nullptr, "SHA2-256", nullptr)),
        hmac_(EVP_MAC_fetch(nullptr, "HMAC", nullptr)),
        gcm_(EVP_CIPHER_fetch(nullptr, "AES-128-GCM", nullptr)),
        gcm256_(EVP_CIPHER_fetch(nullptr, "AES-256-GCM", nullptr)),
        x25519_(EVP_PKEY_CTX_new_from_name(nullptr, "X25519", nullptr)),
        identity_(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256")) {
    if (sha256_ == nullptr || hmac_ == nullptr || gcm_ == nullptr || gcm256_ == nullptr ||
        !x25519_ || !identity_) {
      throw std::runtime_error("cannot fetch the suite's algorithms");
    }
    Check(EVP_PKEY_keygen_init(x25519_.get()), "keygen init");
    PkeyPtr client(EVP_PKEY_Q_keygen(nullptr, nullptr, "X25519"));
    size_t length = client_share_.size();
    Check(EVP_PKEY_get_raw_public_key(client.get(), client_share_.data(), &length), "share");
  }
  ~Suite() {
    EVP_MD_free(sha256_);
    EVP_MAC_free(hmac_);
    EVP_CIPHER_free(gcm_);
    EVP_CIPHER_free(gcm256_);
  }
  Suite(const Suite&) = delete;
  Suite& operator=(const Suite&) = delete;

  // The client's share decoded, a fresh key pair (its public key encoded), the agreement.
  Secret KeyShare() {
    PkeyPtr peer(EVP_PKEY_new_raw_public_key_ex(nullptr, "X25519", nullptr, client_share_.data(),
                                                client_share_.size()));
    EVP_PKEY* raw_own = nullptr;
    Check(EVP_PKEY_keygen(x25519_.get(), &raw_own), "keygen");
    PkeyPtr own(raw_own);
    std::array<uint8_t, 32> encoded{};
    size_t length = encoded.size();
    Check(EVP_PKEY_get_raw_public_key(own.get(), encoded.data(), &length), "encode");
    PkeyCtxPtr derive(EVP_PKEY_CTX_new_from_pkey(nullptr, own.get(), nullptr));
    Check(EVP_PKEY_derive_init(derive.get()), "derive init");
    Check(EVP_PKEY_derive_set_peer(derive.get(), peer.get()), "peer");
    Secret shared{};
    length = shared.size();
    Check(EVP_PKEY_derive(derive.get(), shared.data(), &length), "derive");
    return shared;
  }

  // One HMAC-SHA256 under a fresh context: HKDF-Extract, or an HKDF-Expand-Label of one block.
  Secret Hmac(std::span<const uint8_t> key, std::span<const uint8_t> data) const {
    MacCtxPtr context(EVP_MAC_CTX_new(hmac_));
    std::array<OSSL_PARAM, 2> params = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, const_cast<char*>("SHA2-256"), 0),
        OSSL_PARAM_construct_end()};
    Check(EVP_MAC_init(context.get(), key.data(), key.size(), params.data()), "mac init");
    Check(EVP_MAC_update(context.get(), data.data(), data.size()), "mac update");
    Secret out{};
    size_t length = 0;
    Check(EVP_MAC_final(context.get(), out.data(), &length, out.size()), "mac final");
    return out;
  }

  // HKDF-Expand-Label(secret, label, context, length) for length <= 32: one HMAC block.
  Secret ExpandLabel(const Secret& secret, std::string_view label, std::span<const uint8_t> context,
                     size_t length) const {
    std::vector<uint8_t> info;
    info.push_back(0);
    info.push_back(static_cast<uint8_t>(length));
    info.push_back(static_cast<uint8_t>(6 + label.size()));
    info.insert(info.end(), {'t', 'l', 's', '1', '3', ' '});
    info.insert(info.end(), label.begin(), label.end());
    info.push_back(static_cast<uint8_t>(context.size()));
    info.insert(info.end(), context.begin(), context.end());
    info.push_back(1);  // the expansion's block counter
    return Hmac(secret, info);
  }

  // A transcript snapshot: the running hash copied and finished, the original kept going.
  Secret Snapshot(const EVP_MD_CTX* transcript) const {
    MdCtxPtr copy(EVP_MD_CTX_new());
    Check(EVP_MD_CTX_copy_ex(copy.get(), transcript), "transcript copy");
    Secret hash{};
    Check(EVP_DigestFinal_ex(copy.get(), hash.data(), nullptr), "transcript final");
    return hash;
  }

  // TLS 1.3's CertificateVerify: 64 spaces, the context string, a zero, the transcript hash.
  size_t CertificateVerify(const Secret& transcript_hash, std::vector<uint8_t>& signature) const {
    static constexpr std::string_view kContext = "TLS 1.3, server CertificateVerify";
    std::array<uint8_t, 64 + kContext.size() + 1 + kHash> content{};
    std::memset(content.data(), ' ', 64);
    std::memcpy(content.data() + 64, kContext.data(), kContext.size());
    std::memcpy(content.data() + 64 + kContext.size() + 1, transcript_hash.data(), kHash);
    MdCtxPtr signer(EVP_MD_CTX_new());
    Check(EVP_DigestSignInit_ex(signer.get(), nullptr, "SHA2-256", nullptr, nullptr,
                                identity_.get(), nullptr),
          "sign init");
    signature.resize(80);
    size_t length = signature.size();
    Check(EVP_DigestSign(signer.get(), signature.data(), &length, content.data(), content.size()),
          "sign");
    return length;
  }

  // One direction's record protection: a cipher context keyed once, then one init per record.
  // Every direction seals: opening costs what sealing does, and the stand-in client records
  // carry no valid tag to check.
  CipherCtxPtr Direction(std::span<const uint8_t> key, bool aes256 = false) const {
    CipherCtxPtr context(EVP_CIPHER_CTX_new());
    Check(
        EVP_CipherInit_ex2(context.get(), aes256 ? gcm256_ : gcm_, key.data(), nullptr, 1, nullptr),
        "record key");
    return context;
  }

  static void Record(EVP_CIPHER_CTX* context, const std::array<uint8_t, 12>& nonce,
                     std::span<const uint8_t> in, std::vector<uint8_t>& out) {
    static constexpr std::array<uint8_t, 5> kHeader = {23, 3, 3, 0, 0};
    out.resize(in.size() + 16);
    int length = 0;
    Check(EVP_CipherInit_ex2(context, nullptr, nullptr, nonce.data(), -1, nullptr), "nonce");
    Check(EVP_CipherUpdate(context, nullptr, &length, kHeader.data(), kHeader.size()), "aad");
    Check(EVP_CipherUpdate(context, out.data(), &length, in.data(), static_cast<int>(in.size())),
          "record");
    Check(EVP_CipherFinal_ex(context, out.data() + length, &length), "tag");
  }

  const EVP_MD* sha256() const { return sha256_; }

 private:
  EVP_MD* sha256_;
  EVP_MAC* hmac_;
  EVP_CIPHER* gcm_;
  EVP_CIPHER* gcm256_;
  PkeyCtxPtr x25519_;
  PkeyPtr identity_;
  std::array<uint8_t, 32> client_share_{};
};

// The server side of one full handshake, then one request and its 1 KiB response, as
// TlsHandshakeCalls.handshake() makes its JCA calls.
void BM_Tls13ServerHandshakeCrypto(benchmark::State& state) {
  Suite suite;
  const auto client_hello = Bytes(512, 21);
  const auto server_hello = Bytes(122, 22);
  const auto server_flight = Bytes(600, 23);
  const auto finished = Bytes(4 + kHash, 27);
  const auto request = Bytes(96, 24);
  const auto response = Bytes(1024, 25);
  const auto ticket = Bytes(160, 26);
  const auto ticket_key = Bytes(32, 28);
  const Secret zeros{};
  std::vector<uint8_t> record;
  std::vector<uint8_t> signature;
  std::array<uint8_t, 12> nonce{};
  MdCtxPtr empty_context(EVP_MD_CTX_new());
  Check(EVP_DigestInit_ex2(empty_context.get(), suite.sha256(), nullptr), "empty hash");
  const Secret empty_hash = suite.Snapshot(empty_context.get());
  auto direction = [&](const Secret& traffic) {
    Secret key = suite.ExpandLabel(traffic, "key", {}, 16);
    suite.ExpandLabel(traffic, "iv", {}, 12);
    return suite.Direction(std::span(key.data(), 16));
  };
  auto finished_mac = [&](const Secret& traffic, const Secret& hash) {
    Secret key = suite.ExpandLabel(traffic, "finished", {}, kHash);
    return suite.Hmac(key, hash);
  };
  for (auto _ : state) {
    MdCtxPtr transcript(EVP_MD_CTX_new());
    Check(EVP_DigestInit_ex2(transcript.get(), suite.sha256(), nullptr), "transcript");
    Check(EVP_DigestUpdate(transcript.get(), client_hello.data(), client_hello.size()), "ch");
    Secret shared = suite.KeyShare();
    Check(EVP_DigestUpdate(transcript.get(), server_hello.data(), server_hello.size()), "sh");
    Secret early = suite.Hmac(zeros, zeros);
    Secret handshake_secret =
        suite.Hmac(suite.ExpandLabel(early, "derived", empty_hash, kHash), shared);
    Secret hello_hash = suite.Snapshot(transcript.get());
    Secret client_hs = suite.ExpandLabel(handshake_secret, "c hs traffic", hello_hash, kHash);
    Secret server_hs = suite.ExpandLabel(handshake_secret, "s hs traffic", hello_hash, kHash);
    CipherCtxPtr server_hs_records = direction(server_hs);
    CipherCtxPtr client_hs_records = direction(client_hs);

    Check(EVP_DigestUpdate(transcript.get(), server_flight.data(), server_flight.size()), "ee");
    size_t signature_length = suite.CertificateVerify(suite.Snapshot(transcript.get()), signature);
    Check(EVP_DigestUpdate(transcript.get(), signature.data(), signature_length), "cv");
    Secret server_finished = finished_mac(server_hs, suite.Snapshot(transcript.get()));
    Check(EVP_DigestUpdate(transcript.get(), server_finished.data(), kHash), "sf");
    Suite::Record(server_hs_records.get(), nonce, server_flight, record);
    Suite::Record(server_hs_records.get(), nonce, std::span(signature.data(), signature_length),
                  record);
    Suite::Record(server_hs_records.get(), nonce, server_finished, record);

    Secret server_finished_hash = suite.Snapshot(transcript.get());
    Secret master =
        suite.Hmac(suite.ExpandLabel(handshake_secret, "derived", empty_hash, kHash), zeros);
    Secret server_ap = suite.ExpandLabel(master, "s ap traffic", server_finished_hash, kHash);
    CipherCtxPtr server_ap_records = direction(server_ap);
    Suite::Record(client_hs_records.get(), nonce, finished, record);
    finished_mac(client_hs, server_finished_hash);
    Check(EVP_DigestUpdate(transcript.get(), finished.data(), finished.size()), "cf");
    Secret client_ap = suite.ExpandLabel(master, "c ap traffic", server_finished_hash, kHash);
    CipherCtxPtr client_ap_records = direction(client_ap);

    Secret resumption =
        suite.ExpandLabel(master, "res master", suite.Snapshot(transcript.get()), kHash);
    const std::array<uint8_t, 1> ticket_nonce{};
    suite.ExpandLabel(resumption, "resumption", ticket_nonce, kHash);
    CipherCtxPtr ticket_records = suite.Direction(ticket_key, true);
    Suite::Record(ticket_records.get(), nonce, ticket, record);
    Suite::Record(server_ap_records.get(), nonce, ticket, record);
    Suite::Record(client_ap_records.get(), nonce, request, record);
    Suite::Record(server_ap_records.get(), nonce, response, record);
    benchmark::DoNotOptimize(record.data());
  }
  state.counters["handshakes_per_ms"] = benchmark::Counter(
      static_cast<double>(state.iterations()) / 1000.0, benchmark::Counter::kIsRate);
}

BENCHMARK(BM_Tls13ServerHandshakeCrypto)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace carbide
