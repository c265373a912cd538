package dev.carbide.cipher;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/** Key handling shared by the ciphers (RSA's too): raw key bytes in, and wrapped keys out. */
public final class CipherKeys {
  private CipherKeys() {}

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

  /**
   * True if {@code a} and {@code b} hold the same bytes (both null counts as equal), in time that
   * depends only on the lengths. As MessageDigest.isEqual, but eight bytes a step: every cipher
   * init compares keys, and byte by byte that cost a TLS record more than a JNI crossing.
   */
  static boolean sameBytes(byte[] a, byte[] b) {
    if (a == null || b == null || a.length != b.length) {
      return a == b;
    }
    long diff = 0;
    int i = 0;
    for (; i + Long.BYTES <= a.length; i += Long.BYTES) {
      diff |= (long) LONGS.get(a, i) ^ (long) LONGS.get(b, i);
    }
    for (; i < a.length; i++) {
      diff |= a[i] ^ b[i];
    }
    return diff == 0;
  }

  /** A copy of the bytes of any secret key in RAW format; the caller zeroes it. */
  static byte[] raw(Key key) throws InvalidKeyException {
    if (key == null) {
      throw new InvalidKeyException("No key given");
    }
    if (!(key instanceof SecretKey)) {
      throw new InvalidKeyException("Secret key expected, not " + key.getClass().getName());
    }
    if (!"RAW".equalsIgnoreCase(key.getFormat())) {
      throw new InvalidKeyException("Wrong format: RAW bytes needed");
    }
    byte[] encoded = key.getEncoded();
    if (encoded == null) {
      throw new InvalidKeyException("RAW key bytes missing");
    }
    return encoded;
  }

  public static boolean encrypting(int opmode) {
    switch (opmode) {
      case Cipher.ENCRYPT_MODE:
      case Cipher.WRAP_MODE:
        return true;
      case Cipher.DECRYPT_MODE:
      case Cipher.UNWRAP_MODE:
        return false;
      default:
        throw new IllegalArgumentException("Invalid operation mode " + opmode);
    }
  }

  public static byte[] encodedForWrap(Key key) throws InvalidKeyException {
    byte[] encoded = key == null ? null : key.getEncoded();
    if (encoded == null || encoded.length == 0) {
      throw new InvalidKeyException("Cannot get an encoding of the key to be wrapped");
    }
    return encoded;
  }

  /** The key that {@code encoded} encodes, as SunJCE's ConstructKeys builds it; zeroes it. */
  public static Key unwrapped(byte[] encoded, String algorithm, int type)
      throws InvalidKeyException, NoSuchAlgorithmException {
    try {
      switch (type) {
        case Cipher.SECRET_KEY:
          return new SecretKeySpec(encoded, algorithm);
        case Cipher.PUBLIC_KEY:
          return KeyFactory.getInstance(algorithm).generatePublic(new X509EncodedKeySpec(encoded));
        case Cipher.PRIVATE_KEY:
          return KeyFactory.getInstance(algorithm)
              .generatePrivate(new PKCS8EncodedKeySpec(encoded));
        default:
          throw new InvalidKeyException("Unknown key type " + type);
      }
    } catch (InvalidKeySpecException e) {
      throw new InvalidKeyException("Cannot construct the unwrapped key", e);
    } finally {
      // Every key built here took its own copy (SecretKeySpec clones, key factories parse).
      Arrays.fill(encoded, (byte) 0);
    }
  }
}
