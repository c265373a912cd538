package dev.carbide.hybrid;

import dev.carbide.internal.EntryGuard;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.spec.AlgorithmParameterSpec;

/**
 * A signature whose engine is chosen at each {@code initSign} or {@code initVerify}; signatures
 * have no size classes, so a route key is on the JDK from 0 bytes or not at all. Carbide's engine
 * takes every init (key acceptance and exceptions are Carbide's); the JDK's takes the same key if
 * the route says so, and if it refuses the key, or the caller set parameters (contexts, which are
 * Carbide's own spec), the operation stays on Carbide.
 */
final class RoutedSignature extends SignatureSpi {
  private final String algorithm;
  private final Provider jdkProvider;
  private final boolean signOnJdk;
  private final boolean verifyOnJdk;
  private final Signature carbide;
  private final EntryGuard guard = new EntryGuard();
  private Signature jdk;
  private Signature active;
  private boolean parametersSet;
  private PublicKey verifyKey;

  RoutedSignature(String algorithm, Provider jdkProvider, int signFrom, int verifyFrom)
      throws GeneralSecurityException {
    this.algorithm = algorithm;
    this.jdkProvider = jdkProvider;
    this.signOnJdk = signFrom == 0;
    this.verifyOnJdk = verifyFrom == 0;
    this.carbide = Signature.getInstance(algorithm, Routing.unrouted());
  }

  /** The engine of the current operation, or null before the first init. */
  Signature engine() {
    return active;
  }

  @Override
  protected void engineInitVerify(PublicKey publicKey) throws InvalidKeyException {
    guard.enter();
    try {
      carbide.initVerify(publicKey);
      active = carbide;
      verifyKey = publicKey;
      if (verifyOnJdk && !parametersSet && jdk() != null) {
        try {
          jdk.initVerify(publicKey);
          active = jdk;
        } catch (InvalidKeyException | RuntimeException e) {
          // The JDK cannot take this key: the operation stays on Carbide.
        }
      }
    } finally {
      guard.exit();
    }
  }

  @Override
  protected void engineInitSign(PrivateKey privateKey) throws InvalidKeyException {
    engineInitSign(privateKey, null);
  }

  @Override
  protected void engineInitSign(PrivateKey privateKey, SecureRandom random)
      throws InvalidKeyException {
    guard.enter();
    try {
      carbide.initSign(privateKey, random);
      active = carbide;
      if (signOnJdk && !parametersSet && jdk() != null) {
        try {
          jdk.initSign(privateKey, random);
          active = jdk;
        } catch (InvalidKeyException | RuntimeException e) {
          // The JDK cannot take this key: the operation stays on Carbide.
        }
      }
    } finally {
      guard.exit();
    }
  }

  @Override
  protected void engineUpdate(byte b) throws SignatureException {
    guard.enter();
    try {
      active.update(b);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected void engineUpdate(byte[] b, int off, int len) throws SignatureException {
    guard.enter();
    try {
      active.update(b, off, len);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected void engineUpdate(ByteBuffer input) {
    guard.enter();
    try {
      active.update(input);
    } catch (SignatureException e) {
      throw new IllegalStateException(e.getMessage(), e);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected byte[] engineSign() throws SignatureException {
    guard.enter();
    try {
      return active.sign();
    } finally {
      guard.exit();
    }
  }

  @Override
  protected int engineSign(byte[] outbuf, int offset, int len) throws SignatureException {
    guard.enter();
    try {
      return active.sign(outbuf, offset, len);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected boolean engineVerify(byte[] sigBytes) throws SignatureException {
    if (sigBytes == null) {
      guard.enter();
      try {
        return active.verify(sigBytes);
      } finally {
        guard.exit();
      }
    }
    return engineVerify(sigBytes, 0, sigBytes.length);
  }

  @Override
  protected boolean engineVerify(byte[] sigBytes, int offset, int length)
      throws SignatureException {
    guard.enter();
    try {
      if (active != jdk) {
        return active.verify(sigBytes, offset, length);
      }
      try {
        return jdk.verify(sigBytes, offset, length);
      } catch (SignatureException e) {
        // The JDK throws for a signature of the wrong length, where Carbide (and Wycheproof)
        // answer false. The engine is re-initialised, as a verify resets it.
        jdk.initVerify(verifyKey);
        return false;
      }
    } catch (InvalidKeyException e) {
      throw new SignatureException(e.getMessage(), e);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected void engineSetParameter(AlgorithmParameterSpec params)
      throws InvalidAlgorithmParameterException {
    guard.enter();
    try {
      carbide.setParameter(params);
      // Parameters are Carbide's (PqcSignatureParameterSpec): the rest of this object's life
      // stays on Carbide, which was initialised with the same key.
      parametersSet = true;
      if (active != null) {
        active = carbide;
      }
    } finally {
      guard.exit();
    }
  }

  @Override
  protected AlgorithmParameters engineGetParameters() {
    return carbide.getParameters();
  }

  @Override
  @SuppressWarnings("deprecation")
  protected void engineSetParameter(String param, Object value) {
    carbide.setParameter(param, value);
  }

  @Override
  @SuppressWarnings("deprecation")
  protected Object engineGetParameter(String param) {
    return carbide.getParameter(param);
  }

  private Signature jdk() {
    if (jdk == null) {
      try {
        jdk = Signature.getInstance(algorithm, jdkProvider);
      } catch (GeneralSecurityException e) {
        return null;
      }
    }
    return jdk;
  }
}
