package dev.carbide.ssl;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URISyntaxException;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server's OCSP responses for its own certificates, fetched and cached as SunJSSE's {@code
 * StatusResponseManager} does when {@code jdk.tls.server.enableStatusRequestExtension=true}
 * (docs/tls.md, "OCSP stapling, server side"): from the responder named in the leaf's authority
 * information access, or {@code jdk.tls.stapling.responderURI} (for leaves naming none, or for all
 * with {@code jdk.tls.stapling.responderOverride=true}); none for a leaf with the {@code
 * id-pkix-ocsp-nocheck} extension or without its issuer in the chain. A response is kept for {@code
 * jdk.tls.stapling.cacheLifetime} seconds (3600; 0: until its nextUpdate, and not at all without
 * one) or until its nextUpdate, whichever comes first, in a cache of {@code
 * jdk.tls.stapling.cacheSize} leaves (256; 0: no limit), least recently used out. Only a successful
 * response whose leaf status is good is stapled; a revoked or unknown one is cached as nothing to
 * staple. A handshake waits for a fetch at most {@code jdk.tls.stapling.responseTimeout}
 * milliseconds (5000), then goes on without a staple; the fetch goes on in the background and
 * serves later handshakes. Concurrent handshakes share one fetch per leaf. One per context, made by
 * its first stapled handshake, which reads the properties (the timeout at each wait), as SunJSSE
 * makes and reads its own.
 */
final class OcspStapler {
  /** Nothing to staple. */
  static final byte[] NONE = new byte[0];

  private static final String NO_CHECK_OID = "1.3.6.1.5.5.7.48.1.5"; // id-pkix-ocsp-nocheck
  private static final int DEFAULT_CACHE_SIZE = 256;
  private static final int DEFAULT_CACHE_LIFETIME_SECONDS = 3600;
  private static final long DEFAULT_TIMEOUT_MILLIS = 5000;
  // Each HTTP step of a fetch (the JDK's OCSP client's default, com.sun.security.ocsp.timeout);
  // handshakes wait only the response timeout.
  private static final int HTTP_TIMEOUT_MILLIS = 15_000;
  // A response is a few KiB; more is not an OCSP response worth stapling.
  private static final int MAX_RESPONSE_BYTES = 64 * 1024;
  // Far enough ahead for a cache entry never to expire, near enough for nanoTime not to overflow.
  private static final long FOREVER = Long.MAX_VALUE / 4;

  // Fetches run here, so that a handshake's wait is bounded however slow the responder is (the
  // JDK's HTTP client cannot be interrupted). Daemon threads, gone after 5 s idle, as SunJSSE's.
  private static final ThreadPoolExecutor FETCHERS = fetchers();

  /** A cached answer: the bytes to staple (or NONE), until {@code expiresAt} (System.nanoTime). */
  private record Answer(byte[] staple, long expiresAt, boolean cacheable) {
    static final Answer NOTHING = new Answer(NONE, 0, false);

    boolean fresh(long now) {
      return expiresAt - now > 0;
    }
  }

  private final int cacheSize;
  private final long lifetimeNanos; // 0: none
  private final URI defaultResponder;
  private final boolean responderOverride;
  private final Map<X509Certificate, Answer> cache;
  private final Map<X509Certificate, CompletableFuture<Answer>> fetching =
      new ConcurrentHashMap<>();
  private final AtomicInteger fetches = new AtomicInteger(); // responders asked, for the tests

