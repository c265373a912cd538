#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/tls.h"
#include "record_bio.h"

namespace carbide::tls {

namespace {

// A TLS record carries at most 2^14 bytes of plaintext.
constexpr size_t kMaxPlaintext = 16384;

Der EncodeCertificate(X509* cert) {
  int len = i2d_X509(cert, nullptr);
  if (len <= 0) {
    ThrowOpensslError("cannot encode the peer certificate");
  }
  Der der(static_cast<size_t>(len));
  unsigned char* p = der.data();
  i2d_X509(cert, &p);
  return der;
}

}  // namespace

// OpenSSL's chain verification is replaced whole: the chain goes to the engine's PeerVerifier.
int VerifyPeer(X509_STORE_CTX* store, void* /*arg*/) {
  auto* ssl =
      static_cast<SSL*>(X509_STORE_CTX_get_ex_data(store, SSL_get_ex_data_X509_STORE_CTX_idx()));
  auto* engine = ssl == nullptr ? nullptr : static_cast<Engine*>(SSL_get_app_data(ssl));
  if (engine == nullptr || engine->verifier_ == nullptr) {
    X509_STORE_CTX_set_error(store, X509_V_ERR_APPLICATION_VERIFICATION);
    return 0;
  }
  try {
    // The chain as the peer sent it, leaf first.
    std::vector<Der> chain;
    STACK_OF(X509)* sent = X509_STORE_CTX_get0_untrusted(store);
    chain.reserve(static_cast<size_t>(std::max(sk_X509_num(sent), 1)));
    for (int i = 0; i < sk_X509_num(sent); i++) {
      chain.push_back(EncodeCertificate(sk_X509_value(sent, i)));
    }
    if (chain.empty()) {
      chain.push_back(EncodeCertificate(X509_STORE_CTX_get0_cert(store)));
    }
    const SSL_CIPHER* cipher = SSL_get_pending_cipher(ssl);
    const char* name = cipher == nullptr ? nullptr : SSL_CIPHER_standard_name(cipher);
    if (engine->DefersVerificationToStatus()) {
      engine->deferred_peer_ = Engine::DeferredPeer{std::move(chain), name == nullptr ? "" : name};
      return 1;  // decided in VerifyPeerWithStatus
    }
    if (engine->verifier_->Verify(chain, name == nullptr ? "" : name)) {
      return 1;
    }
  } catch (...) {
    // Refused below.
  }
  X509_STORE_CTX_set_error(store, X509_V_ERR_APPLICATION_VERIFICATION);
  return 0;
}

namespace {

// The application's selector chooses among the client's protocols (`in`, ALPN wire format), as
// SunJSSE's does: a refusal, or a protocol the client did not offer, is no_application_protocol.
int SelectAlpnByVerifier(PeerVerifier& verifier, const unsigned char** out, unsigned char* out_len,
                         const unsigned char* in, unsigned int in_len) {
  std::vector<std::pair<const unsigned char*, unsigned char>> entries;
  std::vector<std::string> offered;
  for (unsigned int at = 0; at < in_len;) {
    unsigned char length = in[at];
    if (length == 0 || length > in_len - at - 1) {
      return SSL_TLSEXT_ERR_ALERT_FATAL;  // OpenSSL checked the list; never reached
    }
    entries.emplace_back(in + at + 1, length);
    offered.emplace_back(reinterpret_cast<const char*>(in + at + 1), length);
    at += 1U + length;
  }
  int chosen = verifier.SelectApplicationProtocol(offered);
  if (chosen == PeerVerifier::kNoProtocol) {
    return SSL_TLSEXT_ERR_NOACK;
  }
  if (chosen < 0 || static_cast<size_t>(chosen) >= entries.size()) {
    return SSL_TLSEXT_ERR_ALERT_FATAL;
  }
  *out = entries[static_cast<size_t>(chosen)].first;  // into the ClientHello, which outlives this
  *out_len = entries[static_cast<size_t>(chosen)].second;
  return SSL_TLSEXT_ERR_OK;
}

}  // namespace

int SelectAlpn(SSL* ssl, const unsigned char** out, unsigned char* out_len, const unsigned char* in,
               unsigned int in_len, void* /*arg*/) {
  auto* engine = static_cast<Engine*>(SSL_get_app_data(ssl));
  if (engine != nullptr && engine->alpn_selector_) {
    try {
      return engine->verifier_ == nullptr
                 ? SSL_TLSEXT_ERR_ALERT_FATAL
                 : SelectAlpnByVerifier(*engine->verifier_, out, out_len, in, in_len);
    } catch (...) {
      return SSL_TLSEXT_ERR_ALERT_FATAL;  // out of memory: nothing may cross OpenSSL's frames
    }
  }
  if (engine == nullptr || engine->alpn_wire_.empty()) {
    return SSL_TLSEXT_ERR_NOACK;
  }
  unsigned char* selected = nullptr;
  // The server's preference wins, as in SunJSSE.
  if (SSL_select_next_proto(&selected, out_len, engine->alpn_wire_.data(),
                            static_cast<unsigned int>(engine->alpn_wire_.size()), in,
                            in_len) != OPENSSL_NPN_NEGOTIATED) {
    return SSL_TLSEXT_ERR_ALERT_FATAL;  // no_application_protocol, as RFC 7301 asks
  }
  *out = selected;
  return SSL_TLSEXT_ERR_OK;
}

// Both SSL_CTXs run in the engine's library context (in FIPS mode the module's, whose default
// properties ask for fips=yes), so every primitive of a handshake and its records (key shares,
// signatures, the key schedule, the record ciphers, random numbers) comes from it, and the suites,
// groups and signature schemes that need anything else are simply not offered.
Context::Context()
    : ctx_(CheckNotNull(SSL_CTX_new_ex(LibraryContext(), nullptr, TLS_method()), "SSL_CTX_new")) {
  client_ctx_ = SSL_CTX_new_ex(LibraryContext(), nullptr, TLS_method());
  if (client_ctx_ == nullptr) {
    SSL_CTX_free(ctx_);
    ThrowOpensslError("SSL_CTX_new", ErrorKind::kOutOfMemory);
  }
  for (SSL_CTX* ctx : {ctx_, client_ctx_}) {
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_options(ctx, SSL_OP_NO_RENEGOTIATION);
    SSL_CTX_set_cert_verify_callback(ctx, VerifyPeer, nullptr);
  }
  SSL_CTX_set_alpn_select_cb(ctx_, SelectAlpn, nullptr);
  try {
    SetUpSessionCaches();
    SetUpClientCertificates();
    SetUpSignatureSchemes();
    SetUpServerCertificates();
    SetUpStatusRequests();
  } catch (...) {
    SSL_CTX_free(client_ctx_);
    SSL_CTX_free(ctx_);
    throw;
  }
}

Context::~Context() {
  // An engine's SSL may hold the server SSL_CTX a little longer; it must not reach the ticket keys.
  SSL_CTX_set_app_data(ctx_, nullptr);
  SSL_CTX_free(client_ctx_);
  SSL_CTX_free(ctx_);
}

std::vector<std::string> Context::DefaultCipherSuites() const {
  std::vector<std::string> names;
  STACK_OF(SSL_CIPHER)* ciphers = SSL_CTX_get_ciphers(ctx_);
  for (int i = 0; i < sk_SSL_CIPHER_num(ciphers); i++) {
    const char* name = SSL_CIPHER_standard_name(sk_SSL_CIPHER_value(ciphers, i));
    if (name != nullptr) {
      names.emplace_back(name);
    }
  }
  return names;
}

std::vector<std::string> Context::ImplementedGroups() const {
  struct NamesFree {
    // The names are libssl's constants: only the stack is freed.
    void operator()(STACK_OF(OPENSSL_CSTRING) * names) const noexcept {
      sk_OPENSSL_CSTRING_free(names);
    }
  };
  std::unique_ptr<STACK_OF(OPENSSL_CSTRING), NamesFree> names(sk_OPENSSL_CSTRING_new_null());
  if (names == nullptr) {
    throw Error(ErrorKind::kOutOfMemory, "sk_OPENSSL_CSTRING_new_null failed");
  }
  // libssl loads its groups from the providers of the SSL_CTX's library context, keeping only those
  // whose key management it can fetch there; all=1 adds each group's aliases ("P-256").
  CheckOpenssl(static_cast<int>(SSL_CTX_get0_implemented_groups(ctx_, 1, names.get())),
               "cannot list the named groups");
  std::vector<std::string> groups;
  groups.reserve(static_cast<size_t>(std::max(sk_OPENSSL_CSTRING_num(names.get()), 0)));
  for (int i = 0; i < sk_OPENSSL_CSTRING_num(names.get()); i++) {
    groups.emplace_back(sk_OPENSSL_CSTRING_value(names.get(), i));
  }
  return groups;
}

Engine::Engine(const Context& context, bool client, const std::vector<std::string>& cipher_suites)
    : ssl_(context.NewSsl(client, cipher_suites)) {
  BIO* in = nullptr;
  BIO* out = nullptr;
  try {
    in = RecordBio::New(&network_in_);
    out = RecordBio::New(&network_out_);
  } catch (...) {
    BIO_free(in);
    SSL_free(ssl_);
    throw;
  }
  SSL_set_bio(ssl_, in, out);
  SSL_set_app_data(ssl_, this);
  if (client) {
    SSL_set_connect_state(ssl_);
    SSL_set_verify(ssl_, SSL_VERIFY_PEER, nullptr);
  } else {
    SSL_set_accept_state(ssl_);
  }
}

Engine::~Engine() {
  SSL_SESSION_free(new_session_);
  // SSL_free would otherwise mark the session not resumable unless close_notify was sent, so that a
  // client could never resume after an engine dropped without closing, which SunJSSE allows. A
  // fatal alert, sent or received, has already removed the session (OpenSSL does so at the alert).
  SSL_set_shutdown(ssl_, SSL_get_shutdown(ssl_) | SSL_SENT_SHUTDOWN);
  SSL_free(ssl_);
}

void Engine::Configure(const Settings& settings) {
  CheckOpenssl(SSL_set_min_proto_version(ssl_, settings.min_version), "cannot set the protocols");
  CheckOpenssl(SSL_set_max_proto_version(ssl_, settings.max_version), "cannot set the protocols");
  if (!settings.groups.empty() && SSL_set1_groups_list(ssl_, settings.groups.c_str()) != 1) {
    ThrowOpensslError("cannot set the named groups", ErrorKind::kIllegalArgument);
  }
  if (!settings.server_name.empty()) {
    CheckOpenssl(static_cast<int>(SSL_set_tlsext_host_name(ssl_, settings.server_name.c_str())),
                 "cannot set the server name");
  }
  alpn_selector_ = settings.alpn_selector && SSL_is_server(ssl_) != 0;
  alpn_wire_.clear();
  for (const std::string& protocol : settings.alpn) {
    if (protocol.empty() || protocol.size() > 255) {
      throw Error(ErrorKind::kIllegalArgument, "an application protocol is 1 to 255 bytes");
    }
    alpn_wire_.push_back(static_cast<uint8_t>(protocol.size()));
    alpn_wire_.insert(alpn_wire_.end(), protocol.begin(), protocol.end());
  }
  // SSL_set_alpn_protos returns 0 on success.
  if (SSL_is_server(ssl_) == 0 && !alpn_wire_.empty() &&
      SSL_set_alpn_protos(ssl_, alpn_wire_.data(), static_cast<unsigned int>(alpn_wire_.size())) !=
          0) {
    ThrowOpensslError("cannot set the application protocols");
  }
  staples_status_ = SSL_is_server(ssl_) != 0 && settings.status_request;
  if (SSL_is_server(ssl_) != 0) {
    SSL_set_verify(ssl_, settings.verify_mode, nullptr);
  } else if (settings.status_request) {
    CheckOpenssl(static_cast<int>(SSL_set_tlsext_status_type(ssl_, TLSEXT_STATUSTYPE_ocsp)),
                 "cannot ask for the server's OCSP response");
  }
  defer_external_signatures_ = settings.defer_external_signatures;
}

void Engine::UseKey(const std::vector<Der>& chain, std::span<const uint8_t> pkcs8) {
  UseCredentials(Credentials(chain, pkcs8));
}

void Engine::FeedRecords(std::span<const uint8_t> records) { network_in_->Enqueue(records); }

size_t Engine::PendingRecords() const noexcept { return network_out_->Queued(); }

size_t Engine::TakeRecords(std::span<uint8_t> out) { return network_out_->Dequeue(out); }

namespace {

// Runs one SSL call that may need the peer's verification, with the verifier in reach of
// VerifyPeer. Returns SSL_get_error's verdict for a failed call, or SSL_ERROR_NONE.
template <typename Call>
int WithVerifier(SSL* ssl, PeerVerifier*& slot, PeerVerifier& verifier, Call&& call) {
  slot = &verifier;
  int rc = call();
  slot = nullptr;
  return rc > 0 ? SSL_ERROR_NONE : SSL_get_error(ssl, rc);
}

}  // namespace

bool Engine::Handshake(PeerVerifier& verifier) {
  if (SSL_is_init_finished(ssl_)) {
    return true;
  }
  int error = WithVerifier(ssl_, verifier_, verifier, [&] { return SSL_do_handshake(ssl_); });
  switch (error) {
    case SSL_ERROR_NONE:
      if (deferred_peer_.has_value()) {
        // A TLS 1.2 chain whose verification waited for CertificateStatus (tls_status.cc) was never
        // verified: OpenSSL always runs the status callback first, so this is a defence only.
        throw Error(ErrorKind::kProvider, "the server's certificate chain was not verified");
      }
      return true;
    case SSL_ERROR_WANT_READ:
    case SSL_ERROR_WANT_WRITE:
      return false;
    case SSL_ERROR_WANT_X509_LOOKUP:
      if (pause_ != Pause::kNone) {
        return false;  // paused before an external key signs, or for an OCSP response
      }
      break;
    default:
      break;
  }
  ThrowOpensslError("TLS handshake failed");
}

bool Engine::HandshakeComplete() const noexcept { return SSL_is_init_finished(ssl_) != 0; }

long Engine::Read(std::span<uint8_t> out, PeerVerifier& verifier) {
  size_t read = 0;
  int error = WithVerifier(ssl_, verifier_, verifier,
                           [&] { return SSL_read_ex(ssl_, out.data(), out.size(), &read); });
  switch (error) {
    case SSL_ERROR_NONE:
      return static_cast<long>(read);
    case SSL_ERROR_WANT_READ:
    case SSL_ERROR_WANT_WRITE:
      return 0;
    case SSL_ERROR_ZERO_RETURN:
      return -1;
    case SSL_ERROR_SYSCALL:
      // A TLS 1.3 user_canceled alert (SunJSSE's SSLSocket sends one before close_notify on
      // close) shuts OpenSSL's read side and ends here with nothing queued: the peer is closing.
      if ((SSL_get_shutdown(ssl_) & SSL_RECEIVED_SHUTDOWN) != 0 && OpensslErrorQueueEmpty()) {
        return -1;
      }
      break;
    default:
      break;
  }
  ThrowOpensslError("cannot read the TLS record");
}

void Engine::Write(std::span<const uint8_t> data) {
  if (data.size() > kMaxPlaintext) {
    throw Error(ErrorKind::kIllegalArgument, "more than one record's plaintext");
  }
  size_t written = 0;
  if (SSL_write_ex(ssl_, data.data(), data.size(), &written) != 1 || written != data.size()) {
    ThrowOpensslError("cannot write the TLS record");
  }
}

long Engine::OpenRecord(std::span<const uint8_t> records, std::span<uint8_t> out,
                        PeerVerifier& verifier) {
  network_in_->LendInput(records);
  long produced = 0;
  try {
    produced = Read(out, verifier);
  } catch (...) {
    network_in_->ReclaimInput();
    throw;
  }
  network_in_->ReclaimInput();
  return produced;
}

size_t Engine::SealRecord(std::span<const uint8_t> data, std::span<uint8_t> out) {
  // Records already queued go out first; a new one is lent the caller's room only behind them.
  size_t taken = TakeRecords(out);
  std::span<uint8_t> room = out.subspan(taken);
  network_out_->LendOutput(room);
  try {
    Write(data);
  } catch (...) {
    network_out_->ReclaimOutput();
    throw;
  }
  size_t written = network_out_->ReclaimOutput();
  return taken + written + TakeRecords(room.subspan(written));
}

void Engine::Shutdown() {
  // 0 (sent, peer's not yet seen) and 1 are both fine; the peer's close_notify arrives by Read.
  if (SSL_shutdown(ssl_) < 0) {
    ERR_clear_error();
  }
}

SessionInfo Engine::Session() const {
  SessionInfo info;
  info.protocol = SSL_get_version(ssl_);
  if (const SSL_CIPHER* cipher = SSL_get_current_cipher(ssl_); cipher != nullptr) {
    const char* name = SSL_CIPHER_standard_name(cipher);
    info.cipher_suite = name == nullptr ? "" : name;
  }
  int group = SSL_get_negotiated_group(ssl_);
  if (const char* name = group == 0 ? nullptr : SSL_group_to_name(ssl_, group); name != nullptr) {
    info.group = name;
  }
  const unsigned char* alpn = nullptr;
  unsigned int alpn_len = 0;
  SSL_get0_alpn_selected(ssl_, &alpn, &alpn_len);
  info.alpn.assign(reinterpret_cast<const char*>(alpn), alpn == nullptr ? 0 : alpn_len);
  if (const char* name = SSL_get_servername(ssl_, TLSEXT_NAMETYPE_host_name); name != nullptr) {
    info.server_name = name;
  }
  return info;
}

std::vector<Der> Engine::PeerChain() const {
  std::vector<Der> chain;
  X509* leaf = SSL_get0_peer_certificate(ssl_);
  if (leaf == nullptr) {
    return chain;
  }
  chain.push_back(EncodeCertificate(leaf));
  // A client's stack starts with the leaf; a server's leaves it out.
  STACK_OF(X509)* rest = SSL_get_peer_cert_chain(ssl_);
  for (int i = 0; i < sk_X509_num(rest); i++) {
    X509* cert = sk_X509_value(rest, i);
    if (X509_cmp(cert, leaf) != 0) {
      chain.push_back(EncodeCertificate(cert));
    }
  }
  return chain;
}

}  // namespace carbide::tls
