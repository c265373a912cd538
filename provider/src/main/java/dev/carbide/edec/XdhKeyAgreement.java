package dev.carbide.edec;

import dev.carbide.keys.NativeKey;
import dev.carbide.keys.NativeKeyAgreement;
import dev.carbide.keys.NativePrivateKey;
import dev.carbide.keys.NativePublicKey;
import java.security.InvalidKeyException;
import java.security.Key;

/**
 * KeyAgreement "XDH", or "X25519"/"X448" for one curve. A peer of small order gives an all-zero
 * secret, which OpenSSL refuses: an InvalidKeyException, as the JDK throws.
 */
final class XdhKeyAgreement extends NativeKeyAgreement {
  private final EdEcCurve fixed;

  /** {@code fixed} is null for "XDH". */
  XdhKeyAgreement(EdEcCurve fixed) {
    this.fixed = fixed;
  }

  private <K extends NativeKey> K checked(K key) throws InvalidKeyException {
    if (fixed != null && ((EdEcKey) key).curve() != fixed) {
      throw new InvalidKeyException("Parameters must be " + fixed.jcaName());
    }
    return key;
  }

  @Override
  protected NativePrivateKey ownKey(Key key) throws InvalidKeyException {
    return checked(EdEcKeys.toPrivate(key, false));
  }

  @Override
  protected NativePublicKey peerKey(Key key) throws InvalidKeyException {
    return checked(EdEcKeys.toPublic(key, false));
  }

  @Override
  protected Object curveOf(NativeKey key) {
    return ((EdEcKey) key).curve();
  }
}
