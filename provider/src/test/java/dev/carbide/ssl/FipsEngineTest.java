package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.CarbideProvider;
import dev.carbide.testing.Carbide;
import dev.carbide.testing.FipsSkips;
import dev.carbide.testing.Tools;
import dev.carbide.tls.PeerProcess;
import dev.carbide.tls.TlsFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine in FIPS mode (docs/fips.md, "The TLS engine"), in the FIPS pass only ({@code
 * -Dcarbide.fips=true}): what the module does not approve is neither offered nor accepted
 * (ChaCha20-Poly1305 suites, X25519 and X25519MLKEM768), a request for it fails with the JSSE
 * exception, and the approved subset is negotiated against SunJSSE, against Carbide itself (the
 * hybrid SecP256r1MLKEM768) and against the system's {@code openssl s_server}.
 */
class FipsEngineTest {
  private static final byte[] PING = "ping".getBytes(StandardCharsets.US_ASCII);
  private static final int SERVED_BYTES = 16 * 1024;

  @TempDir static Path dir;
  private static byte[] served;

  @BeforeAll
  static void fipsMode() throws Exception {
    assumeTrue(FipsSkips.FIPS_PASS, "runs in the FIPS pass (-Dcarbide.fips=true)");
    TlsIdentities.store(); // skips where the engine is absent
    assertTrue(CarbideProvider.fipsModule().startsWith("OpenSSL FIPS Provider"));
  }

  private static SSLContext carbide() throws Exception {
    return TlsIdentities.context("Carbide", TlsIdentities.keyManager(), null);
  }

  private static SSLContext sunJsse() throws Exception {
    return TlsIdentities.context("SunJSSE", TlsIdentities.keyManager(), null);
  }

  // SSLParameters.setNamedGroups is Java 20's; the tests compile for 17 and this pass runs on 25.
  private static void namedGroups(SSLEngine engine, String... groups) throws Exception {
    SSLParameters parameters = engine.getSSLParameters();
    SSLParameters.class
        .getMethod("setNamedGroups", String[].class)
        .invoke(parameters, (Object) groups);
    engine.setSSLParameters(parameters);
  }

  private static String negotiated(SSLEngine engine) {
    return engine.getSession().getProtocol()
        + " "
        + engine.getSession().getCipherSuite()
        + " "
        + engine.getSession().getValue("carbide.namedGroup");
  }

  @Test
  void onlyApprovedSuitesAreSupportedAndEnabled() throws Exception {
    SSLContext context = carbide();
    List<String> supported = List.of(context.getSupportedSSLParameters().getCipherSuites());
    assertFalse(supported.stream().anyMatch(s -> s.contains("CHACHA20")), supported::toString);
    assertTrue(
        supported.containsAll(
            List.of(
                "TLS_AES_256_GCM_SHA384",
                "TLS_AES_128_GCM_SHA256",
                "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
                "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256")),
        supported::toString);
    assertEquals(
        supported, List.of(TlsIdentities.client(context, "TLSv1.3").getEnabledCipherSuites()));
  }

  @Test
  void theApprovedGroupsAreTheNistCurvesTheirHybridsAndFfdhe() throws Exception {
    carbide(); // loads the engine's library
    long context = TlsNative.newContext();
    try {
      String[] implemented = TlsNative.implementedGroups(context);
      Set<String> approved = EngineSettings.approvedGroups(implemented);
      System.out.println(
          "FIPS groups: implemented " + List.of(implemented) + ", approved " + approved);
      assertTrue(
          approved.containsAll(
              List.of("secp256r1", "secp384r1", "secp521r1", "secp256r1mlkem768", "ffdhe2048")),
          approved::toString);
      assertFalse(approved.contains("x25519mlkem768"), approved::toString);
      assertFalse(approved.contains("secp192r1") || approved.contains("sect571r1"));
    } finally {
      TlsNative.freeContext(context);
    }
  }

