package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.ssl.SslConnection;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real server on the engine: an embedded Jetty 12 (HTTP/1.1 over its SslConnection, which drives
 * the engine's SSLEngine with its own direct buffers) on {@code SSLContext.getInstance("TLS",
 * "Carbide")}, exercised by the JDK's HttpClient on SunJSSE: keep-alive GETs of a 256 KiB body, an
 * echoed POST, concurrent requests, TLS 1.3 and 1.2; the bytes and the negotiated protocol checked.
 * About a second.
 */
class JettyEngineTest {
  private static final byte[] PAYLOAD = EngineStates.random(256 * 1024, 21);
  private static Server jetty;
  private static int port;

  @BeforeAll
  static void start(@TempDir Path dir) throws Exception {
    EngineStates.setUp(dir);
    SslContextFactory.Server tls = new SslContextFactory.Server();
    tls.setSslContext(EngineStates.context(true));
    jetty = new Server();
    ServerConnector connector = new ServerConnector(jetty, tls);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    jetty.addConnector(connector);
    jetty.setHandler(
        new Handler.Abstract() {
          @Override
          public boolean handle(Request request, Response response, Callback callback)
              throws Exception {
            byte[] body = Content.Source.asInputStream(request).readAllBytes();
            if (!request.getMethod().equals("POST")) {
              body = PAYLOAD;
            }
            EndPoint endPoint = request.getConnectionMetaData().getConnection().getEndPoint();
            SSLEngine engine =
                ((SslConnection.SslEndPoint) endPoint).getSslConnection().getSSLEngine();
            response
                .getHeaders()
                .put(
                    "X-Tls",
                    engine.getClass().getSimpleName() + " " + engine.getSession().getProtocol());
            response.write(true, ByteBuffer.wrap(body), callback);
            return true;
          }
        });
    jetty.start();
    port = connector.getLocalPort();
  }

  @AfterAll
  static void stop() throws Exception {
    if (jetty != null) {
      jetty.stop();
    }
  }

  private static HttpClient client(String protocol) {
    SSLParameters parameters = new SSLParameters();
    parameters.setProtocols(new String[] {protocol});
    return HttpClient.newBuilder()
        .sslContext(EngineStates.context(false))
        .sslParameters(parameters)
        .version(HttpClient.Version.HTTP_1_1)
        .build();
  }

  @Test
  void keepAliveGetsAndAnEchoedPost() throws Exception {
    for (String protocol : new String[] {"TLSv1.3", "TLSv1.2"}) {
      HttpClient client = client(protocol);
      URI uri = URI.create("https://localhost:" + port + "/");
      for (int i = 0; i < 3; i++) {
        HttpResponse<byte[]> response =
            client.send(
                HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, response.statusCode());
        assertArrayEquals(PAYLOAD, response.body());
        assertEquals(
            "CarbideSslEngine " + protocol, response.headers().firstValue("X-Tls").orElse(null));
      }
      byte[] upload = EngineStates.random(100_000, 22);
      HttpResponse<byte[]> echoed =
          client.send(
              HttpRequest.newBuilder(uri)
                  .POST(HttpRequest.BodyPublishers.ofByteArray(upload))
                  .build(),
              HttpResponse.BodyHandlers.ofByteArray());
      assertArrayEquals(upload, echoed.body());
    }
  }

  @Test
  void concurrentRequests() throws Exception {
    HttpClient client = client("TLSv1.3");
    URI uri = URI.create("https://localhost:" + port + "/");
    List<CompletableFuture<HttpResponse<byte[]>>> responses = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      responses.add(
          client.sendAsync(
              HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofByteArray()));
    }
    for (CompletableFuture<HttpResponse<byte[]>> response : responses) {
      assertArrayEquals(PAYLOAD, response.get().body());
    }
  }
}
