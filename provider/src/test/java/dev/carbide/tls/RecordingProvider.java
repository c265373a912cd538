package dev.carbide.tls;

import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Security;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * A provider with no cryptography of its own that sees every cryptographic call a consumer such as
 * SunJSSE makes, and which provider did the work. Installed at priority 1, it offers each service
 * (and alias) of the providers installed after it; each engine it hands out asks the JCA for the
 * same engine again, so the provider that would have served the call without it still does (the
 * same order, the same delayed selection by key), and counts each finished operation as "SIDE Type
 * Algorithm operation Provider".
 *
 * <p>The JCA's choice is kept by refusing, on this thread, to serve the nested lookup: while an
 * engine of ours calls its delegate, {@link #newInstance} throws NoSuchAlgorithmException, which
 * the JCA takes as "try the next provider".
 */
public final class RecordingProvider extends Provider {
  /** The engine types whose work is recorded. */
  static final Set<String> TYPES =
      Set.of(
          "MessageDigest",
          "Mac",
          "Cipher",
          "Signature",
          "KeyAgreement",
          "KeyPairGenerator",
          "KeyGenerator",
          "KeyFactory",
          "SecretKeyFactory",
          "KDF");

  private static final Map<String, LongAdder> COUNTS = new ConcurrentHashMap<>();
  private static final ThreadLocal<Boolean> FORWARDING = ThreadLocal.withInitial(() -> false);
  private static final ThreadLocal<String> SIDE = ThreadLocal.withInitial(() -> "-");
  private static volatile boolean recording;

  public RecordingProvider() {
    super("Recording", "1", "records which provider serves each cryptographic call");
    Set<String> seen = new TreeSet<>();
    for (Provider provider : Security.getProviders()) {
      for (Provider.Service service : provider.getServices()) {
        offer(service.getType(), service.getAlgorithm(), seen);
      }
      for (String key : provider.stringPropertyNames()) {
        if (key.startsWith("Alg.Alias.")) {
          String rest = key.substring("Alg.Alias.".length());
          int dot = rest.indexOf('.');
          offer(rest.substring(0, dot), rest.substring(dot + 1), seen);
        }
      }
    }
  }

  private void offer(String type, String algorithm, Set<String> seen) {
    if (TYPES.contains(type)
        && seen.add(type + "." + algorithm.toUpperCase(java.util.Locale.ROOT))) {
      putService(new Forwarding(type, algorithm));
    }
  }

  /** Starts or stops counting (the setup before a handshake is not counted). */
  public static void record(boolean on) {
    recording = on;
  }

  /** Names the side ("client", "server") whose work this thread does now. */
  public static void side(String side) {
    SIDE.set(side);
  }

  /** Forgets every count. */
  public static void reset() {
    COUNTS.clear();
  }

  /** Every count so far, sorted by key. */
  public static Map<String, Long> counts() {
    Map<String, Long> out = new TreeMap<>();
    COUNTS.forEach((key, count) -> out.put(key, count.sum()));
    return out;
  }

  /**
   * The counts of the engines named in {@code typeAlgorithms} ("Signature.SHA256withECDSA"), summed
   * over sides, keyed "Type Algorithm operation Provider".
   */
  public static Map<String, Long> counts(Set<String> typeAlgorithms) {
    Map<String, Long> out = new TreeMap<>();
    counts()
        .forEach(
            (key, count) -> {
              String[] part = key.split(" ");
              if (typeAlgorithms.contains(part[1] + "." + part[2])) {
                out.merge(key.substring(key.indexOf(' ') + 1), count, Long::sum);
              }
            });
    return out;
  }

  static void count(String type, String algorithm, String operation, Provider provider) {
    count(type, algorithm, operation, provider.getName());
  }

  static void count(String type, String algorithm, String operation, String provider) {
    if (recording) {
      String key = String.join(" ", SIDE.get(), type, algorithm, operation, provider);
      COUNTS.computeIfAbsent(key, k -> new LongAdder()).increment();
    }
  }

  /** A call to a delegate engine, which may throw {@code E}. */
  @FunctionalInterface
  interface Call<T, E extends Exception> {
    T call() throws E;
  }

  /** A call to a delegate engine that returns nothing. */
  @FunctionalInterface
  interface Step<E extends Exception> {
    void run() throws E;
  }

  /**
   * Runs a call to a delegate engine, during which the nested JCA lookup skips this provider, so
   * that the JCA's choice (at getInstance or, delayed, at init) is the one it makes without us.
   */
  static <T, E extends Exception> T forward(Call<T, E> call) throws E {
    boolean outer = FORWARDING.get();
    FORWARDING.set(true);
    try {
      return call.call();
    } finally {
      FORWARDING.set(outer);
    }
  }

  /** {@link #forward} for a call that returns nothing. */
  static <E extends Exception> void run(Step<E> step) throws E {
    forward(
        () -> {
          step.run();
          return null;
        });
  }

  /**
   * {@link #forward} for an init that binds a delegate (getInstance) and initialises it, with the
   * exceptions of an engine's init: a missing algorithm (the recording provider offers only what a
   * provider after it has) becomes an InvalidKeyException, as the JCA reports a key no provider
   * takes.
   */
  static void init(Step<GeneralSecurityException> step)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    try {
      run(step);
    } catch (InvalidKeyException | InvalidAlgorithmParameterException e) {
      throw e;
    } catch (GeneralSecurityException e) {
      throw new InvalidKeyException(e);
    }
  }

  /**
   * Runs an operation of a delegate and counts it under the provider that served it, read after the
   * call, since the JCA may bind or change its provider in that very call. Not forwarded by itself:
   * JCA calls a delegate makes inside its operation are recorded as work of their own, unless the
   * caller passes a {@link #forward}ed call (where the JCA itself may look a provider up again).
   */
  static <T, E extends Exception> T counted(
      String type, String algorithm, String operation, Call<T, E> call, Supplier<Provider> by)
      throws E {
    T result = call.call();
    count(type, algorithm, operation, by.get());
    return result;
  }

  private final class Forwarding extends Provider.Service {
    Forwarding(String type, String algorithm) {
      super(RecordingProvider.this, type, algorithm, Forwarding.class.getName(), null, null);
    }

    @Override
    public Object newInstance(Object parameter) throws NoSuchAlgorithmException {
      if (FORWARDING.get()) {
        throw new NoSuchAlgorithmException("the recording provider only forwards");
      }
      try {
        return RecordingEngines.create(getType(), getAlgorithm(), parameter);
      } catch (NoSuchAlgorithmException e) {
        throw e;
      } catch (Exception e) {
        throw new NoSuchAlgorithmException(e);
      }
    }
  }
}
