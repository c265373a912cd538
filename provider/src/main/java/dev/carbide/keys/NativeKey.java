package dev.carbide.keys;

import dev.carbide.internal.NativeFootprint;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.lang.ref.Reference;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyRep;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * A key that holds a native EVP_PKEY: the base of every Carbide asymmetric key. Encodings are
 * computed once, on first use. A key serializes as its encoding ({@link KeyRep}), so any provider
 * can read it back.
 *
 * <p>SPIs never use the key's own reference: they {@link #retain} one of their own, so {@code
 * destroy()} or a collection in another thread cannot free the key in the middle of an operation.
 */
public abstract class NativeKey implements Key {
  private static final long serialVersionUID = 1L;

  private final transient String algorithm;
  private final transient Object lock = new Object();
  private transient KeyRef ref;
  // True while ref belongs to the key it was shared from, which alone may release it.
  private transient boolean sharedRef;
  private transient LongSupplier pending;
  private transient boolean destroyed;
  private transient volatile byte[] encoded;

  /** What this key's own native handle holds, in bytes, for NativeMemory's accounting. */
  private final transient long footprintBytes;

  /**
   * Takes ownership of native key {@code handle}, the private half of a key pair or a public key
   * alone as {@code isPrivate} says; it accounts what {@link KeyFootprints} measured for its family
   * and size.
   */
  protected NativeKey(String algorithm, long handle, boolean isPrivate) {
    this(algorithm, handle, KeyFootprints.ofKey(algorithm, handle, isPrivate));
  }

  /** Takes ownership of native key {@code handle}, which holds what {@code footprint} says. */
  protected NativeKey(String algorithm, long handle, NativeFootprint footprint) {
    this(algorithm, handle, footprint.bytes());
  }

  private NativeKey(String algorithm, long handle, long footprintBytes) {
    this.algorithm = algorithm;
    this.footprintBytes = footprintBytes;
    this.ref = new KeyRef(handle, footprintBytes);
  }

  /**
   * A key over the same native reference as {@code owner} until {@link #unshare}: the public half
   * of a generated pair, which then costs no reference or Cleaner registration of its own. The
   * reference stays valid while either key is reachable; only {@code owner} releases it, and it
   * must call {@link #unshare} on this key first.
   */
  protected NativeKey(String algorithm, NativeKey owner) {
    this.algorithm = algorithm;
    this.footprintBytes = owner.footprintBytes;
    synchronized (owner.lock) {
      if (owner.ref == null || owner.destroyed) {
        throw new IllegalStateException("the key to share has no native reference");
      }
      this.ref = owner.ref;
    }
    this.sharedRef = true;
  }

  /**
   * A key whose native handle {@code materialize} makes on first native use. For keys that are
   * often only read in Java: a TLS ephemeral public key is only ever encoded, and importing it into
   * OpenSSL would cost as much as generating the pair. {@code materialize} must not capture the
   * key, and throws ProviderException if it fails.
   */
  protected NativeKey(String algorithm, LongSupplier materialize) {
    this(algorithm, materialize, KeyFootprints.bytes(algorithm, 0, false));
  }

  /** As {@link #NativeKey(String, LongSupplier)}, for a key holding what {@code footprint} says. */
  protected NativeKey(String algorithm, LongSupplier materialize, NativeFootprint footprint) {
    this(algorithm, materialize, footprint.bytes());
  }

  private NativeKey(String algorithm, LongSupplier materialize, long footprintBytes) {
    this.algorithm = algorithm;
    this.footprintBytes = footprintBytes;
    this.pending = materialize;
  }

  /** The key's own handle, made now if it is pending; callers hold {@code lock}. */
  private long handle() {
    if (ref == null) {
      ref = new KeyRef(pending.getAsLong(), footprintBytes);
      pending = null;
    }
    return ref.handle();
  }

  /** The native bytes this key accounts for (shared with its pair's private key, if it shares). */
  final long footprintBytes() {
    return footprintBytes;
  }

  @Override
  public final String getAlgorithm() {
    return algorithm;
  }

  /** A new native reference to this key, owned by the caller (wrap it in a {@link KeyRef}). */
  public final long retain() throws InvalidKeyException {
    synchronized (lock) {
      if (destroyed) {
        throw new InvalidKeyException("the key has been destroyed");
      }
      try {
        return PkeyNative.retain(handle());
      } finally {
        Reference.reachabilityFence(this);
      }
    }
  }

