package dev.carbide.pqc;

import dev.carbide.keys.NativeKey;
import dev.carbide.keys.PkeyNative;
import java.io.NotSerializableException;
import java.io.ObjectStreamException;
import java.security.KeyRep;
import java.security.MessageDigest;
import java.security.PrivateKey;
import javax.security.auth.Destroyable;

/**
 * A private key of a hybrid KEM. X25519MLKEM768's is exported as OpenSSL's raw bytes (format "RAW":
 * the ML-KEM-768 decapsulation key followed by the X25519 private key, 2432 bytes). OpenSSL 3.5
 * exports no private key of the NIST-curve hybrids, so theirs stays native: {@link #getFormat} and
 * {@link #getEncoded} return null, as a JCA key that cannot be encoded may.
 */
final class HybridPrivateKey extends NativeKey implements PrivateKey, Destroyable, PqcKey {
  private static final long serialVersionUID = 1L;

  private final transient PqcAlgorithm parameterSet;

  HybridPrivateKey(PqcAlgorithm parameterSet, long handle) {
    super(parameterSet.family.jcaName, handle, parameterSet.footprint());
    this.parameterSet = parameterSet;
  }

  @Override
  public String getFormat() {
    return parameterSet.privateKeyExportable() ? "RAW" : null;
  }

  @Override
  public byte[] getEncoded() {
    if (!parameterSet.privateKeyExportable()) {
      query(handle -> null); // a destroyed key still says so
      return null;
    }
    return super.getEncoded();
  }

  @Override
  protected byte[] encode(long handle) {
    return PkeyNative.rawBytes(handle, true);
  }

  @Override
  protected KeyRep.Type repType() {
    return KeyRep.Type.PRIVATE;
  }

  /**
   * The raw bytes in Carbide's own serial form ({@link HybridKeyRep}), which KeyRep cannot carry; a
   * NIST-curve hybrid's private key has no bytes to write, and refuses.
   */
  @Override
  protected Object serialForm() throws ObjectStreamException {
    byte[] raw = getEncoded();
    if (raw == null) {
      throw new NotSerializableException(
          parameterSet.jcaName
              + " private keys cannot be serialized: OpenSSL exports no private key of the"
              + " NIST-curve hybrids");
    }
    return new HybridKeyRep(parameterSet.jcaName, true, raw);
  }

  @Override
  public PqcAlgorithm parameterSet() {
    return parameterSet;
  }

  @Override
  public void destroy() {
    destroyKey();
  }

  @Override
  public boolean isDestroyed() {
    return destroyed();
  }

  /** Equal to a key with the same raw encoding, compared in constant time; else only to itself. */
  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!parameterSet.privateKeyExportable()
        || !(other instanceof PrivateKey key)
        || !parameterSet.jcaName.equalsIgnoreCase(key.getAlgorithm())
        || !"RAW".equalsIgnoreCase(key.getFormat())) {
      return false;
    }
    byte[] theirs = key.getEncoded();
    byte[] ours = getEncoded();
    try {
      return theirs != null && MessageDigest.isEqual(ours, theirs);
    } finally {
      java.util.Arrays.fill(ours, (byte) 0);
      if (theirs != null) {
        java.util.Arrays.fill(theirs, (byte) 0);
      }
    }
  }

  @Override
  public int hashCode() {
    return parameterSet.hashCode();
  }

  @Override
  public String toString() {
    return "Carbide " + parameterSet.jcaName + " private key";
  }
}
