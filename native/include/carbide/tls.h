// The native TLS engine: one OpenSSL SSL object per Java SSLEngine, driven through two memory BIOs
// (records in, records out), so that the Java side decides where the bytes travel. It is linked
// into libcarbide-ssl.so only, the library that maps libssl, which Carbide loads when an SSLContext
// is first asked for (docs/tls.md): installing Carbide for its JCA services never maps libssl.
#pragma once

#include <openssl/ssl.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace carbide::tls {

using Der = std::vector<uint8_t>;

class Credentials;
class ExternalSigner;  // carbide/tls_external_key.h
class RecordBio;       // record_bio.h in the engine's sources

// What the handshake asks the application: whether a peer's certificate chain (leaf first, DER) is
// trusted, and which credentials to present. The JNI bridge asks the application's X509TrustManager
// and X509KeyManager; no call may throw (each runs inside OpenSSL's handshake).
class PeerVerifier {
 public:
  virtual bool Verify(const std::vector<Der>& chain, const std::string& cipher_suite) noexcept = 0;
  // A server asked this client for its certificate (tls_client_auth.cc): returns the credentials
  // to present, which must stay alive until the call that runs the handshake returns, or null for
  // none. `key_types` are JSSE's key types the server's signature algorithms allow ("EC", "RSA",
  // "RSASSA-PSS", "EdDSA"), `issuers` the DER names of the authorities it accepts (often none).
  virtual const Credentials* ChooseClientCredentials(const std::vector<std::string>& /*key_types*/,
                                                     const std::vector<Der>& /*issuers*/) noexcept {
    return nullptr;
  }
  // A server read a ClientHello that resumes no session (tls_server_key.cc): returns the
  // credentials to present, which must stay alive until the call that runs the handshake returns,
  // or null to keep those given to the engine before (UseKey, UseCredentials) or, without any, to
  // fail the handshake. `server_name` is the SNI host name the client sent, empty if none.
  virtual const Credentials* ChooseServerCredentials(const std::string& /*server_name*/) noexcept {
    return nullptr;
  }
  // A server with an application protocol selector (Settings::alpn_selector) read a client's ALPN
  // list, `offered` (each protocol's bytes): returns the index of the protocol chosen, kNoProtocol
  // to answer without ALPN, or kRefuseProtocols (or any other value) to fail the handshake with
  // no_application_protocol.
  static constexpr int kNoProtocol = -1;
  static constexpr int kRefuseProtocols = -2;
  virtual int SelectApplicationProtocol(const std::vector<std::string>& /*offered*/) noexcept {
    return kRefuseProtocols;
  }
  // A stapling server (Settings::status_request) chose its credentials in a full handshake whose
  // client asked for their OCSP status: returns the leaf's OCSP response (DER) to staple, empty for
  // none, or nullopt if it is not at hand: the handshake then pauses (Engine::AwaitsStatusResponse)
  // so that the caller can fetch it outside the handshake and hand it to Engine::StapleResponse.
  virtual std::optional<Der> ServerStatusResponse() noexcept { return Der(); }

 protected:
  ~PeerVerifier() = default;
};

// The keys that encrypt a server's stateless session tickets (tls_ticket_keys.cc), rotated as
// SunJSSE rotates its own: a new key encrypts every `rotate_seconds` (SunJSSE's
// jdk.tls.server.statelessKeyTimeout, an hour by default), and each key still decrypts until the
// server's session timeout has passed after that (a timeout of 0 adds nothing, as in SunJSSE), so a
// ticket lives as long as its session may; at most kMaxKeys are kept. Thread-safe: the engines of a
// context share them.
class TicketKeys {
 public:
  static constexpr int64_t kDefaultRotateSeconds = 3600;

  TicketKeys();
  ~TicketKeys();
  TicketKeys(const TicketKeys&) = delete;
  TicketKeys& operator=(const TicketKeys&) = delete;

  // Makes these the keys of `ctx`'s tickets (its app data and ticket key callback).
  void Attach(SSL_CTX* ctx);
  // Both periods in seconds; throws carbide::Error (kIllegalArgument) for a negative one.
  void Configure(int64_t rotate_seconds, int64_t session_timeout_seconds);
  // The clock the keys are timed by, in seconds (steady, by default); for tests.
  void SetClock(std::function<int64_t()> clock);
  // The keys kept (the current one and those that still decrypt); for tests.
  size_t KeyCount() const;

