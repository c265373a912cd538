package dev.carbide.hybrid;

import dev.carbide.CarbideProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Forces every routable operation onto the JDK for a whole test run: with {@code
 * -Dcarbide.test.routes=jdk}, it writes a profile for this machine that routes every route key to
 * the JDK from 0 bytes and points {@code carbide.hybrid} at it, before any test creates the
 * provider. The route-forced surefire execution (pom.xml, "hybrid-jdk") reruns the contract,
 * cross-check and Wycheproof tests under it; the profile goes through the normal checks.
 */
public final class ForcedRoutes implements LauncherSessionListener {
  @Override
  public void launcherSessionOpened(LauncherSession session) {
    if (!"jdk".equals(System.getProperty("carbide.test.routes"))) {
      return;
    }
    CarbideProvider.opensslVersion(); // loads the library, which Machine.current() asks
    try {
      Path path = Files.createTempFile("carbide-all-jdk", ".profile");
      path.toFile().deleteOnExit();
      Profile.write(path, Machine.current(), allToJdk());
      System.setProperty(Routing.PROPERTY, path.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every route key on the JDK from 0 bytes. */
  static Map<String, RouteTable.Span> allToJdk() {
    Map<String, RouteTable.Span> routes = new LinkedHashMap<>();
    Routable.keys().forEach(key -> routes.put(key, RouteTable.Span.ALL));
    return routes;
  }
}
