package dev.carbide.ec;

import dev.carbide.tls.RecordingProvider;
import java.io.FileInputStream;
import java.nio.ByteBuffer;
import java.security.KeyStore;
import java.security.Security;
import java.security.Signature;
import java.util.Set;
import javax.crypto.KeyAgreement;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;

/**
 * Child-JVM main for EcTlsTest: with the providers as java.security lists them, runs in-memory TLS
 * handshakes (args: PKCS#12 key store with an EC key, password, protocol; the named group comes
 * from jdk.tls.namedGroups) with a {@link RecordingProvider} ahead of the others, prints the EC
 * operations JSSE drove ("count Type Algorithm operation Provider=N"), the provider that serves
 * each EC primitive JSSE asks for once the recorder is gone, then "handshake PROTOCOL".
 */
public final class TlsHandshake {
  private TlsHandshake() {}

  /** The engines JSSE may drive for ECDHE and ECDSA, whose work is reported. */
  private static final String[] COUNTED = {
    "Signature.SHA1withECDSA",
    "Signature.SHA224withECDSA",
    "Signature.SHA256withECDSA",
    "Signature.SHA384withECDSA",
    "Signature.SHA512withECDSA",
    "KeyAgreement.ECDH",
    "KeyAgreement.XDH",
    "KeyAgreement.X25519",
    "KeyPairGenerator.EC",
    "KeyPairGenerator.XDH",
    "KeyPairGenerator.X25519",
  };

  public static void main(String[] args) throws Exception {
    // Ahead of the first provider (Carbide), forwarding to it, so the handshake's work is counted.
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
    SSLEngine client = engine(context, true, args[2]);
    SSLEngine server = engine(context, false, args[2]);
    handshake(client, server);
    RecordingProvider.counts(Set.of(COUNTED))
        .forEach((key, count) -> System.out.println("count " + key + "=" + count));
    Security.removeProvider("Recording");
    System.out.println("provider ECDH " + KeyAgreement.getInstance("ECDH").getProvider().getName());
    System.out.println("provider XDH " + KeyAgreement.getInstance("XDH").getProvider().getName());
    System.out.println(
        "provider ECDSA " + Signature.getInstance("SHA256withECDSA").getProvider().getName());
    System.out.println("handshake " + client.getSession().getProtocol());
  }

  /** An engine of {@code context} for one side, speaking only {@code protocol}. */
  public static SSLEngine engine(SSLContext context, boolean client, String protocol) {
    SSLEngine engine = context.createSSLEngine("localhost", 443);
    engine.setUseClientMode(client);
    SSLParameters parameters = engine.getSSLParameters();
    parameters.setProtocols(new String[] {protocol});
    engine.setSSLParameters(parameters);
    return engine;
  }

  /** Runs the handshake between two engines in memory. */
  public static void handshake(SSLEngine client, SSLEngine server) throws Exception {
    int size = client.getSession().getPacketBufferSize();
    ByteBuffer toServer = ByteBuffer.allocate(size * 4);
    ByteBuffer toClient = ByteBuffer.allocate(size * 4);
    ByteBuffer sink = ByteBuffer.allocate(client.getSession().getApplicationBufferSize() * 4);
    ByteBuffer empty = ByteBuffer.allocate(0);
    client.beginHandshake();
    server.beginHandshake();
    for (int round = 0; round < 100; round++) {
      if (done(client) && done(server)) {
        return;
      }
      step(client, empty, toServer, toClient, sink);
      step(server, empty, toClient, toServer, sink);
    }
    throw new IllegalStateException("handshake did not finish");
  }

  private static boolean done(SSLEngine engine) {
    HandshakeStatus status = engine.getHandshakeStatus();
    return status == HandshakeStatus.NOT_HANDSHAKING || status == HandshakeStatus.FINISHED;
  }

  private static void step(
      SSLEngine engine, ByteBuffer empty, ByteBuffer out, ByteBuffer in, ByteBuffer sink)
      throws Exception {
    engine.wrap(empty, out);
    in.flip();
    engine.unwrap(in, sink);
    in.compact();
    Runnable task;
    while ((task = engine.getDelegatedTask()) != null) {
      task.run();
    }
    sink.clear();
  }
}
