package dev.carbide.pqc;

import dev.carbide.keys.PkeyNative;
import dev.carbide.keys.TranslationCache;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Arrays;

/**
 * Builds hybrid KEM keys from their raw bytes (the TLS key share for a public key) and translates
 * other providers' keys that carry the same algorithm name and the "RAW" format. A hybrid KEM has
 * one parameter set, so a scope is just the set.
 */
final class HybridKeys {
  private HybridKeys() {}

  private static final TranslationCache<HybridPublicKey> PUBLIC = new TranslationCache<>();

  /**
   * The public key whose TLS key share is {@code share}; InvalidKeyException if OpenSSL refuses it.
   */
  static HybridPublicKey fromShare(byte[] share, PqcAlgorithm parameterSet)
      throws InvalidKeyException {
    checkLength(parameterSet, "public", parameterSet.publicKeySize, share.length);
    byte[] copy = share.clone();
    return new HybridPublicKey(
        parameterSet, PkeyNative.newRawKey(parameterSet.opensslName(), copy, false), copy);
  }

  /** The private key of raw bytes {@code raw} (X25519MLKEM768 only); the caller zeroes them. */
  static HybridPrivateKey fromRaw(byte[] raw, PqcAlgorithm parameterSet)
      throws InvalidKeyException {
    if (!parameterSet.privateKeyExportable()) {
      throw new InvalidKeyException(
          parameterSet.jcaName
              + " private keys cannot be imported: OpenSSL has no encoding for them");
    }
    checkLength(parameterSet, "private", parameterSet.privateKeySize, raw.length);
    return new HybridPrivateKey(
        parameterSet, PkeyNative.newRawKey(parameterSet.opensslName(), raw, true));
  }

  private static void checkLength(PqcAlgorithm parameterSet, String kind, int expected, int actual)
      throws InvalidKeyException {
    if (actual != expected) {
      throw new InvalidKeyException(
          "a "
              + parameterSet.jcaName
              + " "
              + kind
              + " key has "
              + expected
              + " bytes, not "
              + actual);
    }
  }

  static HybridPublicKey toPublic(Key key, PqcAlgorithm parameterSet) throws InvalidKeyException {
    if (key instanceof HybridPublicKey own) {
      return checked(own, parameterSet);
    }
    if (!(key instanceof PublicKey)) {
      throw new InvalidKeyException("a public key is needed");
    }
    HybridPublicKey cached = PUBLIC.get(key);
    if (cached == null) {
      cached = fromShare(foreignBytes(key, parameterSet, "public"), parameterSet);
      PUBLIC.put(key, cached);
    }
    return cached;
  }

  static HybridPrivateKey toPrivate(Key key, PqcAlgorithm parameterSet) throws InvalidKeyException {
    if (key instanceof HybridPrivateKey own) {
      return checked(own, parameterSet);
    }
    if (!(key instanceof PrivateKey)) {
      throw new InvalidKeyException("a private key is needed");
    }
    byte[] raw = foreignBytes(key, parameterSet, "private");
    try {
      return fromRaw(raw, parameterSet);
    } finally {
      Arrays.fill(raw, (byte) 0);
    }
  }

  private static <K extends PqcKey> K checked(K key, PqcAlgorithm parameterSet)
      throws InvalidKeyException {
    if (key.parameterSet() != parameterSet) {
      throw new InvalidKeyException(
          "Expected a " + parameterSet.jcaName + " key, not " + key.parameterSet().jcaName);
    }
    return key;
  }

  /** The raw encoding of another provider's key of {@code parameterSet}. */
  private static byte[] foreignBytes(Key key, PqcAlgorithm parameterSet, String kind)
      throws InvalidKeyException {
    byte[] encoded =
        parameterSet.jcaName.equalsIgnoreCase(key.getAlgorithm())
                && "RAW".equalsIgnoreCase(key.getFormat())
            ? key.getEncoded()
            : null;
    if (encoded == null) {
      throw new InvalidKeyException(
          "a " + parameterSet.jcaName + " " + kind + " key in the RAW format is needed");
    }
    return encoded;
  }
}
