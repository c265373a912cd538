package dev.carbide.kdf;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.List;
import javax.crypto.KDFParameters;
import javax.crypto.KDFSpi;
import javax.crypto.SecretKey;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * HKDF-SHA256/384/512 as a {@code javax.crypto.KDF}, with SunJCE's contract: the three {@link
 * HKDFParameterSpec} kinds, IKM and salt pieces concatenated in order, no KDFParameters, and an
 * InvalidAlgorithmParameterException (with SunJCE's message and cause) for every input it cannot
 * use, so that the JCA can fall back to another provider. Stateless apart from the shared {@link
 * Hkdf}, so creating one (SunJSSE does for every derivation) costs nothing native.
 *
 * <p>Copies of keys, salts and PRKs made here are zeroed after use.
 */
final class HkdfKdfSpi extends KDFSpi {
  private final Hkdf hkdf;

  HkdfKdfSpi(Hkdf hkdf, KDFParameters kdfParameters) throws InvalidAlgorithmParameterException {
    super(kdfParameters);
    if (kdfParameters != null) {
      throw new InvalidAlgorithmParameterException(
          hkdf.algorithm() + " does not support parameters");
    }
    this.hkdf = hkdf;
  }

  @Override
  protected KDFParameters engineGetParameters() {
    return null;
  }

  @Override
  protected SecretKey engineDeriveKey(String alg, AlgorithmParameterSpec derivationSpec)
      throws InvalidAlgorithmParameterException, NoSuchAlgorithmException {
    // KDF.deriveKey checks the same first; these are for callers of the SPI itself.
    if (alg == null) {
      throw new NullPointerException(
          "the algorithm for the SecretKey return value must not be null");
    }
    if (alg.isEmpty()) {
      throw new NoSuchAlgorithmException(
          "the algorithm for the SecretKey return value must not be empty");
    }
    byte[] keyBytes = engineDeriveData(derivationSpec);
    try {
      return new SecretKeySpec(keyBytes, alg);
    } finally {
      Arrays.fill(keyBytes, (byte) 0);
    }
  }

  @Override
  protected byte[] engineDeriveData(AlgorithmParameterSpec derivationSpec)
      throws InvalidAlgorithmParameterException {
    if (derivationSpec instanceof HKDFParameterSpec.Extract extract) {
      return withKeyMaterial(extract.ikms(), extract.salts(), "Extract", hkdf::extract);
    }
    if (derivationSpec instanceof HKDFParameterSpec.Expand expand) {
      return expand(expand.prk(), expand.info(), expand.length());
    }
    if (derivationSpec instanceof HKDFParameterSpec.ExtractThenExpand both) {
      byte[] info = both.info();
      int length = both.length();
      return withKeyMaterial(
          both.ikms(),
          both.salts(),
          "ExtractThenExpand",
          (ikm, salt) -> hkdf.extractThenExpand(ikm, salt, info, length));
    }
    throw new InvalidAlgorithmParameterException(
        "an HKDF derivation requires a valid HKDFParameterSpec");
  }

  /** A derivation from the concatenated IKM and salt. */
  @FunctionalInterface
  private interface FromKeyMaterial {
    byte[] derive(byte[] ikm, byte[] salt) throws InvalidAlgorithmParameterException;
  }

  /** Runs {@code derivation} on the IKM and salt pieces joined, then zeroes the joined copies. */
  private static byte[] withKeyMaterial(
      List<SecretKey> ikms, List<SecretKey> salts, String step, FromKeyMaterial derivation)
      throws InvalidAlgorithmParameterException {
    byte[] ikm = null;
    byte[] salt = null;
    try {
      ikm = concatenate(ikms);
      salt = concatenate(salts);
      return derivation.derive(ikm, salt);
    } catch (InvalidKeyException e) {
      throw new InvalidAlgorithmParameterException(
          "an HKDF " + step + " could not be initialized with the given key or salt material", e);
    } finally {
      zero(ikm);
      zero(salt);
    }
  }

  private byte[] expand(SecretKey prkKey, byte[] info, int length)
      throws InvalidAlgorithmParameterException {
    // As SunJCE, the PRK's format is not checked: any key with an encoding will do.
    byte[] prk = prkKey.getEncoded();
    if (prk == null) {
      throw new InvalidAlgorithmParameterException(
          "Cannot retrieve PRK for HKDFParameterSpec.Expand");
    }
    try {
      return hkdf.expand(prk, info, length);
    } catch (InvalidKeyException e) {
      throw new InvalidAlgorithmParameterException(
          "an HKDF Expand could not be initialized with the given keying material", e);
    } finally {
      zero(prk);
    }
  }

  /** The raw bytes of the keys, in order; an empty list gives an empty array. */
  private static byte[] concatenate(List<SecretKey> keys) throws InvalidKeyException {
    if (keys.size() == 1) {
      return rawBytes(keys.get(0));
    }
    byte[][] pieces = new byte[keys.size()][];
    try {
      int total = 0;
      for (int i = 0; i < pieces.length; i++) {
        pieces[i] = rawBytes(keys.get(i));
        total = Math.addExact(total, pieces[i].length);
      }
      byte[] all = new byte[total];
      int offset = 0;
      for (byte[] piece : pieces) {
        System.arraycopy(piece, 0, all, offset, piece.length);
        offset += piece.length;
      }
      return all;
    } finally {
      for (byte[] piece : pieces) {
        zero(piece);
      }
    }
  }

  /** SunJCE's rule for key material: RAW format (any case) and an encoding. */
  private static byte[] rawBytes(SecretKey key) throws InvalidKeyException {
    if (!"RAW".equalsIgnoreCase(key.getFormat())) {
      throw new InvalidKeyException("Wrong format: RAW bytes needed");
    }
    byte[] bytes = key.getEncoded();
    if (bytes == null) {
      throw new InvalidKeyException("RAW key bytes missing");
    }
    return bytes;
  }

  private static void zero(byte[] bytes) {
    if (bytes != null) {
      Arrays.fill(bytes, (byte) 0);
    }
  }
}
