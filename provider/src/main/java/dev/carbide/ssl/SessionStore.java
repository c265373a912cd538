package dev.carbide.ssl;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSessionContext;

/**
 * One side's SSLSessionContext of a Carbide SSLContext, with SunJSSE's defaults and properties: a
 * timeout of 86400 s (0: no limit), a cache of {@code javax.net.ssl.sessionCacheSize} or 20480
 * sessions (0: no limit), stateless tickets unless {@code
 * jdk.tls.server.enableSessionTicketExtension} (or, for a client's TLS 1.2 tickets, {@code
 * jdk.tls.client.enableSessionTicketExtension}) is "false".
 *
 * <p>A client's store is the cache that resumption uses: sessions by ID and by peer host and port,
 * each holding the SSL_SESSION that a later engine for the same peer offers (as SunJSSE's client
 * cache works with {@code createSSLEngine(host, port)}). A server resumes through OpenSSL's own
 * cache and tickets (tls_sessions.cc), whose timeout and size this store sets. With stateless
 * tickets (the default) a server keeps nothing, as SunJSSE's does not; with stateful ones its store
 * lists the sessions its engines settled, each holding its SSL_SESSION, so that {@code getIds},
 * {@code getSession} and {@code invalidate} (which drops it from OpenSSL's cache) work as in
 * SunJSSE.
 */
final class SessionStore implements SSLSessionContext {
  static final int DEFAULT_TIMEOUT = 86400;
  static final int DEFAULT_CACHE_SIZE = 20480;
  static final int STATELESS_KEY_SECONDS = 3600;

  private final CarbideSslContext context;
  private final boolean client;
  private final boolean tickets;
  // Least recently used first.
  private final Map<ByteBuffer, CarbideSslSession> byId = new LinkedHashMap<>(16, 0.75f, true);
  private final Map<String, CarbideSslSession> byPeer = new HashMap<>();
  private int timeout = DEFAULT_TIMEOUT;
  private int cacheSize = defaultCacheSize();

  SessionStore(CarbideSslContext context, boolean client) {
    this.context = context;
    this.client = client;
    this.tickets = ticketsEnabled(client);
  }

  /** Stateless tickets for a server, TLS 1.2 tickets asked for by a client: read at creation. */
  boolean tickets() {
    return tickets;
  }

  private static boolean ticketsEnabled(boolean client) {
    String name =
        client
            ? "jdk.tls.client.enableSessionTicketExtension"
            : "jdk.tls.server.enableSessionTicketExtension";
    return !"false".equalsIgnoreCase(System.getProperty(name, "true"));
  }

  /**
   * SunJSSE's {@code jdk.tls.server.statelessKeyTimeout}: how long, in seconds, a stateless ticket
   * key encrypts before a new one replaces it (3600; 0 to 604800, else the default, as there).
   */
  static int statelessKeySeconds() {
    String value = System.getProperty("jdk.tls.server.statelessKeyTimeout");
    try {
      int seconds = value == null ? STATELESS_KEY_SECONDS : Integer.parseInt(value.trim());
      return seconds < 0 || seconds > 604800 ? STATELESS_KEY_SECONDS : seconds;
    } catch (NumberFormatException e) {
      return STATELESS_KEY_SECONDS;
    }
  }

  private static int defaultCacheSize() {
    Integer size = Integer.getInteger("javax.net.ssl.sessionCacheSize", DEFAULT_CACHE_SIZE);
    return size >= 0 ? size : DEFAULT_CACHE_SIZE;
  }

  @Override
  public synchronized SSLSession getSession(byte[] sessionId) {
    if (sessionId == null) {
      throw new NullPointerException("session id cannot be null");
    }
    CarbideSslSession session = byId.get(ByteBuffer.wrap(sessionId.clone()));
    if (session == null || expired(session)) {
      return null;
    }
    return session;
  }

  @Override
  public synchronized Enumeration<byte[]> getIds() {
    List<byte[]> ids = new ArrayList<>();
    for (Iterator<CarbideSslSession> it = byId.values().iterator(); it.hasNext(); ) {
      CarbideSslSession session = it.next();
      if (timedOut(session)) {
        it.remove();
        forgetPeer(session);
      } else {
        ids.add(session.getId());
      }
    }
    return Collections.enumeration(ids);
  }

  @Override
  public void setSessionTimeout(int seconds) {
    if (seconds < 0) {
      throw new IllegalArgumentException();
    }
    synchronized (this) {
      timeout = seconds;
    }
    context.configureSessions();
  }

  @Override
  public synchronized int getSessionTimeout() {
    return timeout;
  }

