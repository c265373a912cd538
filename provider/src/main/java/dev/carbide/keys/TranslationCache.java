package dev.carbide.keys;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.security.InvalidKeyException;
import java.security.Key;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Remembers the Carbide translation of foreign keys (a SunEC key, a key built from a spec) for as
 * long as the foreign key object lives, so a key used in every TLS handshake is parsed once. Keyed
 * by identity, not equality: a foreign key's {@code equals} may be slow or wrong. Bounded: a
 * direct-mapped table, where a new translation replaces whatever shared its slot. Lock-free.
 */
public final class TranslationCache<T extends NativeKey> {
  private static final int SLOTS = 64;

  private static final class Slot<T> extends WeakReference<Key> {
    final int index;
    final T translated;

    Slot(Key foreign, int index, T translated, ReferenceQueue<Key> queue) {
      super(foreign, queue);
      this.index = index;
      this.translated = translated;
    }
  }

  private final AtomicReferenceArray<Slot<T>> slots = new AtomicReferenceArray<>(SLOTS);
  private final ReferenceQueue<Key> collected = new ReferenceQueue<>();

  /** The translation of {@code foreign}, or null if there is none (or it was destroyed). */
  public T get(Key foreign) {
    purge();
    Slot<T> slot = slots.get(indexOf(foreign));
    if (slot == null || slot.get() != foreign) {
      return null;
    }
    T translated = slot.translated;
    if (translated instanceof NativePrivateKey key && key.isDestroyed()) {
      return null;
    }
    return translated;
  }

  /** Translates a foreign key to a Carbide one; InvalidKeyException if it cannot. */
  @FunctionalInterface
  public interface Translation<T> {
    T translate(Key foreign) throws InvalidKeyException;
  }

  /** The cached translation of {@code foreign}, made by {@code translation} and cached if none. */
  public T getOrTranslate(Key foreign, Translation<T> translation) throws InvalidKeyException {
    T cached = get(foreign);
    if (cached == null) {
      cached = translation.translate(foreign);
      put(foreign, cached);
    }
    return cached;
  }

  public void put(Key foreign, T translated) {
    purge();
    int index = indexOf(foreign);
    slots.set(index, new Slot<>(foreign, index, translated, collected));
  }

  // Drops translations whose foreign key was collected, so they do not outlive it.
  @SuppressWarnings("unchecked")
  private void purge() {
    for (Object ref; (ref = collected.poll()) != null; ) {
      Slot<T> slot = (Slot<T>) ref;
      slots.compareAndSet(slot.index, slot, null);
    }
  }

  private static int indexOf(Key foreign) {
    int hash = System.identityHashCode(foreign);
    return (hash ^ (hash >>> 16)) & (SLOTS - 1);
  }
}
