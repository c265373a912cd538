package dev.carbide.storm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.carbide.testing.Carbide;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javax.security.auth.DestroyFailedException;
import org.junit.jupiter.api.Test;

/**
 * A private key read on one thread while another destroys it: {@code getEncoded()} must return the
 * encoding or refuse with IllegalStateException, never the cached encoding half or wholly zeroed by
 * {@code destroy()}. Before the copy was taken under the key's lock, about one read in four
 * thousand racing a destroy returned zeroes here (P-521, whose long encoding widens the window).
 */
class DestroyRaceTest {
  private static final int KEYS = 600;
  private static final int READS = 200;

  @Test
  void getEncodedRacingDestroyGivesTheEncodingOrRefuses() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", Carbide.provider());
    generator.initialize(521);
    AtomicReference<PrivateKey> toDestroy = new AtomicReference<>();
    AtomicBoolean done = new AtomicBoolean();
    Thread destroyer =
        new Thread(
            () -> {
              while (!done.get()) {
                PrivateKey key = toDestroy.getAndSet(null);
                if (key == null) {
                  Thread.onSpinWait();
                  continue;
                }
                try {
                  key.destroy();
                } catch (DestroyFailedException e) {
                  throw new IllegalStateException(e);
                }
              }
            });
    destroyer.start();
    try {
      for (int i = 0; i < KEYS; i++) {
        PrivateKey key = generator.generateKeyPair().getPrivate();
        byte[] expected = key.getEncoded(); // cached from now on, and zeroed by destroy()
        toDestroy.set(key);
        for (int read = 0; read < READS; read++) {
          byte[] encoded;
          try {
            encoded = key.getEncoded();
          } catch (IllegalStateException destroyed) {
            break;
          }
          assertArrayEquals(expected, encoded, "key " + i + ", read " + read);
        }
      }
    } finally {
      done.set(true);
      destroyer.join();
    }
  }
}
