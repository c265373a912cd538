package dev.carbide.hybrid;

import dev.carbide.internal.EntryGuard;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyPairGeneratorSpi;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;

/**
 * A key pair generator whose every generation runs on one engine: key generation has no size
 * classes, so its route key is on the JDK from 0 bytes or not at all. Carbide's generator takes
 * every {@code initialize}, so the checks and exceptions are Carbide's (which are the JDK
 * provider's); the JDK's generator is made at the first generation on its route and given the same
 * {@code initialize}. If the JDK refuses what Carbide accepted, generation stays on Carbide until
 * the next {@code initialize}.
 *
 * <p>Keys of either origin work in either provider's KEM, Signature and KeyFactory: each translates
 * a foreign key once through its standard encoding (X.509, PKCS#8), which for ML-KEM, ML-DSA and
 * DSA is byte for byte the same in Carbide and the JDK (docs/post-quantum.md).
 */
final class RoutedKeyPairGenerator extends KeyPairGeneratorSpi {
  /** The last {@code initialize}, replayed on the JDK's generator when it is first needed. */
  @FunctionalInterface
  private interface Initialization {
    void apply(KeyPairGenerator generator) throws GeneralSecurityException;
  }

  private final String algorithm;
  private final Provider jdkProvider;
  private final boolean onJdk;
  private final KeyPairGenerator carbide;
  private final EntryGuard guard = new EntryGuard();
  private Initialization initialization;
  private KeyPairGenerator jdk;
  private boolean jdkCurrent;
  private boolean jdkRefused;
  private KeyPairGenerator active;

  RoutedKeyPairGenerator(String algorithm, Provider jdkProvider, int generateFrom)
      throws GeneralSecurityException {
    this.algorithm = algorithm;
    this.jdkProvider = jdkProvider;
    this.onJdk = generateFrom == 0;
    this.carbide = KeyPairGenerator.getInstance(algorithm, Routing.unrouted());
  }

  /** The engine of the last generation, or null before the first. */
  KeyPairGenerator engine() {
    return active;
  }

  @Override
  public void initialize(int keysize, SecureRandom random) {
    guard.enter();
    try {
      carbide.initialize(keysize, random);
      restart(generator -> generator.initialize(keysize, random));
    } finally {
      guard.exit();
    }
  }

  @Override
  public void initialize(AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidAlgorithmParameterException {
    guard.enter();
    try {
      carbide.initialize(params, random);
      restart(generator -> generator.initialize(params, random));
    } finally {
      guard.exit();
    }
  }

  @Override
  public KeyPair generateKeyPair() {
    guard.enter();
    try {
      active = onJdk ? initialisedJdk() : carbide;
      return active.generateKeyPair();
    } finally {
      guard.exit();
    }
  }

  private void restart(Initialization accepted) {
    initialization = accepted;
    jdkCurrent = false;
    jdkRefused = false;
  }

  /** The JDK's generator set up like Carbide's, or Carbide's if the JDK refuses the setup. */
  private KeyPairGenerator initialisedJdk() {
    if (jdkCurrent) {
      return jdk;
    }
    if (jdkRefused) {
      return carbide;
    }
    try {
      if (jdk == null) {
        jdk = KeyPairGenerator.getInstance(algorithm, jdkProvider);
      }
      if (initialization != null) {
        initialization.apply(jdk);
      }
      jdkCurrent = true;
      return jdk;
    } catch (GeneralSecurityException | RuntimeException e) {
      // Parameters Carbide accepts and the JDK does not: this setup stays on Carbide.
      jdk = null;
      jdkRefused = true;
      return carbide;
    }
  }
}