  // OpenSSL's ticket key callback, for a new ticket (returns 1, or -1 on failure) and for one
  // received (1, or 2 if it should be renewed under the current key, or 0 if its key is gone).
  int Encrypt(unsigned char* key_name, unsigned char* iv, EVP_CIPHER_CTX* cipher, EVP_MAC_CTX* mac);
  int Decrypt(const unsigned char* key_name, const unsigned char* iv, EVP_CIPHER_CTX* cipher,
              EVP_MAC_CTX* mac);

 private:
  struct Key {
    unsigned char name[16];
    unsigned char cipher_key[32];  // AES-256-CBC
    unsigned char mac_key[32];     // HMAC-SHA256
    int64_t created;
  };
  bool Decrypts(const Key& key, int64_t now) const;
  bool Init(const Key& key, const unsigned char* iv, EVP_CIPHER_CTX* cipher, EVP_MAC_CTX* mac,
            bool encrypt) const;

  // At most this many keys are kept (a period of 0 makes a key per ticket): the oldest goes first.
  static constexpr size_t kMaxKeys = 32;

  mutable std::mutex mutex_;
  // Oldest first; the last of the first count_ encrypts. A fixed array, so that no copy of a key is
  // ever left behind in memory a vector gave back: every slot let go is cleansed.
  std::array<Key, kMaxKeys> keys_{};
  size_t count_ = 0;
  int64_t rotate_seconds_ = kDefaultRotateSeconds;
  int64_t session_timeout_seconds_ = 86400;
  std::function<int64_t()> clock_;
  EVP_CIPHER* cipher_ = nullptr;
};

// Connections whose cipher suites are an explicit list (tls_cipher_suites.cc). OpenSSL parses a
// list set with SSL_set_cipher_list anew for every SSL, 125 to 160 us on the 2-core machine, a
// tenth of a full handshake's server CPU; so each distinct list is parsed once, into a template SSL
// of its SSL_CTX, and every connection is made from it with SSL_dup, which copies the parsed list.
// SSL_dup also copies the template's other settings, taken from the SSL_CTX when the template was
// made: the SSL_CTX's options (which ConfigureSessions changes) are copied again from the SSL_CTX,
// and its other settings must not change after the first connection is made. At most kMaxLists
// lists are kept, the least recently used dropped first. Thread-safe.
class CipherSuiteTemplates {
 public:
  static constexpr size_t kMaxLists = 16;

  CipherSuiteTemplates() = default;
  ~CipherSuiteTemplates();
  CipherSuiteTemplates(const CipherSuiteTemplates&) = delete;
  CipherSuiteTemplates& operator=(const CipherSuiteTemplates&) = delete;

  // A new SSL of `ctx` that offers and accepts only `suites` (IANA names, TLS 1.3 and 1.2 alike,
  // in preference order; names OpenSSL does not know are skipped); the caller owns it. Throws
  // carbide::Error: kIllegalArgument if none of `suites` is supported, kOutOfMemory if OpenSSL
  // cannot make the SSL.
  SSL* NewSsl(SSL_CTX* ctx, const std::vector<std::string>& suites);
  // The lists kept now (for tests).
  size_t size() const;

 private:
  struct Template;
  std::shared_ptr<Template> Find(SSL_CTX* ctx, const std::vector<std::string>& suites);

  mutable std::mutex mutex_;
  std::vector<std::shared_ptr<Template>> templates_;  // the least recently used first
};

// What one SSLContext shares between its engines: two SSL_CTXs, one for server engines (with the
// session cache and ticket keys of the server's SSLSessionContext) and one for clients (whose
// sessions go to the Java side's cache, never to OpenSSL's, so a server engine can never resume a
// session that a client engine of the same context made). OpenSSL's own chain verification is
// off in both: trust is Java's, through PeerVerifier.
class Context {
 public:
  Context();
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;
  SSL_CTX* get() const noexcept { return ctx_; }
  SSL_CTX* client() const noexcept { return client_ctx_; }
  // The IANA names of the cipher suites this libssl enables by default, TLS 1.3 first.
  std::vector<std::string> DefaultCipherSuites() const;
  // The names (with their aliases) of the groups this libssl can negotiate in the engine's library
  // context (LibraryContext()): in FIPS mode only those the module provides with fips=yes.
  std::vector<std::string> ImplementedGroups() const;
  // A new SSL for a client or server engine; `cipher_suites` as for Engine's constructor. The
  // caller owns it. Throws carbide::Error as CipherSuiteTemplates::NewSsl.
  SSL* NewSsl(bool client, const std::vector<std::string>& cipher_suites) const;

