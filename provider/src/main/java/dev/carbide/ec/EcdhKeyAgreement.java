package dev.carbide.ec;

import dev.carbide.keys.NativeKey;
import dev.carbide.keys.NativeKeyAgreement;
import dev.carbide.keys.NativePrivateKey;
import dev.carbide.keys.NativePublicKey;
import java.security.InvalidKeyException;
import java.security.Key;

/** KeyAgreement "ECDH" on the curves of {@link EcCurve}. */
final class EcdhKeyAgreement extends NativeKeyAgreement {
  @Override
  protected NativePrivateKey ownKey(Key key) throws InvalidKeyException {
    return EcKeys.toPrivate(key);
  }

  @Override
  protected NativePublicKey peerKey(Key key) throws InvalidKeyException {
    return EcKeys.toPublic(key);
  }

  @Override
  protected Object curveOf(NativeKey key) {
    return key instanceof EcPublicKeyImpl pub ? pub.curve() : ((EcPrivateKeyImpl) key).curve();
  }
}
