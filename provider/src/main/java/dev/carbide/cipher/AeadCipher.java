package dev.carbide.cipher;

import java.nio.ByteBuffer;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.IllegalBlockSizeException;

/**
 * What the AEAD ciphers (AES-GCM, ChaCha20-Poly1305) share: AAD buffered in Java until the first
 * native step, decryption that buffers all input so no plaintext leaves before the tag verifies,
 * and SunJCE's guard against encrypting twice under the same key and IV. Plain ChaCha20 shares the
 * guard, and streams in both directions.
 */
abstract class AeadCipher extends CipherCore {
  /** Encryption releases output in multiples of this (16 for GCM, as SunJCE; 1 for ChaCha20). */
  private final int releaseUnit;

  private final String reuseMessage;

  private byte[] lastIv; // of the last encryption; its key is secrets.lastEncryptionKey()
  private boolean needsNewIv;

  /** {@code reuseMessage} null: no guard, for a nonce-misuse-resistant mode (GCM-SIV). */
  AeadCipher(String modeName, int releaseUnit, String reuseMessage) {
    super(modeName, "NoPadding");
    this.releaseUnit = releaseUnit;
    this.reuseMessage = reuseMessage;
  }

  /**
   * Applies a valid key and IV, unless they repeat the last pair that the guard remembers: then
   * returns false and changes nothing, and the caller throws what SunJCE throws.
   */
  final boolean acceptUnlessRepeated(
      boolean encrypt, byte[] rawKey, long newCipher, byte[] newIv, int tagBytes) {
    if (encrypt
        && CipherKeys.sameBytes(newIv, lastIv)
        && CipherKeys.sameBytes(rawKey, secrets.lastEncryptionKey())) {
      return false;
    }
    needsNewIv = false;
    accept(encrypt, rawKey, newCipher, newIv, tagBytes);
    if (encrypt) {
      // The key in use is now the one to remember: usually the same array (a TLS connection
      // re-initialises with the same key for every record), so nothing is copied.
      secrets.markEncryptionKey();
      // Every mode hands over an IV array of its own that nothing writes to afterwards.
      lastIv = newIv;
    }
    return true;
  }

  @Override
  int updateLength(int total) {
    return encrypting ? total - total % releaseUnit : 0;
  }

  @Override
  int finalLength(int total) {
    return encrypting ? Math.addExact(total, tagLen) : Math.max(0, total - tagLen);
  }

  @Override
  void checkFinalLength(int total) throws AEADBadTagException, IllegalBlockSizeException {
    if (!encrypting && total < tagLen) {
      throw new AEADBadTagException(
          "Input data too short to contain an expected tag length of " + tagLen + "bytes");
    }
  }

  @Override
  void checkUsable() {
    if (needsNewIv) {
      throw new IllegalStateException(reuseMessage);
    }
  }

  @Override
  void afterFinal() {
    needsNewIv = encrypting && reuseMessage != null;
  }

  @Override
  protected void engineUpdateAAD(byte[] src, int offset, int len) {
    guard.enter();
    try {
      checkAad();
      ensureAad(len);
      System.arraycopy(src, offset, aad, aadLen, len);
      aadLen += len;
    } finally {
      guard.exit();
    }
  }

  @Override
  protected void engineUpdateAAD(ByteBuffer src) {
    guard.enter();
    try {
      checkAad();
      int len = src.remaining();
      ensureAad(len);
      src.get(aad, aadLen, len);
      aadLen += len;
    } finally {
      guard.exit();
    }
  }

  private void checkAad() {
    if (!initialized) {
      throw new IllegalStateException("Cipher not initialized");
    }
    checkUsable();
    if (dataStarted) {
      throw new IllegalStateException("Update has been called; no more AAD data");
    }
  }

  private void ensureAad(int len) {
    int size = Math.addExact(aadLen, len);
    if (size > aad.length) {
      aad = Arrays.copyOf(aad, Math.max(size, aad.length * 2));
    }
  }
}