  // Resumption settings (tls_sessions.cc). The timeouts bound the life of new sessions and tickets
  // of each side (0: no limit, as in JSSE); `cache_size` bounds the server's session
  // cache (0: no limit); `server_tickets` chooses stateless tickets (TLS 1.2 tickets and TLS 1.3
  // tickets carrying the session) or stateful ones (TLS 1.2 session IDs and TLS 1.3 tickets that
  // name a cached session); `client_tickets` whether a client asks for TLS 1.2 tickets.
  void ConfigureSessions(long server_timeout, long client_timeout, long cache_size,
                         bool server_tickets, bool client_tickets);
  // Drops a server session from the cache and marks it not resumable.
  void RemoveServerSession(SSL_SESSION* session) noexcept;
  // How often the server's stateless ticket key changes, in seconds (TicketKeys).
  void SetTicketKeyRotation(long seconds);
  TicketKeys& ticket_keys() noexcept { return ticket_keys_; }

 private:
  // The defaults of SunJSSE's session contexts (tls_sessions.cc).
  void SetUpSessionCaches();
  // A client's certificate from its key manager, on request (tls_client_auth.cc).
  void SetUpClientCertificates();
  // The signature schemes both sides offer and accept (tls_signature_schemes.cc).
  void SetUpSignatureSchemes();
  // A server's certificate from its key manager, once the ClientHello is known (tls_server_key.cc).
  void SetUpServerCertificates();
  // A client's trust decision with the server's stapled OCSP response in reach (tls_status.cc).
  void SetUpStatusRequests();

  SSL_CTX* ctx_;
  SSL_CTX* client_ctx_;
  TicketKeys ticket_keys_;
  mutable CipherSuiteTemplates cipher_suite_templates_;  // a cache: NewSsl stays const
  long server_timeout_ = 0;                              // seconds, as JSSE gives them
  long ticket_rotate_seconds_ = TicketKeys::kDefaultRotateSeconds;
};

// A certificate chain and its private key decoded once (tls_credentials.cc), so that a server
// presenting the same key in every handshake does not pay OpenSSL's PKCS#8 decoding each time.
// The key is checked against the leaf here. Engines take their own references (UseCredentials),
// so the Credentials may be freed while the engines that use them live.
class Credentials {
 public:
  // `chain` is leaf first, DER; throws carbide::Error (kInvalidKey) if a certificate or the key
  // does not parse, or the key does not match the leaf.
  Credentials(const std::vector<Der>& chain, std::span<const uint8_t> pkcs8);
  // The same for a private key OpenSSL cannot hold (no PKCS#8 encoding: an HSM's), which signs
  // through `signer`; its public half is the leaf's. Throws carbide::Error (kInvalidKey) for a
  // chain that does not parse or a key type the external key provider does not serve. Nothing
  // checks that the signer's key matches the leaf: a wrong pair fails the peer's verification.
  Credentials(const std::vector<Der>& chain, const std::shared_ptr<ExternalSigner>& signer);
  ~Credentials();
  Credentials(const Credentials&) = delete;
  Credentials& operator=(const Credentials&) = delete;

 private:
  X509* leaf_ = nullptr;
  STACK_OF(X509) * chain_ = nullptr;  // the certificates after the leaf
  EVP_PKEY* key_ = nullptr;

  friend class Engine;
};

// The settings of one engine, from the Java side's SSLParameters.
struct Settings {
  int min_version = TLS1_2_VERSION;
  int max_version = TLS1_3_VERSION;
  std::string groups;                 // OpenSSL group list, colon-separated
  std::string server_name;            // SNI a client sends; empty for none
  std::vector<std::string> alpn;      // application protocols, in preference order
  bool alpn_selector = false;         // server: PeerVerifier chooses the protocol instead
  int verify_mode = SSL_VERIFY_NONE;  // server: SSL_VERIFY_PEER [| FAIL_IF_NO_PEER_CERT]
  // Client: asks for the server's stapled OCSP response. Server: staples the response
  // PeerVerifier::ServerStatusResponse gives for its leaf when a client asks (tls_status.cc).
  bool status_request = false;
  // When this side's credentials sign outside OpenSSL (an external key, carbide/tls_external_key.h)
  // the handshake pauses once before it can sign (Engine::AwaitsExternalSigner), so that the caller
  // can run the step that signs elsewhere: the JNI bridge's delegated task.
  bool defer_external_signatures = false;
};

