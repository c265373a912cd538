package dev.carbide.kdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.carbide.testing.Carbide;
import java.security.Provider;
import java.security.Security;
import java.util.ArrayList;
import java.util.List;
import javax.crypto.KDF;
import javax.crypto.SecretKey;

/**
 * Runs one KDF call on Carbide and on SunJCE and asserts the same outcome: equal data, equal keys
 * (class, algorithm, format, bytes), or exceptions of the same classes all along the cause chain.
 */
final class SunJceComparison {
  /** One call on a KDF. */
  @FunctionalInterface
  interface Call {
    Object apply(KDF kdf) throws Exception;
  }

  static final String[] ALGORITHMS = {"HKDF-SHA256", "HKDF-SHA384", "HKDF-SHA512"};

  private SunJceComparison() {}

  static Provider sunJce() {
    return Security.getProvider("SunJCE");
  }

  static KDF carbide(String algorithm) throws Exception {
    return KDF.getInstance(algorithm, Carbide.provider());
  }

  static KDF sunJce(String algorithm) throws Exception {
    return KDF.getInstance(algorithm, sunJce());
  }

  /** A new KDF of the same algorithm and provider as {@code kdf}. */
  static KDF fresh(KDF kdf) throws Exception {
    Provider provider =
        kdf.getProviderName().equals(Carbide.provider().getName())
            ? Carbide.provider()
            : Security.getProvider(kdf.getProviderName());
    return KDF.getInstance(kdf.getAlgorithm(), provider);
  }

  /** Asserts the same outcome for {@code call} on both providers; returns Carbide's result. */
  static Object assertSameOutcome(String algorithm, Call call, String context) throws Exception {
    Object ours = outcome(carbide(algorithm), call);
    Object theirs = outcome(sunJce(algorithm), call);
    if (ours instanceof Throwable || theirs instanceof Throwable) {
      assertEquals(causeClasses(theirs), causeClasses(ours), context + ": " + describe(ours));
    } else if (theirs instanceof byte[] data) {
      assertArrayEquals(data, (byte[]) ours, context);
    } else if (theirs instanceof SecretKey key) {
      SecretKey ourKey = (SecretKey) ours;
      assertEquals(key.getClass(), ourKey.getClass(), context);
      assertEquals(key.getAlgorithm(), ourKey.getAlgorithm(), context);
      assertEquals(key.getFormat(), ourKey.getFormat(), context);
      assertArrayEquals(key.getEncoded(), ourKey.getEncoded(), context);
    } else {
      assertEquals(theirs, ours, context);
    }
    return ours;
  }

  /** Asserts that {@code call} throws on both providers, with the same exception classes. */
  static Throwable assertBothThrow(String algorithm, Call call, String context) throws Exception {
    Object ours = assertSameOutcome(algorithm, call, context);
    if (!(ours instanceof Throwable thrown)) {
      fail(context + ": no exception");
      return null;
    }
    return thrown;
  }

  private static Object outcome(KDF kdf, Call call) {
    try {
      return call.apply(kdf);
    } catch (Exception e) {
      return e;
    }
  }

  private static List<Class<?>> causeClasses(Object outcome) {
    List<Class<?>> classes = new ArrayList<>();
    if (outcome instanceof Throwable) {
      for (Throwable t = (Throwable) outcome; t != null; t = t.getCause()) {
        classes.add(t.getClass());
      }
    } else {
      classes.add(outcome == null ? null : outcome.getClass());
    }
    return classes;
  }

  private static String describe(Object outcome) {
    if (!(outcome instanceof Throwable)) {
      return "Carbide returned " + outcome;
    }
    StringBuilder text = new StringBuilder("Carbide threw");
    for (Throwable t = (Throwable) outcome; t != null; t = t.getCause()) {
      text.append(" / ").append(t);
    }
    return text.toString();
  }
}
