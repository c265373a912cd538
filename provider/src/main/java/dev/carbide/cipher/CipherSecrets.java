package dev.carbide.cipher;

import java.lang.ref.Cleaner;
import java.util.Arrays;

/**
 * The one owner of a Cipher's key bytes on the Java heap: the key in use, and for the AEAD ciphers
 * the key of the last encryption, which SunJCE's rule against reusing a key and IV must remember
 * (usually the same array). An array is zeroed when nothing here refers to it any more, and both
 * are zeroed when the Cipher becomes unreachable. The native context keeps its own copy of the key
 * schedule, which it cleanses itself.
 */
final class CipherSecrets implements Runnable {
  /** Zeroes the secrets of unreachable objects; its one daemon thread serves the whole family. */
  private static final class Holder {
    static final Cleaner CLEANER = Cleaner.create();
  }

  /** Runs {@code wipe} once {@code owner} is unreachable, or when cleaned; it must not reach it. */
  static Cleaner.Cleanable whenUnreachable(Object owner, Runnable wipe) {
    return Holder.CLEANER.register(owner, wipe);
  }

  private byte[] key;
  private byte[] lastEncryptionKey;
  private boolean watched;

  /** A new owner, holding nothing yet; {@link #watch} before the first key. */
  CipherSecrets() {}

  /**
   * Zeroes the keys once {@code cipher} becomes unreachable. Registered once, when the first key
   * comes rather than with the cipher, so a cipher that is never given a key (the JCA's probe
   * instance in {@code Cipher.getInstance}) registers nothing with the Cleaner.
   */
  void watch(Object cipher) {
    if (!watched) {
      // The action is the secrets alone: it must not reach the cipher, or that would never go.
      whenUnreachable(cipher, this);
      watched = true;
    }
  }

  /** The key in use, or null before the first init; callers never keep it past a call. */
  byte[] key() {
    return key;
  }

  /** The key of the last encryption init, or null. */
  byte[] lastEncryptionKey() {
    return lastEncryptionKey;
  }

  /** Takes {@code newKey} as the key in use; the array it replaces is zeroed unless still held. */
  void setKey(byte[] newKey) {
    byte[] old = key;
    key = newKey;
    retire(old);
  }

  /** Remembers the key in use as the last encryption's key. */
  void markEncryptionKey() {
    byte[] old = lastEncryptionKey;
    lastEncryptionKey = key;
    retire(old);
  }

  private void retire(byte[] old) {
    if (old != null && old != key && old != lastEncryptionKey) {
      Arrays.fill(old, (byte) 0);
    }
  }

  /** Zeroes every key; the Cleaner calls it once the cipher is unreachable. */
  @Override
  public void run() {
    if (key != null) {
      Arrays.fill(key, (byte) 0);
    }
    if (lastEncryptionKey != null) {
      Arrays.fill(lastEncryptionKey, (byte) 0);
    }
  }
}
