package dev.carbide.edec;

import java.security.interfaces.EdECPrivateKey;
import java.util.Optional;

/** A Carbide Ed25519 or Ed448 private key. */
final class EdEcPrivateKeyImpl extends CurvePrivateKey implements EdECPrivateKey {
  private static final long serialVersionUID = 1L;

  EdEcPrivateKeyImpl(EdEcCurve curve, long handle) {
    super(curve, handle);
  }

  @Override
  public Optional<byte[]> getBytes() {
    return Optional.of(rawBytes());
  }
}
