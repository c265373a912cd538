package dev.carbide.edec;

import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactorySpi;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.EdECPrivateKey;
import java.security.interfaces.EdECPublicKey;
import java.security.interfaces.XECPrivateKey;
import java.security.interfaces.XECPublicKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.EdECPoint;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.security.spec.XECPrivateKeySpec;
import java.security.spec.XECPublicKeySpec;
import java.util.Arrays;

/** KeyFactory for EdDSA or XDH keys (or one fixed curve): encodings and the EdEC/XEC specs. */
final class EdEcKeyFactory extends KeyFactorySpi {
  private final boolean signing;
  private final EdEcCurve fixed;

  EdEcKeyFactory(boolean signing, EdEcCurve fixed) {
    this.signing = signing;
    this.fixed = fixed;
  }

  private <K extends Key> K checked(K key) throws InvalidKeyException {
    EdEcCurve curve = ((EdEcKey) key).curve();
    if (fixed != null && curve != fixed) {
      throw new InvalidKeyException("Parameters must be " + fixed.jcaName());
    }
    return key;
  }

  private EdEcCurve curveOf(AlgorithmParameterSpec params) throws InvalidKeyException {
    EdEcCurve curve =
        params instanceof NamedParameterSpec named
            ? EdEcCurve.byName(named.getName(), signing)
            : null;
    if (curve == null || fixed != null && curve != fixed) {
      throw new InvalidKeyException("Unsupported parameters: " + params);
    }
    return curve;
  }

  @Override
  protected PublicKey engineGeneratePublic(KeySpec spec) throws InvalidKeySpecException {
    try {
      if (spec instanceof X509EncodedKeySpec x509) {
        return checked(EdEcKeys.fromX509(x509.getEncoded(), signing));
      }
      if (signing && spec instanceof EdECPublicKeySpec ed) {
        EdEcCurve curve = curveOf(ed.getParams());
        EdECPoint point = ed.getPoint();
        if (point.getY().bitLength() >= 8 * curve.size) {
          throw new InvalidKeyException("y out of range");
        }
        byte[] raw = LittleEndian.encode(point.getY(), curve.size);
        raw[curve.size - 1] |= (byte) (point.isXOdd() ? 0x80 : 0);
        return EdEcKeys.fromRawPublic(curve, raw);
      }
      if (!signing && spec instanceof XECPublicKeySpec xec) {
        EdEcCurve curve = curveOf(xec.getParams());
        return EdEcKeys.fromRawPublic(
            curve, LittleEndian.encode(xec.getU().mod(curve.prime()), curve.size));
      }
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
    throw new InvalidKeySpecException("Unsupported key spec: " + spec);
  }

  @Override
  protected PrivateKey engineGeneratePrivate(KeySpec spec) throws InvalidKeySpecException {
    byte[] raw = null;
    try {
      if (spec instanceof PKCS8EncodedKeySpec pkcs8) {
        raw = pkcs8.getEncoded();
        return checked(EdEcKeys.fromPkcs8(raw, signing));
      }
      if (signing && spec instanceof EdECPrivateKeySpec ed) {
        raw = ed.getBytes();
        return EdEcKeys.fromRawPrivate(curveOf(ed.getParams()), raw);
      }
      if (!signing && spec instanceof XECPrivateKeySpec xec) {
        raw = xec.getScalar();
        return EdEcKeys.fromRawPrivate(curveOf(xec.getParams()), raw);
      }
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    } finally {
      if (raw != null) {
        Arrays.fill(raw, (byte) 0);
      }
    }
    throw new InvalidKeySpecException("Unsupported key spec: " + spec);
  }

  @Override
  protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> specClass)
      throws InvalidKeySpecException {
    try {
      if (key instanceof PublicKey) {
        PublicKey own = checked(EdEcKeys.toPublic(key, signing));
        if (specClass.isAssignableFrom(X509EncodedKeySpec.class)) {
          return specClass.cast(new X509EncodedKeySpec(own.getEncoded()));
        }
        if (signing && specClass.isAssignableFrom(EdECPublicKeySpec.class)) {
          EdECPublicKey ed = (EdECPublicKey) own;
          return specClass.cast(new EdECPublicKeySpec(ed.getParams(), ed.getPoint()));
        }
        if (!signing && specClass.isAssignableFrom(XECPublicKeySpec.class)) {
          XECPublicKey xec = (XECPublicKey) own;
          return specClass.cast(new XECPublicKeySpec(xec.getParams(), xec.getU()));
        }
      } else if (key instanceof PrivateKey) {
        PrivateKey own = checked(EdEcKeys.toPrivate(key, signing));
        if (specClass.isAssignableFrom(PKCS8EncodedKeySpec.class)) {
          return specClass.cast(new PKCS8EncodedKeySpec(own.getEncoded()));
        }
        if (signing && specClass.isAssignableFrom(EdECPrivateKeySpec.class)) {
          EdECPrivateKey ed = (EdECPrivateKey) own;
          return specClass.cast(new EdECPrivateKeySpec(ed.getParams(), ed.getBytes().get()));
        }
        if (!signing && specClass.isAssignableFrom(XECPrivateKeySpec.class)) {
          XECPrivateKey xec = (XECPrivateKey) own;
          return specClass.cast(new XECPrivateKeySpec(xec.getParams(), xec.getScalar().get()));
        }
      }
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
    throw new InvalidKeySpecException("Unsupported key spec: " + specClass);
  }

  @Override
  protected Key engineTranslateKey(Key key) throws InvalidKeyException {
    if (key instanceof EdEcKey own && own.curve().signing == signing) {
      return checked(key);
    }
    if (key instanceof PublicKey) {
      return checked(EdEcKeys.translatePublic(key, signing));
    }
    if (key instanceof PrivateKey) {
      return checked(EdEcKeys.translatePrivate(key, signing));
    }
    throw new InvalidKeyException("Unsupported key type");
  }
}