  @Override
  public void setSessionCacheSize(int size) {
    if (size < 0) {
      throw new IllegalArgumentException();
    }
    synchronized (this) {
      cacheSize = size;
      trim();
    }
    context.configureSessions();
  }

  @Override
  public synchronized int getSessionCacheSize() {
    return cacheSize;
  }

  /**
   * A client engine for {@code host}:{@code port} offers the session cached for that peer, if one
   * is valid; returns it, or null.
   */
  CarbideSslSession offer(long engine, String host, int port) {
    if (!client || host == null) {
      return null;
    }
    CarbideSslSession session;
    synchronized (this) {
      session = byPeer.get(peer(host, port));
      if (session == null || expired(session)) {
        return null;
      }
    }
    return session.offerTo(engine) ? session : null;
  }

  /**
   * Records what a completed handshake settled: whether it resumed {@code offered} (a client's) or
   * a cached session (a server's), and the new session to keep, if any.
   */
  void settled(CarbideSslSession session, long engine, CarbideSslSession offered) {
    session.store(this);
    boolean reused = SessionNative.sessionReused(engine);
    session.resumed(reused);
    if (client) {
      if (reused && offered != null) {
        session.adopt(offered);
      }
      ticketArrived(session, engine); // a TLS 1.2 session is ready now; TLS 1.3 tickets come later
      return;
    }
    long current = SessionNative.currentSession(engine);
    if (current == 0) {
      return;
    }
    if (tickets) {
      session.id(current); // the session lives in the client's ticket: nothing to keep here
      return;
    }
    session.holdNative(current);
    if (reused) {
      CarbideSslSession earlier;
      synchronized (this) {
        earlier = byId.get(ByteBuffer.wrap(session.getId()));
      }
      if (earlier != null) {
        session.adopt(earlier);
      }
    }
    keep(session);
  }

  /** A client's engine may have received a new session (a TLS 1.3 ticket): keep it for its peer. */
  void ticketArrived(CarbideSslSession session, long engine) {
    long handle = SessionNative.takeNewSession(engine);
    if (handle != 0) {
      session.holdNative(handle);
      keep(session);
    }
  }

  private void keep(CarbideSslSession session) {
    byte[] id = session.getId();
    if (id.length == 0 || !session.isValid()) {
      return;
    }
    synchronized (this) {
      byId.put(ByteBuffer.wrap(id), session);
      if (client && session.getPeerHost() != null) {
        CarbideSslSession previous =
            byPeer.put(peer(session.getPeerHost(), session.getPeerPort()), session);
        if (previous != null && previous != session) {
          byId.remove(ByteBuffer.wrap(previous.getId()), previous); // superseded for this peer
        }
      }
      trim();
    }
  }

  /**
   * Drops an invalidated session, so that nobody resumes it: whichever object holds its ID (an
   * engine that resumed a session has its own object with the same ID).
   */
  void remove(CarbideSslSession session) {
    byte[] id = session.getId();
    synchronized (this) {
      CarbideSslSession cached = byId.remove(ByteBuffer.wrap(id));
      for (CarbideSslSession held : new CarbideSslSession[] {session, cached}) {
        if (held != null && client && held.getPeerHost() != null) {
          String peer = peer(held.getPeerHost(), held.getPeerPort());
          CarbideSslSession mapped = byPeer.get(peer);
          if (mapped != null && Arrays.equals(mapped.getId(), id)) {
            byPeer.remove(peer);
          }
        }
      }
    }
    if (!client) {
      session.removeFromServerCache(context.handle());
    }
  }

  // Caller holds the lock.
  private boolean expired(CarbideSslSession session) {
    if (session.isValid() && !timedOut(session)) {
      return false;
    }
    byId.remove(ByteBuffer.wrap(session.getId()), session);
    forgetPeer(session);
    return true;
  }

  private boolean timedOut(CarbideSslSession session) {
    return timeout != 0
        && session.getCreationTime() + timeout * 1000L <= System.currentTimeMillis();
  }

  // Caller holds the lock.
  private void forgetPeer(CarbideSslSession session) {
    if (client && session.getPeerHost() != null) {
      byPeer.remove(peer(session.getPeerHost(), session.getPeerPort()), session);
    }
  }

  // Caller holds the lock. The least recently used go first.
  private void trim() {
    for (Iterator<CarbideSslSession> it = byId.values().iterator();
        cacheSize != 0 && byId.size() > cacheSize; ) {
      CarbideSslSession session = it.next();
      it.remove();
      forgetPeer(session);
    }
  }

  private static String peer(String host, int port) {
    return host.toLowerCase(java.util.Locale.ROOT) + ":" + port;
  }
}
