package dev.carbide.cipher;

import java.io.ObjectStreamException;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.security.KeyRep;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.SecretKey;
import javax.crypto.interfaces.PBEKey;

/**
 * A key derived by PBKDF2, as SunJCE's PBKDF2KeyImpl: its RAW encoding is the derived key, and it
 * keeps the password, salt and iteration count that made it (PBEKey). It owns its password and
 * derived bytes, and zeroes both on {@link #destroy} or once unreachable. Destroyed, it refuses to
 * give them out (IllegalStateException, as the JDK's destroyable keys and passwords do) rather than
 * hand out zeros that would pass for a key.
 */
final class Pbkdf2Key implements PBEKey {
  private static final long serialVersionUID = 1L;

  private final String algorithm;
  private final char[] password;
  private final byte[] salt;
  private final int iterations;
  private final byte[] key;
  private final transient Cleaner.Cleanable wipe;
  private transient volatile boolean destroyed;

  /** Takes {@code key} as its own; copies {@code password} and {@code salt}. */
  Pbkdf2Key(String algorithm, char[] password, byte[] salt, int iterations, byte[] key) {
    this.algorithm = algorithm;
    this.password = password.clone();
    this.salt = salt.clone();
    this.iterations = iterations;
    this.key = key;
    this.wipe = CipherSecrets.whenUnreachable(this, wiper(this.password, key));
  }

  // Static, so that the action holds the arrays and never the key object itself.
  private static Runnable wiper(char[] password, byte[] key) {
    return () -> {
      Arrays.fill(password, '\0');
      Arrays.fill(key, (byte) 0);
    };
  }

  @Override
  public String getAlgorithm() {
    return algorithm;
  }

  @Override
  public String getFormat() {
    return "RAW";
  }

  @Override
  public byte[] getEncoded() {
    checkNotDestroyed();
    try {
      return key.clone();
    } finally {
      Reference.reachabilityFence(this); // no wipe while copying
    }
  }

  @Override
  public char[] getPassword() {
    checkNotDestroyed();
    try {
      return password.clone();
    } finally {
      Reference.reachabilityFence(this);
    }
  }

  @Override
  public byte[] getSalt() {
    return salt.clone();
  }

  @Override
  public int getIterationCount() {
    return iterations;
  }

  /** Zeroes the password and the derived key; getEncoded and getPassword then throw. */
  @Override
  public void destroy() {
    destroyed = true;
    wipe.clean();
  }

  @Override
  public boolean isDestroyed() {
    return destroyed;
  }

  private void checkNotDestroyed() {
    if (destroyed) {
      throw new IllegalStateException("This key has been destroyed");
    }
  }

  @Override
  public boolean equals(Object other) {
    if (other == this) {
      return true;
    }
    // Destroyed keys equal nothing else, as SunJCE's PBE keys.
    if (!(other instanceof SecretKey that) || destroyed || that.isDestroyed()) {
      return false;
    }
    if (!algorithm.equalsIgnoreCase(that.getAlgorithm())
        || !"RAW".equalsIgnoreCase(that.getFormat())) {
      return false;
    }
    byte[] thatKey = that.getEncoded();
    try {
      return MessageDigest.isEqual(key, thatKey);
    } finally {
      if (thatKey != null) {
        Arrays.fill(thatKey, (byte) 0);
      }
      Reference.reachabilityFence(this);
    }
  }

  @Override
  public int hashCode() {
    try {
      return Arrays.hashCode(key) ^ algorithm.toLowerCase(Locale.ROOT).hashCode();
    } finally {
      Reference.reachabilityFence(this);
    }
  }

  /** Serialized as SunJCE serializes its PBKDF2 keys: a RAW secret key, without the password. */
  @java.io.Serial
  private Object writeReplace() throws ObjectStreamException {
    checkNotDestroyed();
    try {
      return new KeyRep(KeyRep.Type.SECRET, algorithm, "RAW", key);
    } finally {
      Reference.reachabilityFence(this);
    }
  }
}
