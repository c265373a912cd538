package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.ssl.SocketFixture.Background;
import dev.carbide.testing.Openssl;
import dev.carbide.testing.Tools;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The system's {@code openssl s_client} against a Carbide SSLServerSocket: the server reads the
 * client's line, answers with its own and closes (close_notify ends s_client). The bytes are
 * checked both ways. About 5 s on the loaded machine; skipped where the openssl tool is absent.
 */
class OpensslSocketTest {
  private static final String REQUEST = "hello from s_client\n";
  private static final String REPLY = "hello from a Carbide SSLServerSocket\n";

  private static SocketFixture fixture;

  @BeforeAll
  static void certificate(@TempDir Path dir) throws Exception {
    fixture = SocketFixture.create(dir);
    assumeTrue(Tools.onPath("openssl"), "the openssl tool is not installed");
  }

  @ParameterizedTest
  @ValueSource(strings = {"-tls1_3", "-tls1_2"})
  void opensslClientAgainstCarbideServerSocket(String protocolOption, @TempDir Path dir)
      throws Exception {
    try (SSLServerSocket listener = SocketFixture.listen(fixture.carbide("TLS"))) {
      Background<String[]> served =
          SocketFixture.serveOne(
              listener,
              socket -> {
                InputStream in = socket.getInputStream();
                ByteArrayOutputStream line = new ByteArrayOutputStream();
                int b;
                while ((b = in.read()) >= 0) {
                  line.write(b);
                  if (b == '\n') {
                    break;
                  }
                }
                OutputStream out = socket.getOutputStream();
                out.write(REPLY.getBytes(StandardCharsets.US_ASCII));
                out.flush();
                SSLSocket ssl = (SSLSocket) socket;
                return new String[] {
                  line.toString(StandardCharsets.US_ASCII),
                  ssl.getSession().getProtocol(),
                  String.valueOf(ssl.getSession().getValue("carbide.namedGroup"))
                };
              });
      String output =
          Openssl.sClient(
              listener.getLocalPort(), protocolOption, REQUEST, dir.resolve("s_client.err"));
      String[] server = served.get();
      assertEquals(REQUEST, server[0]);
      assertEquals(
          REPLY,
          output,
          "what s_client received; its stderr: " + Files.readString(dir.resolve("s_client.err")));
      assertEquals(protocolOption.equals("-tls1_3") ? "TLSv1.3" : "TLSv1.2", server[1]);
      assertEquals(TlsIdentities.classicalGroup(), server[2]);
    }
  }
}
