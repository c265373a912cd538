package dev.carbide.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.crypto.KeyGenerator;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.DESedeKeySpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * MessageDigest, Mac, PBKDF2, DESede keys and SecureRandom: every algorithm Carbide registers of
 * each.
 */
final class PrimitiveTargets {
  private PrimitiveTargets() {}

  static List<FuzzTarget> all() {
    return List.of(
        target("MessageDigest", PrimitiveTargets::digest),
        target("Mac", PrimitiveTargets::mac),
        target("SecretKeyFactory-PBKDF2", PrimitiveTargets::pbkdf2),
        target("DESede keys", PrimitiveTargets::desedeKeys),
        target("SecureRandom", PrimitiveTargets::secureRandom));
  }

  @FunctionalInterface
  interface CaseBody {
    void run(Random random) throws Exception;
  }

  /** A named target from a method. */
  static FuzzTarget target(String name, CaseBody body) {
    return new FuzzTarget() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public void runCase(Random random) throws Exception {
        body.run(random);
      }
    };
  }

  /** An output offset, mostly small, sometimes negative; and the room after it. */
  private record Out(int offset, int room) {
    static Out draw(Random random) {
      int offset = random.nextInt(4) == 0 ? random.nextInt(80) - 8 : random.nextInt(8);
      int room = random.nextInt(4) == 0 ? random.nextInt(80) : 72;
      return new Out(offset, room);
    }

    @Override
    public String toString() {
      return "out@" + offset + "/" + room;
    }
  }

  private static void digest(Random random) throws Exception {
    String algorithm = Providers.pick(random, Providers.algorithms("MessageDigest", ""));
    byte[] data = Inputs.bytes(random, Inputs.length(random, 5000));
    List<Inputs.Piece> pieces = Inputs.split(random, data.length);
    int cloneAfter = random.nextInt(pieces.size() + 1);
    Out out = Out.draw(random);
    Divergence.compare(
        algorithm + " " + data.length + " bytes in " + pieces + " clone@" + cloneAfter + " " + out,
        "SUN",
        (s, provider) -> digestRun(s, provider, algorithm, data, pieces, cloneAfter, out));
  }

  private static byte[] digestRun(
      Outcome.Steps steps,
      Provider provider,
      String algorithm,
      byte[] data,
      List<Inputs.Piece> pieces,
      int cloneAfter,
      Out out)
      throws Exception {
    MessageDigest[] digest = {MessageDigest.getInstance(algorithm, provider)};
    int[] pieceCount = {0};
    Runnable maybeClone =
        () -> {
          if (++pieceCount[0] == cloneAfter) {
            try {
              digest[0] = (MessageDigest) digest[0].clone();
            } catch (CloneNotSupportedException e) {
              throw new IllegalStateException(e);
            }
          }
        };
    steps.at("update");
    Inputs.feed(
        pieces,
        data,
        Inputs.sink(
            (a, off, len) -> {
              digest[0].update(a, off, len);
              maybeClone.run();
            },
            b -> {
              digest[0].update(b);
              maybeClone.run();
            },
            b -> {
              digest[0].update(b);
              maybeClone.run();
            }));
    steps.at("digest");
    byte[] result = new byte[Math.max(0, out.room)];
    int length = digest[0].digest(result, out.offset, out.room - Math.max(0, out.offset));
    return Arrays.copyOfRange(result, out.offset, out.offset + length);
  }

  private static void mac(Random random) throws Exception {
    String algorithm = Providers.pick(random, Providers.algorithms("Mac", "Hmac"));
    byte[] key = Inputs.bytes(random, 1 + Inputs.length(random, 200));
    byte[] data = Inputs.bytes(random, Inputs.length(random, 5000));
    List<Inputs.Piece> pieces = Inputs.split(random, data.length);
    Out out = Out.draw(random);
    boolean twice = random.nextBoolean();
    Divergence.compare(
        algorithm
            + " key "
            + key.length
            + ", "
            + data.length
            + " bytes in "
            + pieces
            + " "
            + out
            + (twice ? " twice" : ""),
        "SunJCE",
        (s, provider) -> macRun(s, provider, algorithm, key, data, pieces, out, twice));
  }

  private static byte[] macRun(
      Outcome.Steps steps,
      Provider provider,
      String algorithm,
      byte[] key,
      byte[] data,
      List<Inputs.Piece> pieces,
      Out out,
      boolean twice)
      throws Exception {
    Mac mac = Mac.getInstance(algorithm, provider);
    steps.at("init");
    mac.init(new SecretKeySpec(key, "RAW"));
    byte[] first = null;
    for (int round = 0; round < (twice ? 2 : 1); round++) {
      steps.at("update");
      Inputs.feed(pieces, data, Inputs.sink(mac::update, mac::update, mac::update));
      steps.at("doFinal");
      byte[] result = new byte[Math.max(0, out.room)];
      mac.doFinal(result, out.offset);
      byte[] tag = Arrays.copyOfRange(result, out.offset, out.offset + mac.getMacLength());
      if (first != null && !Arrays.equals(first, tag)) {
        throw new IllegalStateException("a reused Mac gave another tag");
      }
      first = tag;
    }
    return first;
  }

  private static void pbkdf2(Random random) throws Exception {
    String algorithm = Providers.pick(random, Providers.algorithms("SecretKeyFactory", "PBKDF2"));
    char[] password = new char[random.nextInt(5) == 0 ? 0 : 1 + random.nextInt(40)];
    for (int i = 0; i < password.length; i++) {
      password[i] =
          (char)
              (random.nextInt(8) == 0 ? 0x80 + random.nextInt(0x700) : 0x20 + random.nextInt(0x5f));
    }
    byte[] salt = Inputs.bytes(random, random.nextInt(10) == 0 ? 0 : 1 + random.nextInt(40));
    int iterations = 1 + random.nextInt(300);
    int bits = random.nextInt(3) == 0 ? 8 * (1 + random.nextInt(80)) : 1 + random.nextInt(700);
    int keyBits = random.nextInt(20) == 0 ? -random.nextInt(3) : bits;
    Divergence.compare(
        algorithm
            + " password "
            + password.length
            + " chars, salt "
            + salt.length
            + ", "
            + iterations
            + " iterations, "
            + keyBits
            + " bits",
        "SunJCE",
        (s, provider) -> {
          SecretKeyFactory factory = SecretKeyFactory.getInstance(algorithm, provider);
          s.at("spec");
          PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, keyBits);
          s.at("generateSecret");
          return factory.generateSecret(spec).getEncoded();
        });
  }

  /**
   * DESede's KeyGenerator (fed the same random bytes on both sides, so the keys must be equal) and
   * SecretKeyFactory: a spec or key of a random length, class and algorithm name, through
   * generateSecret, getKeySpec and translateKey.
   */
  private static void desedeKeys(Random random) throws Exception {
    if (Providers.carbide().getService("SecretKeyFactory", "DESede") == null) {
      return; // FIPS mode leaves DESede out
    }
    int bits = random.nextInt(4) == 0 ? 8 * random.nextInt(30) : random.nextBoolean() ? 112 : 168;
    long seed = random.nextLong();
    byte[] raw = Inputs.bytes(random, random.nextInt(4) == 0 ? random.nextInt(40) : 24);
    int kind = random.nextInt(4);
    String algorithm = Providers.pick(random, List.of("DESede", "TripleDES", "desede", "AES"));
    String what =
        "DESede keygen "
            + bits
            + " bits; key "
            + raw.length
            + " bytes, kind "
            + kind
            + " "
            + algorithm;
    Divergence.compare(
        what,
        "SunJCE",
        (s, provider) -> {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          KeyGenerator generator = KeyGenerator.getInstance("DESede", provider);
          s.at("keygen init");
          Random bytes = new Random(seed);
          generator.init(
              bits,
              new SecureRandom() {
                @Override
                public void nextBytes(byte[] b) {
                  bytes.nextBytes(b);
                }
              });
          s.at("generateKey");
          out.write(generator.generateKey().getEncoded());
          SecretKeyFactory factory = SecretKeyFactory.getInstance("DESede", provider);
          // SecretKeySpec refuses an empty key, so an empty one is sent as one zero byte.
          byte[] material = raw.length == 0 ? new byte[1] : raw;
          SecretKey key;
          switch (kind) {
            case 0 -> {
              s.at("spec");
              DESedeKeySpec spec = new DESedeKeySpec(raw);
              s.at("generateSecret");
              key = factory.generateSecret(spec);
            }
            case 1 -> {
              s.at("generateSecret");
              key = factory.generateSecret(new SecretKeySpec(material, algorithm));
            }
            case 2 -> {
              s.at("translateKey");
              key = factory.translateKey(new SecretKeySpec(material, algorithm));
            }
            default -> {
              s.at("generateSecret");
              key = factory.generateSecret(new X509EncodedKeySpec(raw));
            }
          }
          out.write(key.getEncoded());
          out.write(key.getAlgorithm().getBytes(StandardCharsets.US_ASCII));
          s.at("getKeySpec");
          out.write(((DESedeKeySpec) factory.getKeySpec(key, DESedeKeySpec.class)).getKey());
          return out.toByteArray();
        });
  }

  /** No JDK twin to compare with: checks lengths, that output varies, and that nothing throws. */
  private static void secureRandom(Random random) throws Exception {
    SecureRandom secure = SecureRandom.getInstance("DEFAULT", Providers.carbide());
    int length = 16 + random.nextInt(2000);
    byte[] a = new byte[length];
    byte[] b = new byte[length];
    if (random.nextBoolean()) {
      secure.setSeed(Inputs.bytes(random, random.nextInt(64)));
    }
    secure.nextBytes(a);
    secure.nextBytes(b);
    int seedLength = random.nextInt(64);
    byte[] seed = secure.generateSeed(seedLength);
    if (Arrays.equals(a, b) || Arrays.equals(a, new byte[length])) {
      throw new Divergence("SecureRandom gave repeated or zero output for " + length + " bytes");
    }
    if (seed.length != seedLength) {
      throw new Divergence("generateSeed(" + seedLength + ") returned " + seed.length + " bytes");
    }
  }
}