// What the handshake settled, for SSLSession.
struct SessionInfo {
  std::string protocol;      // "TLSv1.3", as JSSE names it
  std::string cipher_suite;  // IANA name
  std::string group;         // the key exchange group's name, "X25519MLKEM768" say
  std::string alpn;          // the selected application protocol, empty if none
  std::string server_name;   // the SNI host name (a server's view of the client's), if any
};

class Engine {
 public:
  // `cipher_suites`: the IANA names of the suites this engine offers and accepts, in preference
  // order, or empty for the libssl's defaults (the SSL_CTX's list, parsed once). A list is parsed
  // once per context (CipherSuiteTemplates). Throws carbide::Error (kIllegalArgument) if none of
  // them is supported.
  Engine(const Context& context, bool client, const std::vector<std::string>& cipher_suites = {});
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  void Configure(const Settings& settings);
  // The certificate chain (leaf first) and PKCS#8 private key this side authenticates with.
  void UseKey(const std::vector<Der>& chain, std::span<const uint8_t> pkcs8);
  // The same from credentials decoded earlier; the engine takes its own references.
  void UseCredentials(const Credentials& credentials);

  // Resumption (tls_sessions.cc). A client offers `session` (from TakeNewSession of an earlier
  // engine of the same context) in its ClientHello; the SSL takes its own reference. Call before
  // the first Handshake.
  void OfferSession(SSL_SESSION* session);
  // Whether the completed handshake resumed a session.
  bool SessionReused() const noexcept;
  // A client's newest resumable session (after a TLS 1.2 handshake, or a TLS 1.3 ticket read by
  // Read), or null; the caller owns the reference returned, and the engine forgets it.
  SSL_SESSION* TakeNewSession() noexcept;
  // A new reference to the session the handshake settled, or null; the caller owns it.
  SSL_SESSION* CurrentSession() const noexcept;
  // The signature schemes (TLS code points) the peer accepts in certificates, as SunJSSE reports
  // them: a server's client's signature_algorithms_cert, else its signature_algorithms (from the
  // ClientHello); a client's server's signature_algorithms in its CertificateRequest (none if it
  // asked for no certificate).
  std::vector<uint16_t> PeerSignatureSchemes() const;

  // Network side: records received from the peer go in, records to send come out.
  void FeedRecords(std::span<const uint8_t> records);
  size_t PendingRecords() const noexcept;
  size_t TakeRecords(std::span<uint8_t> out);

  // Advances the handshake as far as the records fed allow; true once it is complete. A fatal
  // error throws carbide::Error carrying OpenSSL's reason (its alert is left in PendingRecords).
  bool Handshake(PeerVerifier& verifier);
  bool HandshakeComplete() const noexcept;
  // Whether the last Handshake call stopped, with Settings::defer_external_signatures, because
  // this side's credentials (just chosen by the certificate callback) sign outside OpenSSL: nothing
  // was signed yet, and the next Handshake call goes on from there (and may sign, or wait for
  // records first: a TLS 1.3 client signs only after the server's Finished).
  bool AwaitsExternalSigner() const noexcept { return pause_ == Pause::kExternalSigner; }
  // Whether the last Handshake call of a stapling server stopped because its PeerVerifier has no
  // OCSP response at hand (ServerStatusResponse gave nullopt): nothing was written yet; the caller
  // fetches the response, hands it to StapleResponse (or not, for none), and calls Handshake again.
  bool AwaitsStatusResponse() const noexcept { return pause_ == Pause::kStatusResponse; }
  // The OCSP response (DER) a server staples for its leaf in this handshake, replacing any given
  // before; empty for none. OpenSSL sends it in TLS 1.3's Certificate message or TLS 1.2's
  // CertificateStatus, if the client asked for one.
  void StapleResponse(std::span<const uint8_t> response);
  // Decrypts application data into `out`. Returns the bytes produced, 0 if a record is needed, or
  // -1 once the peer's close_notify arrived.
  long Read(std::span<uint8_t> out, PeerVerifier& verifier);
  // Encrypts `data` (at most 16 KiB) into records.
  void Write(std::span<const uint8_t> data);
  // Read and Write for the record path once the handshake is complete, with the caller's buffers
  // lent to OpenSSL for the call instead of copied through the network queues (record_bio.h).
  // OpenRecord is FeedRecords(records) then Read(out); SealRecord is Write(data) then
  // TakeRecords(out), and returns the bytes of records now in `out`.
  long OpenRecord(std::span<const uint8_t> records, std::span<uint8_t> out, PeerVerifier& verifier);
  size_t SealRecord(std::span<const uint8_t> data, std::span<uint8_t> out);
  // Queues close_notify.
  void Shutdown();

