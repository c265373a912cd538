package dev.carbide.keys;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Security;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.EdECPrivateKey;
import java.security.interfaces.EdECPublicKey;
import java.security.interfaces.XECPrivateKey;
import java.security.interfaces.XECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Differential fuzzing of the EC, EdDSA and XDH KeyFactories against SunEC's: valid X.509 and
 * PKCS#8 encodings (SunEC's and Carbide's, and PKCS#8 v2 with the public key) are mutated ({@link
 * EncodingMutator}) and fed to both. Carbide must accept nothing SunEC rejects, must refuse with
 * InvalidKeySpecException, and where both accept, must hold the same key. Where Carbide is stricter
 * than SunEC the case must be one that docs/elliptic-curves.md lists.
 *
 * <p>Each run does {@code carbide.fuzz.keyCases} cases (default 1500) per KeyFactory twice: once
 * with the fixed seed of {@link dev.carbide.testing.Seeds}, once with a fresh seed that is printed,
 * so a failure can be replayed with {@code -Dcarbide.fuzz.seed=N}.
 */
class KeyFactoryFuzzTest {
  private static final Provider CARBIDE = Carbide.provider();
  private static final Provider SUN_EC = Security.getProvider("SunEC");
  private static final int CASES = Integer.getInteger("carbide.fuzz.keyCases", 1500);
  private static final long FIXED_SEED = dev.carbide.testing.Seeds.SEED;
  private static final Long REPLAY_SEED = Long.getLong("carbide.fuzz.seed");

  /**
   * The SunEC whose refusals Carbide follows is JDK 25's. Older ones accept more (JDK 17's takes
   * trailing bytes after an encoding, and a PKCS#8 v2 public key it does not read), so against them
   * only the first two rules hold: Carbide accepts nothing SunEC refuses, and the keys agree.
   */
  private static final boolean CURRENT_SUN_EC = Runtime.version().feature() >= 25;

  /** The curves whose keys each KeyFactory is fed: its own and, for one-curve factories, more. */
  private static String[] curvesFor(String factory) {
    return switch (factory) {
      case "EC" -> new String[] {"secp256r1", "secp384r1", "secp521r1"};
      case "EdDSA", "Ed25519", "Ed448" -> new String[] {"Ed25519", "Ed448"};
      default -> new String[] {"X25519", "X448"};
    };
  }

  @ParameterizedTest
  @ValueSource(strings = {"EC", "EdDSA", "Ed25519", "Ed448", "XDH", "X25519", "X448"})
  void acceptsNothingSunEcRefuses(String factory) throws Exception {
    List<Seed> seeds = seeds(factory);
    long fresh = REPLAY_SEED != null ? REPLAY_SEED : new Random().nextLong();
    System.out.println("KeyFactoryFuzzTest " + factory + ": fresh seed " + fresh);
    Report report = new Report(factory);
    run(factory, seeds, FIXED_SEED, report);
    run(factory, seeds, fresh, report);
    System.out.println(report.summary());
    if (Boolean.getBoolean("carbide.fuzz.verbose")) {
      report.failures.forEach(System.out::println);
    }
    assertTrue(report.failures.isEmpty(), report::failureText);
  }

  private record Seed(String curve, boolean isPrivate, byte[] der) {}

  private static void run(String factory, List<Seed> seeds, long seed, Report report)
      throws Exception {
    Random random = new Random(seed * 31 + factory.hashCode());
    KeyFactory carbide = KeyFactory.getInstance(factory, CARBIDE);
    KeyFactory sunEc = KeyFactory.getInstance(factory, SUN_EC);
    EncodingMutator[] mutators = EncodingMutator.values();
    for (int i = 0; i < CASES; i++) {
      Seed origin = seeds.get(random.nextInt(seeds.size()));
      byte[] der = origin.der();
      List<EncodingMutator> applied = new ArrayList<>();
      for (int rounds = 1 + (random.nextInt(4) == 0 ? 1 : 0); rounds > 0; rounds--) {
        EncodingMutator mutator = mutators[random.nextInt(mutators.length)];
        if (der.length == 0) {
          break;
        }
        try {
          der = mutator.apply(random, der);
        } catch (IllegalArgumentException notDer) {
          // A byte mutation left no tree for a tree mutation: mutate no further.
          break;
        }
        applied.add(mutator);
      }
      String label =
          factory
              + " "
              + origin.curve()
              + (origin.isPrivate() ? " PKCS#8 " : " X.509 ")
              + applied
              + " seed "
              + seed
              + " case "
              + i
              + ": "
              + HexFormat.of().formatHex(der);
      report.compare(label, applied, origin.isPrivate(), der, carbide, sunEc);
    }
  }