  @Test
  void aChaChaSuiteIsRefusedWithTheJsseException() throws Exception {
    SSLEngine client = TlsIdentities.client(carbide(), "TLSv1.3");
    String[] enabled = client.getEnabledCipherSuites();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> client.setEnabledCipherSuites(new String[] {"TLS_CHACHA20_POLY1305_SHA256"}));
    assertEquals(
        "FIPS mode: Unsupported CipherSuite: TLS_CHACHA20_POLY1305_SHA256 (ChaCha20-Poly1305 is"
            + " not FIPS-approved)",
        e.getMessage());
    assertArrayEquals(enabled, client.getEnabledCipherSuites());
  }

  @Test
  void aSunJsseClientOfferingOnlyChaChaIsRefused() throws Exception {
    SSLEngine client = TlsIdentities.client(sunJsse(), "TLSv1.3");
    client.setEnabledCipherSuites(new String[] {"TLS_CHACHA20_POLY1305_SHA256"});
    SSLEngine server = TlsIdentities.server(carbide());
    assertThrows(SSLException.class, () -> new EngineLoop(client, server).exchange(PING, PING));
  }

  @ParameterizedTest
  @ValueSource(strings = {"x25519", "X25519MLKEM768"})
  void aClientAskingOnlyForAnUnapprovedGroupIsRefused(String group) throws Exception {
    SSLEngine client = TlsIdentities.client(carbide(), "TLSv1.3");
    namedGroups(client, group);
    SSLHandshakeException e = assertThrows(SSLHandshakeException.class, client::beginHandshake);
    assertTrue(e.getMessage().startsWith("FIPS mode: none of the named groups"), e::getMessage);
    assertTrue(e.getMessage().contains("secp256r1"), e::getMessage); // what it could use
  }

  @Test
  void aSunJsseClientOfferingOnlyX25519IsRefused() throws Exception {
    SSLEngine client = TlsIdentities.client(sunJsse(), "TLSv1.3");
    namedGroups(client, "x25519");
    SSLEngine server = TlsIdentities.server(carbide());
    assertThrows(SSLException.class, () -> new EngineLoop(client, server).exchange(PING, PING));
  }

  @Test
  void unapprovedGroupsAreLeftOutOfAMixedList() throws Exception {
    SSLEngine client = TlsIdentities.client(carbide(), "TLSv1.3");
    namedGroups(client, "x25519", "secp384r1");
    SSLEngine server = TlsIdentities.server(sunJsse());
    new EngineLoop(client, server).exchange(PING, PING);
    assertEquals("TLSv1.3 TLS_AES_256_GCM_SHA384 secp384r1", negotiated(client));
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void approvedHandshakesWithSunJsseBothWays(String protocol) throws Exception {
    Random random = new Random(protocol.hashCode());
    byte[] up = new byte[20_000];
    byte[] down = new byte[30_000];
    random.nextBytes(up);
    random.nextBytes(down);
    SSLEngine client = TlsIdentities.client(sunJsse(), protocol);
    SSLEngine server = TlsIdentities.server(carbide());
    new EngineLoop(client, server).exchange(up, down);
    EngineLoop.assertSameSession(client, server, protocol);
    assertTrue(negotiated(server).endsWith(" secp256r1"), negotiated(server));
    assertTrue(server.getSession().getCipherSuite().contains("_AES_"), negotiated(server));

    SSLEngine carbideClient = TlsIdentities.client(carbide(), protocol);
    SSLEngine sunJsseServer = TlsIdentities.server(sunJsse());
    new EngineLoop(carbideClient, sunJsseServer).exchange(down, up);
    EngineLoop.assertSameSession(carbideClient, sunJsseServer, protocol);
    assertTrue(negotiated(carbideClient).endsWith(" secp256r1"), negotiated(carbideClient));
  }

  // The default mode's list (SignatureSchemes) without DSA, which FIPS 186-5 no longer approves.
  private static final List<String> FIPS_SIGNATURES_TLS12 =
      List.of(
          "SHA256withECDSA",
          "SHA384withECDSA",
          "SHA512withECDSA",
          "Ed25519",
          "Ed448",
          "RSASSA-PSS",
          "RSASSA-PSS",
          "RSASSA-PSS",
          "RSASSA-PSS",
          "RSASSA-PSS",
          "RSASSA-PSS",
          "SHA256withRSA",
          "SHA384withRSA",
          "SHA512withRSA",
          "SHA224withECDSA",
          "SHA224withRSA");

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void theSessionReportsTheApprovedSignatureSchemesTheClientOffers(String protocol)
      throws Exception {
    SSLContext context = carbide();
    SSLEngine fresh = TlsIdentities.client(context, protocol);
    List<String> offered = SignatureAlgorithmsTest.offeredInClientHello(fresh);
    List<String> expected =
        protocol.equals("TLSv1.2")
            ? FIPS_SIGNATURES_TLS12
            : FIPS_SIGNATURES_TLS12.subList(0, FIPS_SIGNATURES_TLS12.size() - 2);
    assertEquals(expected, offered, "the ClientHello's signature_algorithms");
    assertEquals(
        offered,
        List.of(
            ((ExtendedSSLSession) fresh.getHandshakeSession())
                .getLocalSupportedSignatureAlgorithms()));
    SSLEngine client = TlsIdentities.client(context, protocol);
    new EngineLoop(client, TlsIdentities.server(sunJsse())).exchange(PING, PING);
    assertEquals(
        expected,
        List.of(((ExtendedSSLSession) client.getSession()).getLocalSupportedSignatureAlgorithms()));
    // A server's engine, whose enabled protocols start at TLS 1.2, reports the TLS 1.2 list.
    SSLEngine server = TlsIdentities.server(context);
    new EngineLoop(TlsIdentities.client(sunJsse(), protocol), server).exchange(PING, PING);
    assertEquals(
        FIPS_SIGNATURES_TLS12,
        List.of(((ExtendedSSLSession) server.getSession()).getLocalSupportedSignatureAlgorithms()));
  }

  @Test
  void twoFipsEnginesAgreeOnTheApprovedHybrid() throws Exception {
    SSLContext context = carbide();
    SSLEngine client = TlsIdentities.client(context, "TLSv1.3");
    SSLEngine server = TlsIdentities.server(context);
    new EngineLoop(client, server).exchange(PING, PING);
    assertEquals("TLSv1.3 TLS_AES_256_GCM_SHA384 SecP256r1MLKEM768", negotiated(client));
    assertEquals(negotiated(client), negotiated(server));
  }

  @ParameterizedTest(name = "engine client against s_server: {0}")
  @CsvSource({
    "TLSv1.3 TLS_AES_256_GCM_SHA384 secp256r1,"
        + " -tls1_3 -ciphersuites TLS_AES_256_GCM_SHA384 -groups P-256",
    "TLSv1.3 TLS_AES_128_GCM_SHA256 secp384r1,"
        + " -tls1_3 -ciphersuites TLS_AES_128_GCM_SHA256 -groups P-384",
    "TLSv1.2 TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 secp256r1,"
        + " -tls1_2 -cipher ECDHE-ECDSA-AES128-GCM-SHA256 -groups P-256",
  })
  void approvedHandshakeWithOpensslServer(String expected, String options) throws Exception {
    try (PeerProcess peer = sServer(options)) {
      assertEquals(expected, negotiated(fetch(peer)));
    }
  }

  @ParameterizedTest(name = "s_server offering only {0}")
  @ValueSource(
      strings = {
        "-tls1_3 -ciphersuites TLS_CHACHA20_POLY1305_SHA256",
        "-tls1_3 -groups X25519",
        "-tls1_2 -cipher ECDHE-ECDSA-CHACHA20-POLY1305"
      })
  void anOpensslServerOfferingOnlyUnapprovedAlgorithmsIsRefused(String options) throws Exception {
    try (PeerProcess peer = sServer(options)) {
      assertThrows(SSLException.class, () -> fetch(peer));
    }
  }

  @Test
  void aTls12ServerWithoutTheExtendedMasterSecretIsRefused() throws Exception {
    // s_server (system OpenSSL 3.0) with extended_master_secret switched off by its configuration:
    // the FIPS module's TLS 1.2 KDF is then refused (tls1-prf-ems-check, docs/fips.md).
    Path config = dir.resolve("no-ems.cnf");
    Files.writeString(
        config,
        String.join(
            "\n",
            "openssl_conf = conf",
            "[conf]",
            "ssl_conf = ssl",
            "[ssl]",
            "system_default = defaults",
            "[defaults]",
            "Options = -ExtendedMasterSecret",
            ""));
    String tls12 = "-tls1_2 -cipher ECDHE-ECDSA-AES128-GCM-SHA256 -groups P-256";
    try (PeerProcess peer = sServer(tls12, "env", "OPENSSL_CONF=" + config)) {
      SSLException e = assertThrows(SSLException.class, () -> fetch(peer));
      assertTrue(String.valueOf(e.getMessage()).contains("TLS handshake failed"), e::toString);
    }
    // The same server with the extension completes.
    try (PeerProcess peer = sServer(tls12)) {
      fetch(peer);
    }
  }

  private static PeerProcess sServer(String options, String... prefix) throws Exception {
    assumeTrue(Tools.onPath("openssl"), "the openssl tool is not installed");
    synchronized (FipsEngineTest.class) {
      if (served == null) {
        TlsFiles.makeCertificate(
            dir, "ec", "localhost", "ec", "-pkeyopt", "ec_paramgen_curve:P-256");
        served = new byte[SERVED_BYTES];
        new Random(7).nextBytes(served);
        Files.write(dir.resolve("served.bin"), served);
      }
    }
    List<String> command = new ArrayList<>(List.of(prefix));
    command.addAll(TlsFiles.sServer(dir, "ec", "-WWW"));
    command.addAll(List.of(options.trim().split(" ")));
    return PeerProcess.start(command, dir, "ACCEPT ", false);
  }

  // A Carbide client in FIPS mode fetches served.bin from s_server -WWW and checks the bytes.
  private static SSLEngine fetch(PeerProcess peer) throws Exception {
    int port = Integer.parseInt(peer.readyLine().replaceAll(".*:", "").trim());
    SSLContext context =
        TlsFiles.init(SSLContext.getInstance("TLS", Carbide.provider()), dir, null, "ec");
    SSLEngine engine = context.createSSLEngine("localhost", port);
    engine.setUseClientMode(true);
    byte[] response = EngineSocket.get(engine, port, "/served.bin");
    assertArrayEquals(
        served,
        TlsFiles.bodyAfterHead(response, "HTTP/1.0 200", SERVED_BYTES),
        "the bytes s_server sent");
    return engine;
  }
}
