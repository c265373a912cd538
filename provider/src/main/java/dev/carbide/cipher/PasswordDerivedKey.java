package dev.carbide.cipher;

import java.io.ObjectStreamException;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.security.KeyRep;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.SecretKey;

/**
 * What Carbide's password keys share, the PBE password ({@link PbeKey}), the PBKDF2 result ({@link
 * Pbkdf2Key}) and the other KDFs' results (dev.carbide.kdf.DerivedKey): RAW key bytes of an
 * algorithm, zeroed with any password copy on {@link #destroy} or once unreachable. Destroyed, it
 * refuses to give the bytes out (IllegalStateException, as the JDK's destroyable keys and passwords
 * do) rather than hand out zeros that would pass for a key. Equality, hash and serialization are
 * SunJCE's: the algorithm (case aside) and the bytes, compared in constant time; serialized as a
 * RAW secret key.
 */
public abstract class PasswordDerivedKey implements SecretKey {
  private static final long serialVersionUID = 1L;

  private final String algorithm;
  private final byte[] key;
  private final transient Cleaner.Cleanable wipe;
  private transient volatile boolean destroyed;

  /** Takes {@code key} as its own; {@code password}, if not null, is zeroed with it. */
  protected PasswordDerivedKey(String algorithm, byte[] key, char[] password) {
    this.algorithm = algorithm;
    this.key = key;
    this.wipe = CipherSecrets.whenUnreachable(this, wiper(key, password));
  }

  // Static, so that the action holds the arrays and never the key object itself.
  private static Runnable wiper(byte[] key, char[] password) {
    return () -> {
      Arrays.fill(key, (byte) 0);
      if (password != null) {
        Arrays.fill(password, '\0');
      }
    };
  }

  @Override
  public final String getAlgorithm() {
    return algorithm;
  }

  @Override
  public final String getFormat() {
    return "RAW";
  }

  @Override
  public final byte[] getEncoded() {
    checkNotDestroyed();
    try {
      return key.clone();
    } finally {
      Reference.reachabilityFence(this); // no wipe while copying
    }
  }

  /** Zeroes the key and the password; getEncoded (and getPassword) then throw. */
  @Override
  public final void destroy() {
    destroyed = true;
    wipe.clean();
  }

  @Override
  public final boolean isDestroyed() {
    return destroyed;
  }

  final void checkNotDestroyed() {
    if (destroyed) {
      throw new IllegalStateException("This key has been destroyed");
    }
  }

  @Override
  public final boolean equals(Object other) {
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
  public final int hashCode() {
    try {
      return Arrays.hashCode(key) ^ algorithm.toLowerCase(Locale.ROOT).hashCode();
    } finally {
      Reference.reachabilityFence(this);
    }
  }

  /** Serialized as SunJCE serializes its PBE and PBKDF2 keys: a RAW secret key, no password. */
  @java.io.Serial
  protected final Object writeReplace() throws ObjectStreamException {
    checkNotDestroyed();
    try {
      return new KeyRep(KeyRep.Type.SECRET, algorithm, "RAW", key);
    } finally {
      Reference.reachabilityFence(this);
    }
  }
}