  SessionInfo Session() const;
  std::vector<Der> PeerChain() const;
  // The OCSP response the server stapled for its certificate (DER), empty if none. A client that
  // asked for one (Settings::status_request) has it when its PeerVerifier is asked about the chain.
  Der StapledResponse() const;

 private:
  // A TLS 1.2 client's chain, kept until the server's CertificateStatus (tls_status.cc).
  struct DeferredPeer {
    std::vector<Der> chain;
    std::string cipher_suite;
  };
  bool DefersVerificationToStatus() const noexcept;
  // A stapling server's certificate callback, once its credentials are chosen: staples the
  // PeerVerifier's response, or returns true (pausing) if it has none at hand (tls_status.cc).
  bool PausesForStatusResponse();
  // Why the certificate callback paused the handshake (SSL_ERROR_WANT_X509_LOOKUP).
  enum class Pause { kNone, kExternalSigner, kStatusResponse };

  SSL* ssl_;
  RecordBio* network_in_ = nullptr;   // owned by its BIO, which ssl_ owns
  RecordBio* network_out_ = nullptr;  // owned by its BIO, which ssl_ owns
  std::vector<uint8_t> alpn_wire_;    // the server's preference list, ALPN wire format
  bool alpn_selector_ = false;        // see Settings::alpn_selector
  PeerVerifier* verifier_ = nullptr;
  SSL_SESSION* new_session_ = nullptr;              // owned; see TakeNewSession
  std::vector<uint16_t> peer_certificate_schemes_;  // a server's client's signature_algorithms_cert
  bool defer_external_signatures_ = false;          // see Settings::defer_external_signatures
  bool staples_status_ = false;                     // a server's Settings::status_request
  Pause pause_ = Pause::kNone;  // see AwaitsExternalSigner, AwaitsStatusResponse

  // The certificate callbacks' pause (tls_credentials.cc). ResumesAfterPause: whether this call of
  // the callback continues a paused handshake, for either reason (the credentials and any stapled
  // response are in place: answer 1 at once; a server then signs in this same call).
  // PauseForExternalSigner: the callback's answer once credentials are in place, -1 (pause) the
  // first time if they sign outside OpenSSL and the engine defers that, else 1.
  bool ResumesAfterPause() noexcept;
  int PauseForExternalSigner() noexcept;
  std::optional<DeferredPeer> deferred_peer_;

  friend int KeepClientSession(SSL* ssl, SSL_SESSION* session);
  friend int ChooseClientCertificate(SSL* ssl, void* arg);
  friend int ChooseServerCertificate(SSL* ssl, void* arg);
  friend int NoteClientHello(SSL* ssl, int* alert, void* arg);
  friend int VerifyPeer(X509_STORE_CTX* store, void* arg);
  friend int VerifyPeerWithStatus(SSL* ssl, void* arg);
  friend int SelectAlpn(SSL* ssl, const unsigned char** out, unsigned char* out_len,
                        const unsigned char* in, unsigned int in_len, void* arg);
};

// The signature schemes (TLS code points) every engine offers and accepts, in preference order: a
// client's signature_algorithms, a server's CertificateRequest. `tls13_only`: the list a client
// limited to TLS 1.3 sends, without the schemes only TLS 1.2 allows (DSA, SHA-224). In FIPS mode
// (FipsEnabled) without DSA, which FIPS 186-5 no longer approves.
std::vector<uint16_t> LocalSignatureSchemes(bool tls13_only);

// The session's ID (empty if it has none): a TLS 1.2 session ID, or for TLS 1.3 the ID OpenSSL
// gives each ticket.
Der SessionId(const SSL_SESSION* session);

}  // namespace carbide::tls
