package dev.carbide.tls;

import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Security;
import java.security.cert.X509Certificate;
import java.util.Map;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * Child-JVM main for CertPathProvidersTest: with a {@link RecordingProvider} ahead of the providers
 * that java.security lists, checks for each NAME in args (after the directory of PEM files) the
 * chain NAME-leaf, NAME-ca as SunJSSE's default trust manager checks a server's chain, trusting
 * NAME-ca. Prints "count NAME Type Algorithm operation Provider=N" for each count.
 */
public final class ChainWork {
  private ChainWork() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    Security.insertProviderAt(new RecordingProvider(), 1);
    for (int i = 1; i < args.length; i++) {
      String name = args[i];
      X509Certificate ca = (X509Certificate) TlsFiles.certificate(dir, name + "-ca");
      X509Certificate leaf = (X509Certificate) TlsFiles.certificate(dir, name + "-leaf");
      KeyStore anchors = KeyStore.getInstance("PKCS12");
      anchors.load(null, null);
      anchors.setCertificateEntry("ca", ca);
      TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
      factory.init(anchors);
      X509TrustManager trust = null;
      for (TrustManager manager : factory.getTrustManagers()) {
        if (manager instanceof X509TrustManager x509) {
          trust = x509;
        }
      }
      RecordingProvider.side(name);
      RecordingProvider.record(true);
      trust.checkServerTrusted(
          new X509Certificate[] {leaf, ca}, name.startsWith("ec") ? "ECDHE_ECDSA" : "ECDHE_RSA");
      RecordingProvider.record(false);
    }
    for (Map.Entry<String, Long> entry : RecordingProvider.counts().entrySet()) {
      System.out.println("count " + entry.getKey() + "=" + entry.getValue());
    }
  }
}
