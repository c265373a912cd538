package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.X509KeyManager;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The server's key manager is asked once the ClientHello is known, so the JDK's {@code NewSunX509}
 * (which ranks the aliases whose certificate matches the client's SNI name first) gives each client
 * the certificate of the name it asked for: the shared identities hold certificates for "client"
 * and for "localhost", and each client names one of them, behind a Carbide server and a SunJSSE one
 * in the same role, clients on both stacks. Under a second after the shared identities exist.
 */
class ServerNameKeyChoiceTest {

  private static SSLContext context(String provider, boolean server) throws Exception {
    KeyManagerFactory keys = KeyManagerFactory.getInstance("NewSunX509");
    keys.init(TlsIdentities.store(), TlsIdentities.PASSWORD.toCharArray());
    return TlsIdentities.context(
        provider, server ? (X509KeyManager) keys.getKeyManagers()[0] : null, null);
  }

  private static int port = 4000; // a new peer each time: full handshakes

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void eachClientGetsTheCertificateOfTheNameItAskedFor(String protocol) throws Exception {
    for (String serverProvider : new String[] {"Carbide", "SunJSSE"}) {
      SSLContext server = context(serverProvider, true);
      for (String clientProvider : new String[] {"Carbide", "SunJSSE"}) {
        SSLContext client = context(clientProvider, false);
        for (String name : new String[] {"client", "localhost", "client"}) {
          SSLEngine clientEngine = TlsIdentities.client(client, protocol, port++);
          SSLParameters parameters = clientEngine.getSSLParameters();
          parameters.setServerNames(List.of(new SNIHostName(name)));
          clientEngine.setSSLParameters(parameters);
          SSLEngine serverEngine = TlsIdentities.server(server);
          new EngineLoop(clientEngine, serverEngine).exchange(new byte[] {1}, new byte[] {2});
          String where = serverProvider + " server, " + clientProvider + " client, " + name;
          X509Certificate presented =
              (X509Certificate) clientEngine.getSession().getPeerCertificates()[0];
          assertEquals("CN=" + name, presented.getSubjectX500Principal().getName(), where);
          assertEquals(
              List.of(new SNIHostName(name)),
              ((ExtendedSSLSession) serverEngine.getSession()).getRequestedServerNames(),
              where);
        }
      }
    }
  }
}
