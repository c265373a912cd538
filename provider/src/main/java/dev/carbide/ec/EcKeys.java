package dev.carbide.ec;

import dev.carbide.keys.KeyTranslator;
import dev.carbide.keys.PkeyNative;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECParameterSpec;
import java.util.Arrays;

/**
 * Turns any EC key into a Carbide one. Carbide keys pass through; foreign keys are translated from
 * their components or their encoding, and the translation is cached for as long as the foreign key
 * object lives.
 */
final class EcKeys {
  private EcKeys() {}

  private static final KeyTranslator<EcPublicKeyImpl, EcPrivateKeyImpl> KEYS =
      new KeyTranslator<>(
          EcPublicKeyImpl.class,
          EcPrivateKeyImpl.class,
          EcKeys::translatePublic,
          EcKeys::translatePrivate);

  static EcPublicKeyImpl toPublic(Key key) throws InvalidKeyException {
    return KEYS.toPublic(key);
  }

  static EcPrivateKeyImpl toPrivate(Key key) throws InvalidKeyException {
    return KEYS.toPrivate(key);
  }

  /** A fresh translation, not cached (translateKey's result belongs to the caller). */
  static EcPublicKeyImpl translatePublic(Key key) throws InvalidKeyException {
    if (key instanceof ECPublicKey ec) {
      EcCurve curve = curveOf(ec.getParams());
      return fromPoint(curve, EcPoints.encode(ec.getW(), curve));
    }
    if (key != null && "X.509".equalsIgnoreCase(key.getFormat()) && key.getEncoded() != null) {
      return fromX509(key.getEncoded());
    }
    throw new InvalidKeyException("an EC public key is needed, not " + describe(key));
  }

  static EcPrivateKeyImpl translatePrivate(Key key) throws InvalidKeyException {
    if (key instanceof ECPrivateKey ec) {
      EcCurve curve = curveOf(ec.getParams());
      byte[] scalar = EcPoints.scalar(ec.getS(), curve.size);
      try {
        return fromScalar(curve, scalar);
      } finally {
        Arrays.fill(scalar, (byte) 0);
      }
    }
    if (key != null && "PKCS#8".equalsIgnoreCase(key.getFormat())) {
      byte[] encoded = key.getEncoded();
      if (encoded != null) {
        try {
          return fromPkcs8(encoded);
        } finally {
          Arrays.fill(encoded, (byte) 0);
        }
      }
    }
    throw new InvalidKeyException("an EC private key is needed, not " + describe(key));
  }

  static EcCurve curveOf(ECParameterSpec params) throws InvalidKeyException {
    EcCurve curve = params == null ? null : EcCurve.of(params);
    if (curve == null) {
      throw new InvalidKeyException("unsupported EC curve: only " + EcCurve.SERVED);
    }
    return curve;
  }

  static EcPublicKeyImpl fromPoint(EcCurve curve, byte[] point) throws InvalidKeyException {
    return new EcPublicKeyImpl(curve, EcNative.fromComponents(curve.opensslName, point, null));
  }

  static EcPrivateKeyImpl fromScalar(EcCurve curve, byte[] scalar) throws InvalidKeyException {
    return new EcPrivateKeyImpl(curve, EcNative.fromComponents(curve.opensslName, null, scalar));
  }

  static EcPublicKeyImpl fromX509(byte[] der) throws InvalidKeyException {
    long handle = PkeyNative.parsePublic(der);
    return new EcPublicKeyImpl(checkedCurve(handle), handle);
  }

  static EcPrivateKeyImpl fromPkcs8(byte[] der) throws InvalidKeyException {
    long handle = PkeyNative.parsePrivate(der);
    return new EcPrivateKeyImpl(checkedCurve(handle), handle);
  }

  // The curve of a freshly parsed key; frees the key if it is not an EC key on a served curve.
  private static EcCurve checkedCurve(long handle) throws InvalidKeyException {
    EcCurve curve = null;
    if ("EC".equals(PkeyNative.typeName(handle))) {
      curve = EcCurve.byOpensslName(EcNative.groupName(handle));
    }
    if (curve == null) {
      PkeyNative.free(handle);
      throw new InvalidKeyException("not an EC key on a served curve (" + EcCurve.SERVED + ")");
    }
    return curve;
  }

  private static String describe(Key key) {
    return key == null ? "null" : key.getClass().getName() + " (" + key.getAlgorithm() + ")";
  }
}
