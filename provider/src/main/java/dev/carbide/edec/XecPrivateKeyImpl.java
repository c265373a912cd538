package dev.carbide.edec;

import java.security.interfaces.XECPrivateKey;
import java.util.Optional;

/** A Carbide X25519 or X448 private key. */
final class XecPrivateKeyImpl extends CurvePrivateKey implements XECPrivateKey {
  private static final long serialVersionUID = 1L;

  XecPrivateKeyImpl(EdEcCurve curve, long handle) {
    super(curve, handle);
  }

  @Override
  public Optional<byte[]> getScalar() {
    return Optional.of(rawBytes());
  }
}
