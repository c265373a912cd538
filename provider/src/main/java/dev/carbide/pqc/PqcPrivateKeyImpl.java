package dev.carbide.pqc;

import dev.carbide.keys.NativePrivateKey;
import dev.carbide.keys.PkeyNative;
import java.util.Arrays;

/**
 * A Carbide ML-KEM, ML-DSA or SLH-DSA private key. It encodes as the JDK 25 does, whatever form it
 * was read from: see {@link PqcEncoding#privateKeyInfo}.
 */
final class PqcPrivateKeyImpl extends NativePrivateKey implements PqcKey {
  private static final long serialVersionUID = 1L;

  private final transient PqcAlgorithm parameterSet;

  PqcPrivateKeyImpl(PqcAlgorithm parameterSet, long handle) {
    super(parameterSet.family.jcaName, handle, parameterSet.footprint());
    this.parameterSet = parameterSet;
  }

  @Override
  public PqcAlgorithm parameterSet() {
    return parameterSet;
  }

  @Override
  protected byte[] encode(long handle) {
    byte[] raw = PkeyNative.rawBytes(handle, true);
    try {
      return PqcEncoding.privateKeyInfo(parameterSet, raw);
    } finally {
      Arrays.fill(raw, (byte) 0);
    }
  }

  @Override
  public String toString() {
    return "Carbide " + parameterSet.jcaName + " private key";
  }
}
