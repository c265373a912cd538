package dev.carbide.bench;

import java.security.GeneralSecurityException;
import java.security.Provider;
import java.security.spec.KeySpec;
import javax.crypto.SecretKeyFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * One password hash with a reused SecretKeyFactory, at the costs applications choose for
 * interactive logins: scrypt with N = 2^14, r = 8, p = 1 (RFC 7914's example, 16 MiB) and Argon2id
 * with m = 19 MiB, t = 2, p = 1 (OWASP's minimum). The JDK has neither. Bouncy Castle serves them
 * as "SCRYPT" and "ARGON2" with its own key specs, which live in its class loader and so are made
 * by reflection; Carbide takes its dev.carbide specs.
 */
public class PasswordKdfBenchmark extends ProviderBenchmark {
  @Param({"SCRYPT", "Argon2id"})
  public String algorithm;

  private SecretKeyFactory factory;
  private KeySpec spec;

  private static final char[] PASSWORD = "correct horse battery staple".toCharArray();

  @Setup
  public void setup() throws Exception {
    Provider source = Providers.forType(provider, "SecretKeyFactory");
    boolean bc = source.getName().startsWith("BC");
    factory = SecretKeyFactory.getInstance(bc ? bcName(algorithm) : algorithm, source);
    spec = bc ? bcSpec(source, algorithm) : carbideSpec(algorithm);
  }

  @Benchmark
  public byte[] generateSecret() throws GeneralSecurityException {
    return factory.generateSecret(spec).getEncoded();
  }

  private static String bcName(String algorithm) {
    return algorithm.equals("SCRYPT") ? "SCRYPT" : "ARGON2";
  }

  private static KeySpec carbideSpec(String algorithm) throws NotAvailableException {
    byte[] salt = Inputs.bytes(16, 6);
    return switch (algorithm) {
      case "SCRYPT" -> new dev.carbide.ScryptKeySpec(PASSWORD, salt, 1 << 14, 8, 1, 256);
      case "Argon2id" -> new dev.carbide.Argon2KeySpec(PASSWORD, salt, 2, 19 * 1024, 1, 256);
      default -> throw new NotAvailableException("no spec for " + algorithm);
    };
  }

  // Bouncy Castle's org.bouncycastle.jcajce.spec.ScryptKeySpec(password, salt, N, r, p, bits) and
  // Argon2KeySpec(type, version, password, salt, iterations, memory KiB, lanes, bits).
  private static KeySpec bcSpec(Provider bc, String algorithm) throws Exception {
    ClassLoader loader = bc.getClass().getClassLoader();
    byte[] salt = Inputs.bytes(16, 6);
    if (algorithm.equals("SCRYPT")) {
      return (KeySpec)
          loader
              .loadClass("org.bouncycastle.jcajce.spec.ScryptKeySpec")
              .getConstructor(
                  char[].class, byte[].class, int.class, int.class, int.class, int.class)
              .newInstance(PASSWORD, salt, 1 << 14, 8, 1, 256);
    }
    Class<?> type = loader.loadClass("org.bouncycastle.jcajce.spec.Argon2KeySpec");
    int argon2id = type.getField("ARGON2_id").getInt(null);
    int version13 = type.getField("ARGON2_VERSION_13").getInt(null);
    return (KeySpec)
        type.getConstructor(
                int.class,
                int.class,
                char[].class,
                byte[].class,
                int.class,
                int.class,
                int.class,
                int.class)
            .newInstance(argon2id, version13, PASSWORD, salt, 2, 19 * 1024, 1, 256);
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    PasswordKdfBenchmark benchmark = new PasswordKdfBenchmark();
    benchmark.provider = provider;
    benchmark.algorithm = algorithm;
    benchmark.setup();
    benchmark.generateSecret();
  }
}
