package dev.carbide.cipher;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.IvParameterSpec;

/**
 * ChaCha20-Poly1305 (RFC 8439, with an IvParameterSpec nonce) and plain ChaCha20 (with a
 * ChaCha20ParameterSpec nonce and counter), with SunJCE's rules: 256-bit keys, 12-byte nonces, and
 * no encryption under the key and nonce of the one before.
 */
final class ChaChaCipher extends AeadCipher {
  private static final int NONCE_BYTES = 12;

  private final boolean aead;
  private final long nativeCipher;

  private ChaChaCipher(boolean aead, long nativeCipher) {
    super("None", 1, "Must use either a different key or iv.");
    this.aead = aead;
    this.nativeCipher = nativeCipher;
  }

  static ChaChaCipher poly1305(long nativeCipher) {
    return new ChaChaCipher(true, nativeCipher);
  }

  static ChaChaCipher plain(long nativeCipher) {
    return new ChaChaCipher(false, nativeCipher);
  }

  @Override
  void setup(boolean encrypt, byte[] rawKey, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    if (rawKey.length != 32) {
      throw new InvalidKeyException("Key length must be 256 bits");
    }
    byte[] nonce;
    int counter = 1;
    if (params == null) {
      if (!encrypt) {
        throw new InvalidKeyException(
            "Default parameter generation disallowed in DECRYPT and UNWRAP modes");
      }
      nonce = new byte[NONCE_BYTES];
      (random != null ? random : new SecureRandom()).nextBytes(nonce);
    } else if (aead && params instanceof IvParameterSpec spec) {
      nonce = spec.getIV();
    } else if (!aead && params instanceof ChaCha20ParameterSpec spec) {
      nonce = spec.getNonce();
      counter = spec.getCounter();
    } else {
      throw new InvalidAlgorithmParameterException(
          aead ? "ChaCha20-Poly1305 requires IvParameterSpec" : "ChaCha20ParameterSpec required");
    }
    if (nonce.length != NONCE_BYTES) {
      throw new InvalidAlgorithmParameterException(
          "ChaCha20" + (aead ? "-Poly1305" : "") + " nonce must be 12 bytes in length");
    }
    // OpenSSL's ChaCha20 takes the block counter, little-endian, before the nonce.
    byte[] iv =
        aead
            ? nonce
            : ByteBuffer.allocate(16)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(counter)
                .put(nonce)
                .array();
    if (!acceptUnlessRepeated(encrypt, rawKey, nativeCipher, iv, aead ? 16 : 0)) {
      throw new InvalidKeyException("Matching key and nonce from previous initialization");
    }
  }

  @Override
  int updateLength(int total) {
    return aead ? super.updateLength(total) : total;
  }

  @Override
  int finalLength(int total) {
    return aead ? super.finalLength(total) : total;
  }

  @Override
  protected void engineUpdateAAD(byte[] src, int offset, int len) {
    requireAead();
    super.engineUpdateAAD(src, offset, len);
  }

  @Override
  protected void engineUpdateAAD(ByteBuffer src) {
    requireAead();
    super.engineUpdateAAD(src);
  }

  private void requireAead() {
    if (!aead) {
      throw new IllegalStateException("updateAAD() is only available in ChaCha20-Poly1305");
    }
  }

  @Override
  Class<? extends AlgorithmParameterSpec> parameterSpecClass() {
    return aead ? IvParameterSpec.class : ChaCha20ParameterSpec.class;
  }

  @Override
  protected byte[] engineGetIV() {
    byte[] value = super.engineGetIV();
    return value == null || aead ? value : java.util.Arrays.copyOfRange(value, 4, 16);
  }

  @Override
  protected int engineGetBlockSize() {
    return 0;
  }

  @Override
  protected int engineGetKeySize(Key key) throws InvalidKeyException {
    return CipherKeys.raw(key).length * 8;
  }

  @Override
  protected AlgorithmParameters engineGetParameters() {
    byte[] nonce = engineGetIV();
    return aead && nonce != null
        ? CipherParameters.of("ChaCha20-Poly1305", new IvParameterSpec(nonce))
        : null;
  }
}
