// Session resumption. A server resumes through OpenSSL's own machinery: its SSL_CTX holds the
// session cache (TLS 1.2 session IDs, TLS 1.3 stateful tickets) and, through the ticket key
// callback, the context's rotating ticket keys (tls_ticket_keys.cc), made at random per SSLContext,
// so a ticket is only ever accepted by the SSLContext that issued it. A client's sessions are kept
// by the Java side (SessionStore, keyed by host and port as SunJSSE's client cache is): OpenSSL
// hands each new one to KeepClientSession, the Java side takes it with TakeNewSession and offers it
// to a later engine with OfferSession.
#include <openssl/ssl.h>

#include <algorithm>
#include <climits>

#include "carbide/error.h"
#include "carbide/tls.h"

namespace carbide::tls {

namespace {

// SunJSSE's defaults (SSLSessionContextImpl): a day, 20480 sessions.
constexpr long kDefaultTimeoutSeconds = 86400;
constexpr long kDefaultCacheSize = 20480;
// JSSE's timeout 0 means "no limit"; OpenSSL's would mean "expired at once". Twenty years stands
// in for no limit (OpenSSL caps a TLS 1.3 ticket's advertised lifetime at a week anyway).
constexpr long kNoLimitSeconds = 20L * 366 * 86400;

// Ties a server's cached sessions to Carbide's engines; any constant serves, since each SSLContext
// has its own SSL_CTX. OpenSSL refuses to resume a session without one when it verifies clients.
constexpr unsigned char kSessionIdContext[] = "carbide-tls";

long OpensslTimeout(long seconds) {
  return seconds == 0 ? kNoLimitSeconds : std::min(seconds, kNoLimitSeconds);
}

}  // namespace

// The new-session callback of the client SSL_CTX: the engine keeps the newest session until the
// Java side takes it. Returning 1 keeps OpenSSL's reference for us.
int KeepClientSession(SSL* ssl, SSL_SESSION* session) {
  auto* engine = static_cast<Engine*>(SSL_get_app_data(ssl));
  if (engine == nullptr) {
    return 0;
  }
  SSL_SESSION_free(engine->new_session_);
  engine->new_session_ = session;
  return 1;
}

void Context::SetUpSessionCaches() {
  CheckOpenssl(SSL_CTX_set_session_id_context(ctx_, kSessionIdContext,
                                              static_cast<unsigned int>(sizeof(kSessionIdContext))),
               "cannot set the session ID context");
  SSL_CTX_set_session_cache_mode(ctx_, SSL_SESS_CACHE_SERVER);
  // One TLS 1.3 ticket per handshake, as SunJSSE sends: each costs the server a session copy and
  // an encryption, and a Java client resumes one connection per ticket it has anyway.
  SSL_CTX_set_num_tickets(ctx_, 1);
  // The client's sessions reach the Java side only, through KeepClientSession.
  SSL_CTX_set_session_cache_mode(client_ctx_,
                                 SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE);
  SSL_CTX_sess_set_new_cb(client_ctx_, KeepClientSession);
  ticket_keys_.Attach(ctx_);
  ConfigureSessions(kDefaultTimeoutSeconds, kDefaultTimeoutSeconds, kDefaultCacheSize, true, true);
}

void Context::ConfigureSessions(long server_timeout, long client_timeout, long cache_size,
                                bool server_tickets, bool client_tickets) {
  if (server_timeout < 0 || client_timeout < 0 || cache_size < 0) {
    throw Error(ErrorKind::kIllegalArgument, "a negative session timeout or cache size");
  }
  SSL_CTX_set_timeout(ctx_, OpensslTimeout(server_timeout));
  server_timeout_ = server_timeout;
  ticket_keys_.Configure(ticket_rotate_seconds_, server_timeout_);
  SSL_CTX_set_timeout(client_ctx_, OpensslTimeout(client_timeout));
  SSL_CTX_sess_set_cache_size(ctx_, cache_size);
  if (server_tickets) {
    SSL_CTX_clear_options(ctx_, SSL_OP_NO_TICKET);
  } else {
    SSL_CTX_set_options(ctx_, SSL_OP_NO_TICKET);
  }
  if (client_tickets) {
    SSL_CTX_clear_options(client_ctx_, SSL_OP_NO_TICKET);
  } else {
    SSL_CTX_set_options(client_ctx_, SSL_OP_NO_TICKET);
  }
}

void Context::SetTicketKeyRotation(long seconds) {
  ticket_keys_.Configure(seconds, server_timeout_);
  ticket_rotate_seconds_ = seconds;
}

void Context::RemoveServerSession(SSL_SESSION* session) noexcept {
  if (session != nullptr) {
    // Returns 0 for a session no longer cached; it is marked not resumable either way.
    static_cast<void>(SSL_CTX_remove_session(ctx_, session));
  }
}

void Engine::OfferSession(SSL_SESSION* session) {
  if (session == nullptr || SSL_is_server(ssl_) != 0) {
    throw Error(ErrorKind::kIllegalArgument, "only a client offers a session");
  }
  CheckOpenssl(SSL_set_session(ssl_, session), "cannot offer the session");
}

bool Engine::SessionReused() const noexcept { return SSL_session_reused(ssl_) == 1; }

SSL_SESSION* Engine::TakeNewSession() noexcept {
  SSL_SESSION* session = new_session_;
  new_session_ = nullptr;
  return session;
}

SSL_SESSION* Engine::CurrentSession() const noexcept { return SSL_get1_session(ssl_); }

Der SessionId(const SSL_SESSION* session) {
  unsigned int length = 0;
  const unsigned char* id = SSL_SESSION_get_id(session, &length);
  return id == nullptr ? Der() : Der(id, id + length);
}

}  // namespace carbide::tls
