package dev.carbide.edec;

import dev.carbide.keys.NativePrivateKey;
import dev.carbide.keys.PkeyNative;
import java.security.interfaces.EdECPrivateKey;
import java.security.spec.NamedParameterSpec;
import java.util.Optional;

/** A Carbide Ed25519 or Ed448 private key. */
final class EdEcPrivateKeyImpl extends NativePrivateKey implements EdECPrivateKey, EdEcKey {
  private static final long serialVersionUID = 1L;

  private final transient EdEcCurve curve;

  EdEcPrivateKeyImpl(EdEcCurve curve, long handle) {
    super("EdDSA", handle);
    this.curve = curve;
  }

  @Override
  public EdEcCurve curve() {
    return curve;
  }

  /** A fresh copy of the private key bytes, read from native memory. */
  @Override
  public Optional<byte[]> getBytes() {
    return Optional.of(query(handle -> PkeyNative.rawBytes(handle, true)));
  }

  @Override
  public NamedParameterSpec getParams() {
    return curve.spec;
  }

  @Override
  public String toString() {
    return "Carbide " + curve.jcaName() + " private key";
  }
}
