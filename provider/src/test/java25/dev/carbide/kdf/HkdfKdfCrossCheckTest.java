package dev.carbide.kdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import javax.crypto.SecretKey;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** Carbide's HKDF against SunJCE's on random inputs, in every spec kind and key shape. */
class HkdfKdfCrossCheckTest {
  private static final String[] KEY_ALGORITHMS = {
    "AES", "Generic", "TlsHandshakeSecret", "HmacSHA256", "TlsEarlySecret", "x"
  };

  private final long seed = System.nanoTime();
  private final Random random = new Random(seed);

  private byte[] bytes(int maxLength) {
    byte[] out = new byte[random.nextInt(maxLength + 1)];
    random.nextBytes(out);
    return out;
  }

  /** Adds IKM and salt as 0 to 3 pieces each, some as SecretKeys and some as byte arrays. */
  private HKDFParameterSpec.Builder randomExtract() {
    HKDFParameterSpec.Builder builder = HKDFParameterSpec.ofExtract();
    addPieces(builder::addIKM, builder::addIKM, "TlsPremasterSecret");
    addPieces(builder::addSalt, builder::addSalt, "Generic");
    return builder;
  }

  private void addPieces(Consumer<SecretKey> addKey, Consumer<byte[]> addBytes, String algorithm) {
    for (int i = random.nextInt(4); i > 0; i--) {
      byte[] piece = bytes(40);
      if (random.nextBoolean() && piece.length > 0) {
        addKey.accept(new SecretKeySpec(piece, algorithm));
      } else {
        addBytes.accept(piece);
      }
    }
  }

  @Test
  void randomInputsInEverySpecKind() throws Exception {
    for (String algorithm : SunJceComparison.ALGORITHMS) {
      int hashLength =
          SunJceComparison.carbide(algorithm)
              .deriveData(HKDFParameterSpec.ofExtract().extractOnly())
              .length;
      for (int n = 0; n < 100; n++) {
        String context = algorithm + " seed " + seed + " case " + n;
        byte[] info = random.nextInt(5) == 0 ? null : bytes(200);
        int length = 1 + random.nextInt(n % 10 == 0 ? 255 * hashLength : 3 * hashLength);
        String keyAlgorithm = KEY_ALGORITHMS[n % KEY_ALGORITHMS.length];
        HKDFParameterSpec.Extract extract = randomExtract().extractOnly();
        HKDFParameterSpec.ExtractThenExpand both = randomExtract().thenExpand(info, length);
        byte[] prkBytes = new byte[hashLength + random.nextInt(3) * random.nextInt(40)];
        random.nextBytes(prkBytes);
        HKDFParameterSpec.Expand expand =
            HKDFParameterSpec.expandOnly(new SecretKeySpec(prkBytes, "Generic"), info, length);
        for (HKDFParameterSpec spec : List.of(extract, both, expand)) {
          SunJceComparison.assertSameOutcome(algorithm, kdf -> kdf.deriveData(spec), context);
          SunJceComparison.assertSameOutcome(
              algorithm, kdf -> kdf.deriveKey(keyAlgorithm, spec), context);
        }
      }
    }
  }

  /** The calls SunJSSE makes for a TLS 1.3 key schedule, each on a fresh KDF as it does. */
  @Test
  void tls13KeyScheduleShape() throws Exception {
    for (String algorithm : new String[] {"HKDF-SHA256", "HKDF-SHA384"}) {
      int hashLength = algorithm.endsWith("256") ? 32 : 48;
      byte[] zeros = new byte[hashLength];
      byte[] shared = bytes(64);
      byte[] label = new byte[2 + 1 + 14 + 1 + hashLength];
      random.nextBytes(label);
      SunJceComparison.Call schedule =
          kdf -> {
            SecretKey early =
                SunJceComparison.fresh(kdf)
                    .deriveKey(
                        "TlsEarlySecret",
                        HKDFParameterSpec.ofExtract().addSalt(zeros).addIKM(zeros).extractOnly());
            SecretKey salt =
                SunJceComparison.fresh(kdf)
                    .deriveKey(
                        "TlsSaltSecret", HKDFParameterSpec.expandOnly(early, label, hashLength));
            SecretKey handshake =
                SunJceComparison.fresh(kdf)
                    .deriveKey(
                        "TlsHandshakeSecret",
                        HKDFParameterSpec.ofExtract()
                            .addSalt(salt)
                            .addIKM(new SecretKeySpec(shared, "TlsPremasterSecret"))
                            .extractOnly());
            return SunJceComparison.fresh(kdf)
                .deriveKey("TlsKey", HKDFParameterSpec.expandOnly(handshake, label, 16));
          };
      SunJceComparison.assertSameOutcome(algorithm, schedule, algorithm + " seed " + seed);
    }
  }

  @Test
  void concurrentDerivationsOnSeparateInstances() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> results = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        long threadSeed = seed + t;
        results.add(
            pool.submit(
                () -> {
                  Random local = new Random(threadSeed);
                  for (int n = 0; n < 200; n++) {
                    byte[] ikm = new byte[1 + local.nextInt(64)];
                    byte[] info = new byte[local.nextInt(64)];
                    local.nextBytes(ikm);
                    local.nextBytes(info);
                    HKDFParameterSpec spec =
                        HKDFParameterSpec.ofExtract().addIKM(ikm).thenExpand(info, 1 + n);
                    String algorithm = SunJceComparison.ALGORITHMS[n % 3];
                    assertArrayEquals(
                        SunJceComparison.sunJce(algorithm).deriveData(spec),
                        SunJceComparison.carbide(algorithm).deriveData(spec),
                        "seed " + threadSeed + " case " + n);
                  }
                  return null;
                }));
      }
      for (Future<?> result : results) {
        result.get();
      }
    } finally {
      pool.shutdown();
    }
    assertEquals(0, pool.shutdownNow().size());
  }
}
