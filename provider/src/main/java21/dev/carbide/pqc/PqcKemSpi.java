package dev.carbide.pqc;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.DecapsulateException;
import javax.crypto.KEM;
import javax.crypto.KEMSpi;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * {@code javax.crypto.KEM} for ML-KEM ("ML-KEM" for a key of any set, "ML-KEM-768" for one) and the
 * hybrid KEMs ("X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024"), with the JDK 25's
 * contract: no parameters, the secret's {@code [from, to)} range and algorithm checked as
 * SecretKeySpec checks them, a ciphertext of the wrong length refused with DecapsulateException,
 * and a malformed one of the right length decapsulated to a pseudo-random secret (implicit
 * rejection); a hybrid ciphertext whose classical share is invalid is a DecapsulateException, as
 * the JDK's DHKEM refuses one. Randomness comes from OpenSSL's DRBG, so a SecureRandom passed in is
 * not used. Each Encapsulator or Decapsulator owns one native context, reused for every call.
 */
final class PqcKemSpi implements KEMSpi {
  private final String algorithm;

  PqcKemSpi(String algorithm) {
    this.algorithm = algorithm;
  }

  @Override
  public EncapsulatorSpi engineNewEncapsulator(
      PublicKey publicKey, AlgorithmParameterSpec spec, SecureRandom secureRandom)
      throws InvalidAlgorithmParameterException, InvalidKeyException {
    checkNoSpec(spec);
    if (publicKey == null) {
      throw new InvalidKeyException("input key is null");
    }
    return new Encapsulator(KemContext.encapsulator(publicKey, algorithm));
  }

  @Override
  public DecapsulatorSpi engineNewDecapsulator(PrivateKey privateKey, AlgorithmParameterSpec spec)
      throws InvalidAlgorithmParameterException, InvalidKeyException {
    checkNoSpec(spec);
    if (privateKey == null) {
      throw new InvalidKeyException("input key is null");
    }
    return new Decapsulator(KemContext.decapsulator(privateKey, algorithm));
  }

  private static void checkNoSpec(AlgorithmParameterSpec spec)
      throws InvalidAlgorithmParameterException {
    if (spec != null) {
      throw new InvalidAlgorithmParameterException("no spec needed");
    }
  }

  /**
   * The secret's bytes [from, to) as a key of {@code algorithm}; zeroes {@code secret}. The range
   * and algorithm are checked by SecretKeySpec, after the KEM operation, as the JDK 25 checks them:
   * the same exceptions (ArrayIndexOutOfBoundsException, IllegalArgumentException) for the same
   * mistakes.
   */
  private static SecretKey key(byte[] secret, int from, int to, String algorithm) {
    try {
      return new SecretKeySpec(secret, from, to - from, algorithm);
    } finally {
      Arrays.fill(secret, (byte) 0);
    }
  }

  private record Encapsulator(KemContext context) implements EncapsulatorSpi {
    @Override
    public KEM.Encapsulated engineEncapsulate(int from, int to, String algorithm) {
      byte[][] result = context.encapsulate();
      return new KEM.Encapsulated(key(result[1], from, to, algorithm), result[0], null);
    }

    @Override
    public int engineSecretSize() {
      return context.secretSize();
    }

    @Override
    public int engineEncapsulationSize() {
      return context.encapsulationSize();
    }
  }

  private record Decapsulator(KemContext context) implements DecapsulatorSpi {
    @Override
    public SecretKey engineDecapsulate(byte[] encapsulation, int from, int to, String algorithm)
        throws DecapsulateException {
      Objects.requireNonNull(encapsulation, "null encapsulation");
      if (encapsulation.length != engineEncapsulationSize()) {
        throw new DecapsulateException("Invalid key encapsulation message length");
      }
      byte[] secret;
      try {
        secret = context.decapsulate(encapsulation);
      } catch (IllegalArgumentException e) {
        // A hybrid's classical share that is not a valid point: ECDH has no implicit rejection.
        throw new DecapsulateException(e.getMessage(), e);
      }
      return key(secret, from, to, algorithm);
    }

    @Override
    public int engineSecretSize() {
      return context.secretSize();
    }

    @Override
    public int engineEncapsulationSize() {
      return context.encapsulationSize();
    }
  }
}
