package dev.carbide.storm;

import dev.carbide.storm.ThreadStorm.Scenario;
import dev.carbide.storm.ThreadStorm.Tally;
import java.security.KeyPairGenerator;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The child JVM of {@code SharedEngineTest}: runs a thread storm on each shared object named in the
 * arguments (all of them if none), printing "begin NAME" before and "end NAME tally" after each,
 * then "checked NAME" once the object has proved right on one thread. A defect prints "unexpected
 * NAME" with its stack trace and makes the exit code 1; a crash leaves a "begin" without an "end".
 */
public final class SharedEngineStorm {
  private static final long STORM_MILLIS = Long.getLong("carbide.storm.millis", 400);

  private SharedEngineStorm() {}

  /** Every storm, by name, made when it is run. */
  static Map<String, Callable<Scenario>> scenarios() {
    Map<String, Callable<Scenario>> all = new LinkedHashMap<>();
    all.put(
        "Signature SHA256withECDSA",
        () -> SharedEngines.signature("SHA256withECDSA", SharedEngines.ecPair(), 3000));
    all.put(
        "Signature SHA256withECDSAinP1363Format",
        () -> SharedEngines.signature("SHA256withECDSAinP1363Format", SharedEngines.ecPair(), 300));
    all.put(
        "Signature NONEwithECDSA",
        () -> SharedEngines.signature("NONEwithECDSA", SharedEngines.ecPair(), 32));
    all.put(
        "Signature Ed25519",
        () -> SharedEngines.signature("Ed25519", SharedEngines.ed25519Pair(), 3000));
    all.put("MessageDigest SHA-256", () -> SharedEngines.digest("SHA-256"));
    all.put("Mac HmacSHA256", () -> SharedEngines.mac("HmacSHA256"));
    all.put(
        "KeyAgreement ECDH",
        () -> SharedEngines.agreement("ECDH", SharedEngines.ecPair(), SharedEngines.ecPair()));
    all.put(
        "KeyAgreement X25519",
        () ->
            SharedEngines.agreement(
                "X25519",
                SharedEngines.pair("X25519", NamedParameterSpec.X25519),
                SharedEngines.pair("X25519", NamedParameterSpec.X25519)));
    all.put(
        "KeyPairGenerator EC",
        () ->
            SharedEngines.generator(
                "EC",
                new AlgorithmParameterSpec[] {
                  new ECGenParameterSpec("secp256r1"), new ECGenParameterSpec("secp384r1")
                },
                "SHA256withECDSA"));
    all.put(
        "KeyPairGenerator EdDSA",
        () ->
            SharedEngines.generator(
                "EdDSA",
                new AlgorithmParameterSpec[] {NamedParameterSpec.ED25519, NamedParameterSpec.ED448},
                "EdDSA"));
    all.put("SecureRandom DEFAULT", SharedEngines::secureRandom);
    all.put("keys EC", () -> SharedKeys.of("SHA256withECDSA", SharedEngines::ecPair));
    all.put("keys Ed25519", () -> SharedKeys.of("Ed25519", SharedEngines::ed25519Pair));
    all.put(
        "keys SunEC",
        () ->
            SharedKeys.of(
                "SHA256withECDSA",
                () -> {
                  KeyPairGenerator sunEc = KeyPairGenerator.getInstance("EC", "SunEC");
                  sunEc.initialize(256);
                  return sunEc.generateKeyPair();
                }));
    return all;
  }

  public static void main(String[] args) throws Exception {
    Map<String, Callable<Scenario>> all = scenarios();
    List<String> names = args.length > 0 ? List.of(args) : List.copyOf(all.keySet());
    boolean failed = false;
    long seed = Long.getLong("carbide.test.seed", 0x5EED_CA4B_1DEL);
    for (String name : names) {
      System.out.println("begin " + name);
      System.out.flush();
      try {
        Scenario scenario = all.get(name).call();
        Tally tally = ThreadStorm.run(scenario, seed ^ name.hashCode(), STORM_MILLIS);
        System.out.println("end " + name + " " + tally);
        if (tally.unexpected.get() != null) {
          throw tally.unexpected.get();
        }
        scenario.checkAlone();
        System.out.println("checked " + name);
      } catch (Throwable e) {
        failed = true;
        System.out.println("unexpected " + name + " " + e);
        e.printStackTrace(System.out);
      }
      System.out.flush();
    }
    System.exit(failed ? 1 : 0);
  }
}
