package dev.carbide.rsa;

import dev.carbide.ec.TlsHandshake;
import dev.carbide.tls.RecordingProvider;
import java.io.FileInputStream;
import java.security.KeyStore;
import java.security.Security;
import java.security.Signature;
import java.util.Set;
import javax.crypto.Cipher;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;

/**
 * Child-JVM main for RsaTlsTest: an in-memory handshake (args: PKCS#12 key store with an RSA key,
 * password, protocol, cipher suite or "default") with a {@link RecordingProvider} ahead of the
 * others; prints the counts of the RSA engines JSSE drives ("count Type Algorithm operation
 * Provider=N"), the providers JSSE's lookups resolve to, and "handshake PROTOCOL SUITE".
 */
public final class RsaTlsHandshake {
  private RsaTlsHandshake() {}

  private static final String[] COUNTED = {
    "Signature.RSASSA-PSS",
    "Signature.SHA256withRSA",
    "Signature.SHA384withRSA",
    "Signature.SHA512withRSA",
    "Signature.NONEwithRSA",
    "Cipher.RSA/ECB/PKCS1Padding",
  };

  public static void main(String[] args) throws Exception {
    Security.insertProviderAt(new RecordingProvider(), 1);
    RecordingProvider.record(true);
    char[] password = args[1].toCharArray();
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (FileInputStream in = new FileInputStream(args[0])) {
      store.load(in, password);
    }
    KeyManagerFactory keys = KeyManagerFactory.getInstance("SunX509");
    keys.init(store, password);
    TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
    trust.init(store);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
    SSLEngine client = TlsHandshake.engine(context, true, args[2]);
    SSLEngine server = TlsHandshake.engine(context, false, args[2]);
    if (!args[3].equals("default")) {
      for (SSLEngine engine : new SSLEngine[] {client, server}) {
        SSLParameters parameters = engine.getSSLParameters();
        parameters.setCipherSuites(new String[] {args[3]});
        engine.setSSLParameters(parameters);
      }
    }
    TlsHandshake.handshake(client, server);
    RecordingProvider.counts(Set.of(COUNTED))
        .forEach((key, count) -> System.out.println("count " + key + "=" + count));
    Security.removeProvider("Recording");
    System.out.println(
        "provider RSASSA-PSS " + Signature.getInstance("RSASSA-PSS").getProvider().getName());
    System.out.println(
        "provider RSA/ECB/PKCS1Padding "
            + Cipher.getInstance("RSA/ECB/PKCS1Padding").getProvider().getName());
    System.out.println(
        "handshake "
            + client.getSession().getProtocol()
            + " "
            + client.getSession().getCipherSuite());
  }
}
