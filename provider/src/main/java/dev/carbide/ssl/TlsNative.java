package dev.carbide.ssl;

import dev.carbide.internal.FipsMode;
import dev.carbide.internal.NativeCore;
import dev.carbide.internal.NativeLibrary;
import java.nio.ByteBuffer;
import java.util.List;
import javax.net.ssl.SSLException;

/**
 * The natives of the TLS engine (native/jni/tls), in libcarbide-ssl.so. That library and the
 * bundled libssl it links are loaded here, on the first SSLContext, not with the provider: JCA
 * users of Carbide never map libssl.
 */
final class TlsNative {
  private static final Throwable LOAD_ERROR = load();

  private TlsNative() {}

  /** Throws IllegalStateException (with the reason) unless the TLS engine is loaded. */
  static void ensureLoaded() {
    if (LOAD_ERROR != null) {
      throw new IllegalStateException(
          "Carbide's native TLS engine is not available: " + LOAD_ERROR, LOAD_ERROR);
    }
  }

  private static Throwable load() {
    try {
      NativeLibrary.ensureLoaded();
      NativeLibrary.loadBesideLibcrypto(List.of("libssl-carbide.so.3", "libcarbide-ssl.so"));
      if (FipsMode.enabled()) {
        useLibraryContext(NativeCore.libraryContext());
      }
      return null;
    } catch (Throwable t) {
      return t;
    }
  }

  /**
   * Makes {@code context} (NativeCore.libraryContext: Carbide's FIPS library context) the one this
   * library's SSL_CTXs and key decoding use. This library links its own copy of the engine's core,
   * whose context would otherwise be OpenSSL's default one.
   */
  private static native void useLibraryContext(long context);

  static native long newContext();

  /**
   * The named groups (OpenSSL's names) that the context's libssl can negotiate in its library
   * context: in FIPS mode, those whose every part the module approves.
   */
  static native String[] implementedGroups(long context);

  static native void freeContext(long context);

  static native String[] defaultCipherSuites(long context);

  /**
   * A new native engine that offers and accepts {@code cipherSuites} (IANA names, parsed once per
   * distinct list and context), or the context's defaults for null. Throws IllegalArgumentException
   * if none of them is supported.
   */
  static native long newEngine(long context, boolean client, String[] cipherSuites);

  static native void freeEngine(long engine);

  /**
   * The engine's settings before its handshake; {@code statusRequest}: a client asks for the
   * server's stapled OCSP response, a server staples its own ({@link
   * PeerTrust#serverStatusResponse}).
   */
  static native void configure(
      long engine,
      int minVersion,
      int maxVersion,
      String groups,
      String serverName,
      String[] applicationProtocols,
      boolean applicationProtocolSelector,
      int verifyMode,
      boolean statusRequest);

  // The record calls work on the caller's memory without an intermediate copy (RecordBuffers):
  // {@code len} bytes at {@code off} of {@code direct}, a direct buffer (off is its position), when
  // it is not null, else of {@code array}, which is pinned for the call.

  /** Buffers records received from the peer. */
  static native void feed(long engine, byte[] array, ByteBuffer direct, int off, int len)
      throws SSLException;

  /** The bytes of records waiting to be sent. */
  static native int pending(long engine);

  /**
   * Moves up to {@code len} bytes of records to send into the caller's memory; returns how many.
   */
  static native int take(long engine, byte[] array, ByteBuffer direct, int off, int len);

  /**
   * Advances the handshake as far as the records fed allow: {@link #HANDSHAKE_COMPLETE}, {@link
   * #HANDSHAKE_AWAITS_SIGNER} (stopped before a key only Java can use signs; the next call goes
   * on), {@link #HANDSHAKE_AWAITS_STATUS} (a stapling server stopped for its OCSP response, which
   * {@link #stapleResponse} hands over before the next call) or {@link #HANDSHAKE_IN_PROGRESS}.
   * Throws SSLException on a fatal error.
   */
  static native int handshake(long engine, PeerTrust trust) throws SSLException;

  static final int HANDSHAKE_IN_PROGRESS = 0;
  static final int HANDSHAKE_COMPLETE = 1;
  static final int HANDSHAKE_AWAITS_SIGNER = 2;
  static final int HANDSHAKE_AWAITS_STATUS = 3;

  static native boolean handshakeComplete(long engine);

  /**
   * Decrypts into the caller's memory, once the handshake is complete: the bytes produced, 0 if a
   * record is needed, -1 on close_notify.
   */
  static native int read(long engine, byte[] array, ByteBuffer direct, int off, int len)
      throws SSLException;

  /** Encrypts at most 16 KiB of application data into records, once the handshake is complete. */
  static native void write(long engine, byte[] array, ByteBuffer direct, int off, int len)
      throws SSLException;

  /**
   * {@link #feed} of one whole record and {@link #read} into the destination in one call, with the
   * record read where it lies rather than copied into the engine's queue first. Once the handshake
   * is complete; the destination has room for the record's plaintext.
   */
  static native int open(
      long engine,
      byte[] srcArray,
      ByteBuffer srcDirect,
      int srcOff,
      int srcLen,
      byte[] dstArray,
      ByteBuffer dstDirect,
      int dstOff,
      int dstLen)
      throws SSLException;

  /**
   * {@link #write} and {@link #take} in one call, with the record written straight into the
   * destination when it has room: returns the bytes of records placed there (any that did not fit
   * stay {@link #pending}). Once the handshake is complete.
   */
  static native int seal(
      long engine,
      byte[] srcArray,
      ByteBuffer srcDirect,
      int srcOff,
      int srcLen,
      byte[] dstArray,
      ByteBuffer dstDirect,
      int dstOff,
      int dstLen)
      throws SSLException;

  /**
   * Raises what the calling thread's last failed critical record call ({@link TlsCalls}) parked:
   * the SSLException {@link #open} or {@link #seal} would have thrown. Always throws.
   */
  static native void throwDeferred() throws SSLException;

  /** Queues close_notify. */
  static native void shutdown(long engine);

  /** {protocol, cipher suite, named group, ALPN protocol, SNI host name}, empty where none. */
  static native String[] session(long engine);

  static native byte[][] peerChain(long engine);

  /**
   * The OCSP response the server stapled (DER), or null if none: a client that asked for one has it
   * when its trust manager is asked about the server's chain.
   */
  static native byte[] stapledResponse(long engine);

  /** A stapling server's OCSP response (DER) for its leaf in this handshake; null for none. */
  static native void stapleResponse(long engine, byte[] response);

  // SSL_VERIFY_* of OpenSSL's ssl.h.
  static final int VERIFY_NONE = 0;
  static final int VERIFY_PEER = 1;
  static final int VERIFY_FAIL_IF_NO_PEER_CERT = 2;
  // The protocol versions of ssl.h.
  static final int TLS1_2_VERSION = 0x0303;
  static final int TLS1_3_VERSION = 0x0304;
}