  /**
   * Throws what {@link #retain} throws for a destroyed key, for an SPI that keeps a reference it
   * retained earlier and would otherwise not notice the key's destruction at a re-init.
   */
  public final void checkUsable() throws InvalidKeyException {
    synchronized (lock) {
      if (destroyed) {
        throw new InvalidKeyException("the key has been destroyed");
      }
    }
  }

  /** The encoding, computed once (natively unless the key can write it itself); callers copy. */
  protected final byte[] encoding() {
    byte[] result = encoded;
    if (result == null) {
      synchronized (lock) {
        checkNotDestroyed();
        result = encoded;
        if (result == null) {
          result = encodeWithoutHandle();
          if (result == null) {
            try {
              result = encode(handle());
            } finally {
              Reference.reachabilityFence(this);
            }
          }
          encoded = result;
        }
      }
    }
    return result;
  }

  /** Computes the encoding of native key {@code handle}. */
  protected abstract byte[] encode(long handle);

  /**
   * The encoding written from what the key holds in Java, or null to have {@link #encode} compute
   * it from the native key. A key made pending from its raw bytes (a generated post-quantum public
   * key) answers here, so that encoding or comparing it never imports it into OpenSSL: for an
   * ML-KEM-768 key that import costs as much as half a key generation.
   */
  protected byte[] encodeWithoutHandle() {
    return null;
  }

  /** Runs a native query on the key's handle, keeping the key alive and not destroyed meanwhile. */
  protected final <T> T query(LongFunction<T> query) {
    synchronized (lock) {
      checkNotDestroyed();
      try {
        return query.apply(handle());
      } finally {
        Reference.reachabilityFence(this);
      }
    }
  }

  /**
   * Stops sharing the native reference of the key given to the sharing constructor (a generated
   * public key shares its pair's until the private key is destroyed, or an EC key's point is read).
   * {@code detach} reads what this key needs from the shared handle and returns how to make a
   * handle of its own, should an operation need one later. The reference is left to its owner.
   */
  protected final void unshare(LongFunction<LongSupplier> detach) {
    synchronized (lock) {
      if (!sharedRef || destroyed) {
        return;
      }
      try {
        pending = detach.apply(ref.handle());
      } finally {
        Reference.reachabilityFence(this);
      }
      ref = null;
      sharedRef = false;
    }
  }

  @Override
  public byte[] getEncoded() {
    byte[] cached = encoding();
    // destroyKey() zeroes the cached encoding under the lock: copying it under the lock too means
    // a racing destroy() gives an IllegalStateException, never a zeroed encoding.
    synchronized (lock) {
      checkNotDestroyed();
      return cached.clone();
    }
  }

  /**
   * Drops the key's own native reference and zeroes its cached encoding. SPIs that retained the key
   * keep theirs until they are done; OpenSSL cleanses the key when the last one goes.
   */
  protected final void destroyKey() {
    synchronized (lock) {
      if (destroyed) {
        return;
      }
      destroyed = true;
      byte[] cached = encoded;
      if (cached != null) {
        java.util.Arrays.fill(cached, (byte) 0);
      }
      encoded = null;
      pending = null;
      if (ref != null && !sharedRef) {
        ref.release();
      }
    }
  }

  protected final boolean destroyed() {
    synchronized (lock) {
      return destroyed;
    }
  }

  private void checkNotDestroyed() {
    if (destroyed) {
      throw new IllegalStateException("the key has been destroyed");
    }
  }

  /** Serialization goes through the standard encoding. */
  protected abstract KeyRep.Type repType();

  /**
   * What the key serializes as: a {@link KeyRep} of its standard encoding, which any provider reads
   * back. A key whose only encoding KeyRep cannot read (the hybrid KEMs' RAW public and private
   * keys) writes a form of its own instead.
   */
  protected Object serialForm() throws java.io.ObjectStreamException {
    return new KeyRep(repType(), getAlgorithm(), getFormat(), getEncoded());
  }

  protected final Object writeReplace() throws java.io.ObjectStreamException {
    return serialForm();
  }

  private void readObject(ObjectInputStream in) throws InvalidObjectException {
    throw new InvalidObjectException("Carbide keys serialize through KeyRep");
  }
}
