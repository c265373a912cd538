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
  private static final int BLOCK_BYTES = 64;

  /** Block counter values there are: OpenSSL, as RFC 8439, counts blocks in 32 bits. */
  private static final long COUNTER_VALUES = 1L << 32;

  private final boolean aead;
  private final long nativeCipher;

  /** Keystream blocks left from the initial counter to the counter's end. */
  private long blocksLeft;

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
    // Past block 2^32 - 1, OpenSSL would carry into the nonce and SunJCE wraps to block 0: both
    // reuse keystream, so messageLimit() refuses to go there. (The AEAD's data starts at block 1.)
    blocksLeft = COUNTER_VALUES - (Integer.toUnsignedLong(counter));
  }

  @Override
  long messageLimit() {
    // A decryption's input carries the tag after the data.
    return blocksLeft * BLOCK_BYTES + (encrypting ? 0 : tagLen);
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

  // SunJCE offers no key wrapping with ChaCha20 or ChaCha20-Poly1305: neither does Carbide.
  @Override
  protected byte[] engineWrap(Key key) {
    throw new UnsupportedOperationException("Wrap operations are not supported");
  }

  @Override
  protected Key engineUnwrap(byte[] wrappedKey, String algorithm, int type) {
    throw new UnsupportedOperationException("Unwrap operations are not supported");
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
    byte[] raw = CipherKeys.raw(key);
    java.util.Arrays.fill(raw, (byte) 0);
    return raw.length * 8;
  }

  @Override
  protected AlgorithmParameters engineGetParameters() {
    byte[] nonce = engineGetIV();
    return aead && nonce != null
        ? CipherParameters.of("ChaCha20-Poly1305", new IvParameterSpec(nonce))
        : null;
  }
}