  /** Valid encodings to start from: both providers' keys, and PKCS#8 v2 where SunEC reads it. */
  private static List<Seed> seeds(String factory) throws Exception {
    List<Seed> seeds = new ArrayList<>();
    for (String curve : curvesFor(factory)) {
      for (Provider provider : new Provider[] {SUN_EC, CARBIDE}) {
        KeyPair pair = pair(provider, curve);
        seeds.add(new Seed(curve, false, pair.getPublic().getEncoded()));
        byte[] pkcs8 = pair.getPrivate().getEncoded();
        seeds.add(new Seed(curve, true, pkcs8));
        if (!curve.startsWith("secp")) {
          seeds.add(new Seed(curve, true, withPublicKey(pkcs8, pair.getPublic().getEncoded())));
        }
      }
    }
    return seeds;
  }

  private static KeyPair pair(Provider provider, String curve) throws Exception {
    if (curve.startsWith("secp")) {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", provider);
      generator.initialize(new ECGenParameterSpec(curve));
      return generator.generateKeyPair();
    }
    return KeyPairGenerator.getInstance(curve, provider).generateKeyPair();
  }

  // RFC 8410's OneAsymmetricKey (version 1) carrying the public key as [1] after the private key.
  private static byte[] withPublicKey(byte[] pkcs8, byte[] x509) {
    Der.Node root = Der.parse(pkcs8);
    Der.Node bitString = Der.parse(x509).children.get(1);
    root.children.get(0).content = new byte[] {1};
    root.children.add(new Der.Node(0x81, bitString.content));
    return root.encode();
  }

  /** What the cases found, by mutation. */
  private static final class Report {
    final String factory;
    final Map<EncodingMutator, int[]> counts = new EnumMap<>(EncodingMutator.class);
    final List<String> failures = new ArrayList<>();
    final Map<String, Integer> stricter = new java.util.TreeMap<>();
    int bothAccept;
    int bothRefuse;

    Report(String factory) {
      this.factory = factory;
    }

    void compare(
        String label,
        List<EncodingMutator> applied,
        boolean isPrivate,
        byte[] der,
        KeyFactory carbide,
        KeyFactory sunEc) {
      Key theirs = generate(sunEc, isPrivate, der);
      Key ours;
      try {
        ours = generate(carbide, isPrivate, der, true);
      } catch (Throwable wrongException) {
        fail("Carbide threw " + wrongException + " (not InvalidKeySpecException) for " + label);
        return;
      }
      for (EncodingMutator mutator : applied) {
        counts.computeIfAbsent(mutator, m -> new int[1])[0]++;
      }
      if (ours != null && theirs == null) {
        fail("Carbide accepted what SunEC refuses: " + label);
      } else if (ours == null && theirs != null) {
        String reason =
            KeyEncodingRules.documentedStricter(
                isPrivate,
                der,
                theirs instanceof java.security.interfaces.ECKey ec ? curveName(ec) : null);
        if (reason == null && CURRENT_SUN_EC) {
          fail("Carbide refused what SunEC accepts (align or document): " + label);
        } else if (reason == null) {
          stricter.merge("refused by this JDK's SunEC's successors", 1, Integer::sum);
        } else {
          stricter.merge(reason, 1, Integer::sum);
        }
      } else if (ours != null) {
        bothAccept++;
        String difference;
        try {
          difference = difference(ours, theirs);
        } catch (Throwable unusable) {
          difference = "reading the key threw " + unusable;
        }
        if (difference != null) {
          fail("the keys differ (" + difference + "): " + label);
        }
      } else {
        bothRefuse++;
      }
    }

    void fail(String text) {
      failures.add(text);
    }

