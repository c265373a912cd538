package dev.carbide.tls;

import java.io.FileInputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Security;
import java.util.Arrays;
import java.util.Map;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;

/**
 * Child-JVM main for TlsProvidersTest: with the providers as java.security lists them and a {@link
 * RecordingProvider} ahead of them, runs in memory, for each case "NAME,PROTOCOL,SUITE,STORE"
 * (args: the directory of PKCS#12 stores STORE.p12 and STORE-client.p12, then the cases), a full
 * handshake with a client certificate, some application data both ways, and a second connection
 * that may resume the first. The named groups come from jdk.tls.namedGroups. Prints "case NAME" and
 * each count of the case, "count NAME PHASE/SIDE Type Algorithm operation Provider=N", PHASE being
 * "full" or "resumed".
 */
public final class TlsWork {
  private static final int RECORDS = 3;

  private TlsWork() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    Security.insertProviderAt(new RecordingProvider(), 1);
    for (int i = 1; i < args.length; i++) {
      String[] field = args[i].split(",");
      Path serverStore = dir.resolve(field[3] + ".p12");
      Path clientStore = dir.resolve(field[3] + "-client.p12");
      SSLContext server = context(serverStore, clientStore);
      SSLContext client = context(clientStore, serverStore);
      RecordingProvider.record(true);
      connect("full", client, server, field[1], field[2]);
      connect("resumed", client, server, field[1], field[2]);
      RecordingProvider.record(false);
      System.out.println("case " + field[0]);
      for (Map.Entry<String, Long> entry : RecordingProvider.counts().entrySet()) {
        System.out.println("count " + field[0] + " " + entry.getKey() + "=" + entry.getValue());
      }
      RecordingProvider.reset();
    }
  }

  /**
   * A context presenting the key in {@code identity} and trusting the certificate in {@code peer}.
   */
  private static SSLContext context(Path identity, Path peer) throws Exception {
    char[] password = "changeit".toCharArray();
    KeyStore keys = load(identity, password);
    KeyStore trusted = KeyStore.getInstance("PKCS12");
    trusted.load(null, null);
    KeyStore peerStore = load(peer, password);
    String alias = peerStore.aliases().nextElement();
    trusted.setCertificateEntry(alias, peerStore.getCertificate(alias));
    KeyManagerFactory keyManagers = KeyManagerFactory.getInstance("SunX509");
    keyManagers.init(keys, password);
    TrustManagerFactory trustManagers = TrustManagerFactory.getInstance("PKIX");
    trustManagers.init(trusted);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(keyManagers.getKeyManagers(), trustManagers.getTrustManagers(), null);
    return context;
  }

  private static KeyStore load(Path file, char[] password) throws Exception {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (FileInputStream in = new FileInputStream(file.toFile())) {
      store.load(in, password);
    }
    return store;
  }

  /**
   * One connection: a handshake with a client certificate, then {@link #RECORDS} records each way,
   * checked; the work is recorded under "PHASE/client" and "PHASE/server".
   */
  private static void connect(
      String phase,
      SSLContext clientContext,
      SSLContext serverContext,
      String protocol,
      String suite)
      throws Exception {
    SSLEngine client = engine(clientContext, true, protocol, suite);
    SSLEngine server = engine(serverContext, false, protocol, suite);
    Pipe pipe = new Pipe(client);
    client.beginHandshake();
    server.beginHandshake();
    for (int round = 0; !(idle(client) && idle(server)); round++) {
      if (round == 100) {
        throw new IllegalStateException("handshake did not finish");
      }
      pipe.step(phase + "/client", client, pipe.toServer, pipe.toClient);
      pipe.step(phase + "/server", server, pipe.toClient, pipe.toServer);
    }
    for (int record = 0; record < RECORDS; record++) {
      byte[] message = ("record " + record + " of " + suite).getBytes();
      pipe.exchange(phase + "/client", client, phase + "/server", server, message, pipe.toServer);
      pipe.exchange(phase + "/server", server, phase + "/client", client, message, pipe.toClient);
    }
    if (!client.getSession().getCipherSuite().equals(suite)) {
      throw new IllegalStateException("negotiated " + client.getSession().getCipherSuite());
    }
  }

  private static SSLEngine engine(
      SSLContext context, boolean client, String protocol, String suite) {
    SSLEngine engine = context.createSSLEngine("localhost", 443);
    engine.setUseClientMode(client);
    SSLParameters parameters = engine.getSSLParameters();
    parameters.setProtocols(new String[] {protocol});
    parameters.setCipherSuites(new String[] {suite});
    if (!client) {
      parameters.setNeedClientAuth(true);
    }
    engine.setSSLParameters(parameters);
    return engine;
  }

  private static boolean idle(SSLEngine engine) {
    HandshakeStatus status = engine.getHandshakeStatus();
    return status == HandshakeStatus.NOT_HANDSHAKING || status == HandshakeStatus.FINISHED;
  }

  /** The two directions of an in-memory connection. */
  private static final class Pipe {
    final ByteBuffer toServer;
    final ByteBuffer toClient;
    final ByteBuffer sink;

    Pipe(SSLEngine engine) {
      int size = engine.getSession().getPacketBufferSize() * 4;
      toServer = ByteBuffer.allocate(size);
      toClient = ByteBuffer.allocate(size);
      sink = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize() * 4);
    }

    /** Lets {@code engine} write what it has, read what came to it, and run its tasks. */
    void step(String side, SSLEngine engine, ByteBuffer out, ByteBuffer in) throws Exception {
      RecordingProvider.side(side);
      engine.wrap(ByteBuffer.allocate(0), out);
      in.flip();
      engine.unwrap(in, sink);
      in.compact();
      Runnable task;
      while ((task = engine.getDelegatedTask()) != null) {
        task.run();
      }
    }

    /** Sends {@code message} from one engine to the other and checks that it arrived whole. */
    void exchange(
        String fromSide,
        SSLEngine from,
        String toSide,
        SSLEngine to,
        byte[] message,
        ByteBuffer wire)
        throws Exception {
      RecordingProvider.side(fromSide);
      SSLEngineResult sent = from.wrap(ByteBuffer.wrap(message), wire);
      if (sent.bytesConsumed() != message.length) {
        throw new IllegalStateException("sent " + sent);
      }
      RecordingProvider.side(toSide);
      sink.clear();
      wire.flip();
      while (wire.hasRemaining() && sink.position() < message.length) {
        SSLEngineResult received = to.unwrap(wire, sink);
        if (received.getStatus() != SSLEngineResult.Status.OK) {
          throw new IllegalStateException("received " + received);
        }
      }
      wire.compact();
      byte[] got = Arrays.copyOf(sink.array(), sink.position());
      sink.clear();
      if (!Arrays.equals(got, message)) {
        throw new IllegalStateException("the record's data changed on the way");
      }
    }
  }
}
