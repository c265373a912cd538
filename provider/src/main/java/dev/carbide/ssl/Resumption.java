package dev.carbide.ssl;

import java.io.ByteArrayInputStream;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLHandshakeException;

/**
 * What an engine does for session resumption, kept out of CarbideSslEngine: a client offers the
 * session its context cached for the peer, a completed handshake is recorded in its side's {@link
 * SessionStore}, and a client keeps each TLS 1.3 ticket that arrives after the handshake. A resumed
 * handshake verifies no certificate, so its session takes the peer's chain from the session it
 * resumed.
 */
final class Resumption {
  private Resumption() {}

  /** A client engine about to say hello: returns the session it offers, or null. */
  static CarbideSslSession offer(
      CarbideSslContext context,
      CarbideSslSession session,
      long engine,
      String serverName,
      String host,
      int port) {
    session.store(context.sessionStore(true));
    session.requestedServerNames(serverNames(serverName));
    return context.sessionStore(true).offer(engine, host, port);
  }

  /** The handshake completed; {@code serverName} is the SNI host name a server received. */
  static void settled(
      CarbideSslContext context,
      CarbideSslSession session,
      long engine,
      boolean client,
      CarbideSslSession offered,
      String serverName)
      throws SSLHandshakeException {
    if (!client) {
      session.requestedServerNames(serverNames(serverName));
    }
    session.peerSignatureAlgorithms(
        SignatureSchemes.algorithmNames(SessionNative.peerSignatureSchemes(engine)));
    context.sessionStore(client).settled(session, engine, offered);
    if (session.resumed() && !session.hasPeerCertificates()) {
      byte[][] chain = TlsNative.peerChain(engine);
      if (chain.length > 0) {
        try {
          session.peerCertificates(certificates(chain));
        } catch (CertificateException e) {
          SSLHandshakeException failure =
              new SSLHandshakeException("cannot decode the resumed session's peer certificate");
          failure.initCause(e);
          throw failure;
        }
      }
    }
  }

  // The SNI host name as JSSE reports it; none if SNIHostName refuses what OpenSSL accepted.
  static List<SNIServerName> serverNames(String name) {
    if (name == null || name.isEmpty()) {
      return List.of();
    }
    try {
      return List.of(new SNIHostName(name));
    } catch (IllegalArgumentException e) {
      return List.of();
    }
  }

  /** A client read a record that carried no application data: a ticket is kept if it was one. */
  static void recordRead(CarbideSslContext context, CarbideSslSession session, long engine) {
    context.sessionStore(true).ticketArrived(session, engine);
  }

  static X509Certificate[] certificates(byte[][] chain) throws CertificateException {
    CertificateFactory factory = CertificateFactory.getInstance("X.509");
    X509Certificate[] certificates = new X509Certificate[chain.length];
    for (int i = 0; i < chain.length; i++) {
      certificates[i] =
          (X509Certificate) factory.generateCertificate(new ByteArrayInputStream(chain[i]));
    }
    return certificates;
  }
}