    String summary() {
      StringBuilder text =
          new StringBuilder(
              factory
                  + ": both accepted "
                  + bothAccept
                  + ", both refused "
                  + bothRefuse
                  + ", failures "
                  + failures.size()
                  + "; mutations");
      counts.forEach(
          (mutator, count) -> text.append(' ').append(mutator).append('=').append(count[0]));
      text.append("; refused by Carbide alone, as documented: ").append(stricter);
      return text.toString();
    }

    String failureText() {
      return failures.size()
          + " failures, the first:\n"
          + String.join("\n", failures.subList(0, Math.min(12, failures.size())));
    }
  }

  private static Key generate(KeyFactory factory, boolean isPrivate, byte[] der) {
    try {
      return generate(factory, isPrivate, der, false);
    } catch (Exception refused) {
      return null;
    } catch (Error e) {
      throw e;
    } catch (Throwable unexpected) {
      return null;
    }
  }

  // The key, or null if the factory refuses the encoding with InvalidKeySpecException. With
  // `strict`, any other exception propagates.
  private static Key generate(KeyFactory factory, boolean isPrivate, byte[] der, boolean strict)
      throws Exception {
    KeySpec spec = isPrivate ? new PKCS8EncodedKeySpec(der) : new X509EncodedKeySpec(der);
    try {
      return isPrivate ? factory.generatePrivate(spec) : factory.generatePublic(spec);
    } catch (InvalidKeySpecException refused) {
      return null;
    } catch (RuntimeException other) {
      if (strict) {
        throw other;
      }
      return null;
    }
  }

  /** How two keys accepted from one encoding differ, or null if they hold the same key. */
  static String difference(Key ours, Key theirs) {
    if (!ours.getAlgorithm().equals(theirs.getAlgorithm())) {
      return "algorithm " + ours.getAlgorithm() + " against " + theirs.getAlgorithm();
    }
    if (ours instanceof ECPublicKey a && theirs instanceof ECPublicKey b) {
      return a.getW().equals(b.getW()) && a.getParams().getOrder().equals(b.getParams().getOrder())
          ? sameEncoding(ours, theirs)
          : "point or curve";
    }
    if (ours instanceof EdECPublicKey a && theirs instanceof EdECPublicKey b) {
      return a.getPoint().getY().equals(b.getPoint().getY())
              && a.getPoint().isXOdd() == b.getPoint().isXOdd()
              && a.getParams().getName().equals(b.getParams().getName())
          ? sameEncoding(ours, theirs)
          : "point or curve";
    }
    if (ours instanceof XECPublicKey a && theirs instanceof XECPublicKey b) {
      return a.getU().equals(b.getU())
              && ((java.security.spec.NamedParameterSpec) a.getParams())
                  .getName()
                  .equals(((java.security.spec.NamedParameterSpec) b.getParams()).getName())
          ? sameEncoding(ours, theirs)
          : "u or curve";
    }
    if (ours instanceof ECPrivateKey a && theirs instanceof ECPrivateKey b) {
      return a.getS().equals(b.getS()) && a.getParams().getOrder().equals(b.getParams().getOrder())
          ? null
          : "scalar or curve";
    }
    if (ours instanceof EdECPrivateKey a && theirs instanceof EdECPrivateKey b) {
      return Arrays.equals(a.getBytes().orElse(null), b.getBytes().orElse(null))
              && a.getParams().getName().equals(b.getParams().getName())
          ? null
          : "private bytes or curve";
    }
    if (ours instanceof XECPrivateKey a && theirs instanceof XECPrivateKey b) {
      return Arrays.equals(a.getScalar().orElse(null), b.getScalar().orElse(null))
              && Objects.equals(
                  ((java.security.spec.NamedParameterSpec) a.getParams()).getName(),
                  ((java.security.spec.NamedParameterSpec) b.getParams()).getName())
          ? null
          : "scalar or curve";
    }
    return "kinds " + ours.getClass().getName() + " against " + theirs.getClass().getName();
  }

  private static String curveName(java.security.interfaces.ECKey key) {
    for (String curve : KeyEncodingRules.SERVED_CURVES) {
      if (KeyEncodingRules.params(curve).getOrder().equals(key.getParams().getOrder())) {
        return curve;
      }
    }
    return null;
  }

  private static String sameEncoding(Key ours, Key theirs) {
    return Arrays.equals(ours.getEncoded(), theirs.getEncoded()) ? null : "getEncoded()";
  }
}
