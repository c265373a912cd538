package dev.carbide.bench;

import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * One-shot {@code doFinal(input)} on a Mac keyed once (a 32-byte key) and reused; AESGMAC, whose IV
 * serves one message, is initialised with the same key object and a new IV before each.
 */
public class MacBenchmark extends SizedInputBenchmark {
  // AESCMAC, KMAC256, POLY1305 and AESGMAC take the same 32-byte key; the JDK has none of them.
  @Param({
    "HmacSHA256",
    "HmacSHA512",
    "HmacSHA3-256",
    "AESCMAC",
    "KMAC256",
    "POLY1305",
    "HmacMD5",
    "AESGMAC"
  })
  public String algorithm;

  /** The MAC whose every message needs a new IV, so an init. */
  private static final String GMAC = "AESGMAC";

  private Mac mac;
  private boolean newIvPerMessage;
  private SecretKeySpec key;
  private final CipherBenchmark.Counter iv = new CipherBenchmark.Counter();

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    key = key(algorithm);
    mac = open(provider, algorithm, key, iv);
    newIvPerMessage = algorithm.equals(GMAC);
  }

  @Benchmark
  public byte[] doFinal() throws GeneralSecurityException {
    if (newIvPerMessage) {
      mac.init(key, new IvParameterSpec(iv.next(12)));
    }
    return mac.doFinal(input);
  }

  private static SecretKeySpec key(String algorithm) {
    return new SecretKeySpec(Inputs.bytes(32, 3), algorithm.equals(GMAC) ? "AES" : algorithm);
  }

  static Mac open(String provider, String algorithm, SecretKeySpec key, CipherBenchmark.Counter iv)
      throws GeneralSecurityException, NotAvailableException {
    Mac mac = Mac.getInstance(algorithm, Providers.forService(provider, "Mac", algorithm));
    if (algorithm.equals(GMAC)) {
      mac.init(key, new IvParameterSpec(iv.next(12)));
    } else {
      mac.init(key);
    }
    return mac;
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    open(provider, algorithm, key(algorithm), new CipherBenchmark.Counter())
        .doFinal(Inputs.bytes(64, 2));
  }
}
