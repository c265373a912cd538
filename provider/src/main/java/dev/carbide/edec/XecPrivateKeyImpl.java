package dev.carbide.edec;

import dev.carbide.keys.NativePrivateKey;
import dev.carbide.keys.PkeyNative;
import java.security.interfaces.XECPrivateKey;
import java.security.spec.NamedParameterSpec;
import java.util.Optional;

/** A Carbide X25519 or X448 private key. */
final class XecPrivateKeyImpl extends NativePrivateKey implements XECPrivateKey, EdEcKey {
  private static final long serialVersionUID = 1L;

  private final transient EdEcCurve curve;

  XecPrivateKeyImpl(EdEcCurve curve, long handle) {
    super("XDH", handle);
    this.curve = curve;
  }

  @Override
  public EdEcCurve curve() {
    return curve;
  }

  /** A fresh copy of the scalar, read from native memory. */
  @Override
  public Optional<byte[]> getScalar() {
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
