package dev.carbide.pqc;

import dev.carbide.internal.EntryGuard;
import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import dev.carbide.keys.KeyRef;
import dev.carbide.keys.NativeKey;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Arrays;

/**
 * One key's native KEM context, set up once and reused: the engine under both the {@code
 * javax.crypto.KEM} services (Java 21 and later) and {@link dev.carbide.CarbideKem} (Java 17). It
 * holds its own reference to the key, so the key may be destroyed meanwhile. A context shared by
 * threads fails with IllegalStateException rather than racing inside OpenSSL.
 */
public final class KemContext {
  private final PqcAlgorithm parameterSet;
  private final long kem;
  private final Cleaner.Cleanable cleanable;
  private final EntryGuard guard = new EntryGuard();

  private KemContext(NativeKey key, boolean encapsulate) throws InvalidKeyException {
    this.parameterSet = ((PqcKey) key).parameterSet();
    KeyRef ref = new KeyRef(key.retain());
    try {
      this.kem = PqcNative.newKem(ref.handle(), encapsulate);
    } finally {
      ref.release();
    }
    this.cleanable = NativeCleaner.register(this, kem, PqcNative::freeKem, NativeFootprint.SIGNER);
  }

  /**
   * An encapsulator to {@code key}, which must be a key of the KEM {@code algorithm} ("ML-KEM" for
   * any set, "ML-KEM-768" for one); InvalidKeyException otherwise.
   */
  public static KemContext encapsulator(PublicKey key, String algorithm)
      throws InvalidKeyException {
    PqcKeys.Scope scope = scope(algorithm);
    return new KemContext(
        scope.family().hybrid
            ? HybridKeys.toPublic(key, scope.fixed())
            : PqcKeys.toPublic(key, scope),
        true);
  }

  /** A decapsulator with {@code key}, checked as {@link #encapsulator} checks. */
  public static KemContext decapsulator(PrivateKey key, String algorithm)
      throws InvalidKeyException {
    PqcKeys.Scope scope = scope(algorithm);
    return new KemContext(
        scope.family().hybrid
            ? HybridKeys.toPrivate(key, scope.fixed())
            : PqcKeys.toPrivate(key, scope),
        false);
  }

  /** True if {@code algorithm} is a KEM (family or set) that the loaded OpenSSL has. */
  public static boolean supports(String algorithm) {
    for (PqcAlgorithm set : PqcAlgorithm.values()) {
      if (set.family.kem
          && (set.jcaName.equalsIgnoreCase(algorithm)
              || set.family.jcaName.equalsIgnoreCase(algorithm))
          && PqcServices.available(set)) {
        return true;
      }
    }
    return false;
  }

  private static PqcKeys.Scope scope(String algorithm) throws InvalidKeyException {
    PqcAlgorithm fixed = PqcAlgorithm.byName(algorithm);
    if (fixed != null && fixed.family.kem) {
      return new PqcKeys.Scope(fixed.family, fixed);
    }
    for (PqcAlgorithm.Family family : PqcAlgorithm.Family.values()) {
      if (family.kem && family.jcaName.equalsIgnoreCase(algorithm)) {
        return new PqcKeys.Scope(family, null);
      }
    }
    throw new InvalidKeyException("not a KEM: " + algorithm);
  }

  /** The length of a shared secret. */
  public int secretSize() {
    return parameterSet.family.secretSize;
  }

  /** The length of a ciphertext (an encapsulation). */
  public int encapsulationSize() {
    return parameterSet.outputSize;
  }

  /**
   * A fresh ciphertext and its shared secret, as {ciphertext, secret}; the caller zeroes the secret
   * when done.
   */
  public byte[][] encapsulate() {
    byte[] both;
    guard.enter();
    try {
      both = PqcNative.encapsulate(kem);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
    int split = encapsulationSize();
    byte[][] result = {
      Arrays.copyOfRange(both, 0, split), Arrays.copyOfRange(both, split, both.length)
    };
    Arrays.fill(both, (byte) 0);
    return result;
  }

  /**
   * The shared secret of {@code ciphertext}. IllegalArgumentException if its length is not {@link
   * #encapsulationSize}; a malformed ML-KEM ciphertext of the right length gives a pseudo-random
   * secret (FIPS 203's implicit rejection), never an error. A hybrid's classical share has no such
   * rejection: one that is not a valid point (or gives X25519's all-zero secret) is an
   * IllegalArgumentException too, as OpenSSL refuses it.
   */
  public byte[] decapsulate(byte[] ciphertext) {
    if (ciphertext.length != encapsulationSize()) {
      throw new IllegalArgumentException("Invalid key encapsulation message length");
    }
    guard.enter();
    try {
      return PqcNative.decapsulate(kem, ciphertext, 0, ciphertext.length);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
  }
}
