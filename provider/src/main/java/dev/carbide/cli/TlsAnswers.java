package dev.carbide.cli;

import dev.carbide.internal.FipsMode;
import java.nio.ByteBuffer;
import java.security.KeyManagementException;
import java.security.Provider;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509TrustManager;

/**
 * Checks for the native TLS engine's SSLContext services: a client engine's first flight must be
 * one handshake record holding a ClientHello (RFC 8446, 4.1.2) with the protocol the context
 * promises, and for TLS 1.3 a key share of the hybrid offered first: X25519MLKEM768 (group 0x11EC,
 * 1216 bytes), or in FIPS mode SecP256r1MLKEM768 (0x11EB, 1249 bytes). A whole handshake needs a
 * certificate, which the provider does not carry; the tests run those
 * (dev.carbide.ssl.NativeEngineTest).
 */
final class TlsAnswers {
  private TlsAnswers() {}

  private static final String SOURCE = "RFC 8446 ClientHello structure";

  static void addTo(KnownAnswers table) {
    table.add("SSLContext", "TLS", SOURCE, provider -> clientHello(provider, "TLS", true));
    table.add("SSLContext", "TLSv1.3", SOURCE, provider -> clientHello(provider, "TLSv1.3", true));
    table.add("SSLContext", "TLSv1.2", SOURCE, provider -> clientHello(provider, "TLSv1.2", false));
    table.add("SSLContext", "Default", SOURCE, TlsAnswers::defaultContext);
  }

  private static void clientHello(Provider provider, String protocol, boolean hybrid)
      throws Exception {
    SSLContext context = SSLContext.getInstance(protocol, provider);
    context.init(null, new X509TrustManager[] {new RefuseAll()}, null);
    firstFlight(context, hybrid);
  }

  // The Default context comes initialised and refuses init, as SunJSSE's does.
  private static void defaultContext(Provider provider) throws Exception {
    SSLContext context = SSLContext.getInstance("Default", provider);
    try {
      context.init(null, null, null);
      throw new KnownAnswers.Failure("the Default context accepted init");
    } catch (KeyManagementException expected) {
      // as it should
    }
    firstFlight(context, true);
  }

  private static void firstFlight(SSLContext context, boolean hybrid) throws Exception {
    SSLEngine engine = context.createSSLEngine("selftest.invalid", 443);
    engine.setUseClientMode(true);
    ByteBuffer out = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
    engine.wrap(ByteBuffer.allocate(0), out);
    out.flip();
    byte[] record = new byte[out.remaining()];
    out.get(record);
    if (record.length < 9 || record[0] != 22 || record[5] != 1) {
      throw new KnownAnswers.Failure("the first record is not a ClientHello");
    }
    int length = ((record[3] & 0xff) << 8) | (record[4] & 0xff);
    if (length != record.length - 5) {
      throw new KnownAnswers.Failure("the ClientHello record is " + record.length + " bytes");
    }
    // legacy_version is TLS 1.2 (0x0303) for both; only TLS 1.3 sends a hybrid key share.
    if (record[9] != 3 || record[10] != 3) {
      throw new KnownAnswers.Failure("legacy_version is not 0x0303");
    }
    boolean fips = FipsMode.enabled();
    byte[] share =
        fips
            ? new byte[] {0x11, (byte) 0xeb, 0x04, (byte) 0xe1}
            : new byte[] {0x11, (byte) 0xec, 0x04, (byte) 0xc0};
    if (hybrid != contains(record, share)) {
      throw new KnownAnswers.Failure(
          (hybrid ? "no " : "an unexpected ")
              + (fips
                  ? "SecP256r1MLKEM768 key share (1249 bytes)"
                  : "X25519MLKEM768 key share" + " (1216 bytes)"));
    }
  }

  private static boolean contains(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  /** The check never gets as far as a certificate. */
  private static final class RefuseAll implements X509TrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {
      throw new SecurityException("the self-test trusts nothing");
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {
      throw new SecurityException("the self-test trusts nothing");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