  OcspStapler() {
    int size = Integer.getInteger("jdk.tls.stapling.cacheSize", DEFAULT_CACHE_SIZE);
    cacheSize = Math.max(size, 0);
    int lifetime =
        Integer.getInteger("jdk.tls.stapling.cacheLifetime", DEFAULT_CACHE_LIFETIME_SECONDS);
    lifetimeNanos = TimeUnit.SECONDS.toNanos(Math.max(lifetime, 0));
    defaultResponder = uri(System.getProperty("jdk.tls.stapling.responderURI"));
    responderOverride = Boolean.getBoolean("jdk.tls.stapling.responderOverride");
    cache =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<X509Certificate, Answer> eldest) {
            return cacheSize > 0 && size() > cacheSize;
          }
        };
  }

  /**
   * The response to staple for {@code chain}'s leaf if the cache has it, {@link #NONE} if there is
   * nothing to staple, or null if it must be fetched ({@link #fetch}). Never blocks on the network.
   */
  byte[] cached(X509Certificate[] chain) {
    if (chain.length < 2) {
      return NONE; // no issuer to name the leaf by, as SunJSSE
    }
    Answer entry = lookUp(chain[0]);
    return entry != null ? entry.staple : null;
  }

  /**
   * The response to staple for {@code chain}'s leaf, fetched unless another handshake is fetching
   * it already, waiting at most the response timeout; {@link #NONE} if there is none by then.
   */
  byte[] fetch(X509Certificate[] chain) {
    if (chain.length < 2) {
      return NONE;
    }
    X509Certificate leaf = chain[0];
    Answer entry = lookUp(leaf); // another handshake's fetch may have ended meanwhile
    if (entry != null) {
      return entry.staple;
    }
    CompletableFuture<Answer> mine = new CompletableFuture<>();
    CompletableFuture<Answer> running = fetching.putIfAbsent(leaf, mine);
    if (running == null) {
      running = mine;
      FETCHERS.execute(() -> load(chain, mine));
    }
    long timeout = Long.getLong("jdk.tls.stapling.responseTimeout", DEFAULT_TIMEOUT_MILLIS);
    try {
      return running.get(timeout >= 0 ? timeout : DEFAULT_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
          .staple;
    } catch (TimeoutException | ExecutionException e) {
      return NONE;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return NONE;
    }
  }

  /** How many times a responder was asked (for the tests). */
  int fetches() {
    return fetches.get();
  }

  private Answer lookUp(X509Certificate leaf) {
    synchronized (cache) {
      Answer entry = cache.get(leaf);
      if (entry != null && !entry.fresh(System.nanoTime())) {
        cache.remove(leaf);
        return null;
      }
      return entry;
    }
  }

  // On a fetcher thread: asks the responder, caches what it said (before the handshakes waiting
  // for it see it gone from `fetching`), and hands it to them.
  private void load(X509Certificate[] chain, CompletableFuture<Answer> result) {
    X509Certificate leaf = chain[0];
    Answer entry = Answer.NOTHING;
    try {
      entry = ask(chain);
      if (entry.cacheable) {
        synchronized (cache) {
          cache.put(leaf, entry);
        }
      }
    } catch (IOException | RuntimeException | CertificateEncodingException e) {
      // No staple this time; the next handshake asks again, as SunJSSE's does.
    } finally {
      fetching.remove(leaf, result);
      result.complete(entry);
    }
  }

  private Answer ask(X509Certificate[] chain) throws IOException, CertificateEncodingException {
    X509Certificate leaf = chain[0];
    byte[] leafDer = leaf.getEncoded();
    URI responder = responder(leaf, leafDer);
    if (responder == null) {
      return new Answer(NONE, System.nanoTime() + FOREVER, true); // nothing to fetch, ever
    }
    byte[] issuerDer = chain[1].getEncoded();
    fetches.incrementAndGet();
    byte[] response = post(responder, OcspNative.request(leafDer, issuerDer));
    long[] verdict = OcspNative.inspect(response, leafDer, issuerDer);
    if (verdict[0] == OcspNative.STATUS_UNUSABLE) {
      return Answer.NOTHING; // not cached, as SunJSSE caches only successful responses
    }
    byte[] staple = verdict[0] == OcspNative.STATUS_GOOD ? response : NONE;
    // Until nextUpdate or for the cache lifetime, whichever ends first; with neither, not kept.
    long keep = lifetimeNanos;
    if (verdict[1] >= 0) {
      long untilNextUpdate = TimeUnit.SECONDS.toNanos(verdict[1]);
      keep = lifetimeNanos == 0 ? untilNextUpdate : Math.min(lifetimeNanos, untilNextUpdate);
    }
    return new Answer(staple, System.nanoTime() + keep, keep > 0);
  }

  // SunJSSE's choice: none for a certificate that needs no check, the override if asked for, else
  // the certificate's own responder, else the default one.
  private URI responder(X509Certificate leaf, byte[] leafDer) {
    if (leaf.getExtensionValue(NO_CHECK_OID) != null) {
      return null;
    }
    if (defaultResponder != null && responderOverride) {
      return defaultResponder;
    }
    URI own = uri(OcspNative.responderUri(leafDer));
    return own != null ? own : defaultResponder;
  }

  private static URI uri(String value) {
    try {
      return value == null || value.isEmpty() ? null : new URI(value);
    } catch (URISyntaxException e) {
      return null;
    }
  }

  private static byte[] post(URI responder, byte[] request) throws IOException {
    HttpURLConnection connection;
    try {
      connection = (HttpURLConnection) responder.toURL().openConnection();
    } catch (IllegalArgumentException | ClassCastException e) {
      throw new IOException("not an HTTP responder: " + responder, e);
    }
    try {
      connection.setConnectTimeout(HTTP_TIMEOUT_MILLIS);
      connection.setReadTimeout(HTTP_TIMEOUT_MILLIS);
      connection.setDoOutput(true);
      connection.setRequestMethod("POST");
      connection.setRequestProperty("Content-Type", "application/ocsp-request");
      connection.setFixedLengthStreamingMode(request.length);
      try (OutputStream out = connection.getOutputStream()) {
        out.write(request);
      }
      int code = connection.getResponseCode();
      if (code != HttpURLConnection.HTTP_OK) {
        throw new IOException("the OCSP responder answered HTTP " + code);
      }
      try (InputStream in = connection.getInputStream()) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] chunk = new byte[4096];
        for (int n; (n = in.read(chunk)) > 0; ) {
          body.write(chunk, 0, n);
          if (body.size() > MAX_RESPONSE_BYTES) {
            throw new IOException("the OCSP response is larger than " + MAX_RESPONSE_BYTES);
          }
        }
        return body.toByteArray();
      }
    } finally {
      connection.disconnect();
    }
  }

  private static ThreadPoolExecutor fetchers() {
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            8,
            8,
            5,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            task -> {
              Thread thread = new Thread(task, "carbide-ocsp-stapling");
              thread.setDaemon(true);
              return thread;
            });
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }
}
