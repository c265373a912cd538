package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;

/**
 * Cipher-suite names are checked when they are set, as SunJSSE checks them ({@code
 * CipherSuite.validValuesOf}), on engines, sockets and server sockets, through {@code
 * setEnabledCipherSuites} and {@code setSSLParameters}: each case runs on SunJSSE in the same
 * place, and Carbide must throw the same IllegalArgumentException with the same message, leaving
 * the enabled suites as they were, or accept what SunJSSE accepts. Names SunJSSE supports but
 * OpenSSL does not serve are accepted (the handshake skips them: CipherSuiteListTest).
 */
class CipherSuiteNameTest {
  private static final List<String[]> REFUSED =
      List.of(
          new String[] {"TLS_NOT_A_SUITE"},
          new String[] {"TLS_AES_128_CCM_SHA256"}, // a name SunJSSE knows but does not support
          new String[] {"TLS_AES_128_GCM_SHA256", "SSL_NOT_A_SUITE"},
          new String[] {""},
          new String[] {"TLS_AES_128_GCM_SHA256", null});
  private static final String[] ACCEPTED = {
    "TLS_AES_256_GCM_SHA384",
    "TLS_EMPTY_RENEGOTIATION_INFO_SCSV",
    "SSL_RSA_WITH_3DES_EDE_CBC_SHA", // SunJSSE's own name (OpenSSL's is TLS_...)
    "TLS_DHE_DSS_WITH_AES_128_GCM_SHA256",
  };

  /** One way of setting suites on a fresh object of one provider, and of reading them back. */
  private interface Place {
    String[] set(SSLContext context, String[] suites) throws Exception;
  }

  private static final List<Place> PLACES =
      List.of(
          (context, suites) -> {
            SSLEngine engine = TlsIdentities.server(context);
            return attempt(engine::setEnabledCipherSuites, engine::getEnabledCipherSuites, suites);
          },
          (context, suites) -> {
            SSLEngine engine = TlsIdentities.client(context, "TLSv1.3");
            return attempt(
                s -> engine.setSSLParameters(parameters(s)),
                engine::getEnabledCipherSuites,
                suites);
          },
          (context, suites) -> {
            try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket()) {
              return attempt(
                  socket::setEnabledCipherSuites, socket::getEnabledCipherSuites, suites);
            }
          },
          (context, suites) -> {
            try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket()) {
              return attempt(
                  s -> socket.setSSLParameters(parameters(s)),
                  socket::getEnabledCipherSuites,
                  suites);
            }
          },
          (context, suites) -> {
            try (SSLServerSocket socket =
                (SSLServerSocket) context.getServerSocketFactory().createServerSocket()) {
              return attempt(
                  socket::setEnabledCipherSuites, socket::getEnabledCipherSuites, suites);
            }
          },
          (context, suites) -> {
            try (SSLServerSocket socket =
                (SSLServerSocket) context.getServerSocketFactory().createServerSocket()) {
              return attempt(
                  s -> socket.setSSLParameters(parameters(s)),
                  socket::getEnabledCipherSuites,
                  suites);
            }
          });

  @Test
  void namesSunJsseRefusesAreRefusedAtOnceWithItsMessage() throws Exception {
    SSLContext carbide = TlsIdentities.context("Carbide", null, null);
    SSLContext sunJsse = TlsIdentities.context("SunJSSE", null, null);
    for (Place place : PLACES) {
      for (String[] suites : REFUSED) {
        String what = PLACES.indexOf(place) + ": " + Arrays.toString(suites);
        IllegalArgumentException expected =
            assertThrows(IllegalArgumentException.class, () -> place.set(sunJsse, suites), what);
        IllegalArgumentException refused =
            assertThrows(IllegalArgumentException.class, () -> place.set(carbide, suites), what);
        assertEquals(expected.getMessage(), refused.getMessage(), what);
      }
    }
  }

  @Test
  void aNullArrayIsRefusedAsSunJsseRefusesIt() throws Exception {
    SSLContext carbide = TlsIdentities.context("Carbide", null, null);
    SSLContext sunJsse = TlsIdentities.context("SunJSSE", null, null);
    for (SSLContext context : new SSLContext[] {sunJsse, carbide}) {
      SSLEngine engine = TlsIdentities.server(context);
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> engine.setEnabledCipherSuites(null));
      assertEquals("CipherSuites cannot be null", e.getMessage());
    }
  }

  @Test
  void namesSunJsseSupportsAreAccepted() throws Exception {
    SSLContext carbide = TlsIdentities.context("Carbide", null, null);
    SSLContext sunJsse = TlsIdentities.context("SunJSSE", null, null);
    for (Place place : PLACES) {
      for (String name : ACCEPTED) {
        String[] suites = {name};
        place.set(sunJsse, suites); // the premise: SunJSSE takes it
        assertArrayEquals(suites, place.set(carbide, suites), PLACES.indexOf(place) + ": " + name);
      }
    }
  }

  private interface Setter {
    void set(String[] suites) throws Exception;
  }

  private interface Getter {
    String[] get() throws Exception;
  }

  /** Sets {@code suites}; on a refusal checks that the enabled suites did not change. */
  private static String[] attempt(Setter setter, Getter getter, String[] suites) throws Exception {
    String[] before = getter.get();
    try {
      setter.set(suites);
    } catch (IllegalArgumentException e) {
      assertArrayEquals(before, getter.get(), "the enabled suites changed on a refusal");
      throw e;
    }
    return getter.get();
  }

  private static SSLParameters parameters(String[] suites) {
    SSLParameters parameters = new SSLParameters();
    parameters.setCipherSuites(suites);
    return parameters;
  }
}
