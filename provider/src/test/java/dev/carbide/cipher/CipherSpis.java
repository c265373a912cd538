package dev.carbide.cipher;

import dev.carbide.hybrid.Routing;
import dev.carbide.testing.Carbide;
import java.util.Arrays;

/** Helpers for tests that look beneath the Cipher class. */
final class CipherSpis {
  private CipherSpis() {}

  /** Carbide's CipherSpi object for {@code transformation} itself. */
  static CipherCore of(String transformation) throws Exception {
    Object spi = Carbide.provider().getService("Cipher", transformation).newInstance(null);
    if (!(spi instanceof CipherCore)) {
      // Hybrid routing wraps this service (dev.carbide.hybrid): the engine beneath is asked for.
      spi = Routing.unrouted().getService("Cipher", transformation).newInstance(null);
    }
    return (CipherCore) spi;
  }

  /** Waits, collecting garbage, up to ten seconds for {@code held} to be all zeros. */
  static void awaitZeroed(byte[] held) throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!Arrays.equals(new byte[held.length], held) && System.nanoTime() < deadline) {
      System.gc();
      Thread.sleep(10);
    }
  }
}
