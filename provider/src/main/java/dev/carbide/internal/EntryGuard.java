package dev.carbide.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Turns one engine used by two threads at once into an {@link IllegalStateException} instead of
 * native memory corruption.
 *
 * <p>JCA engines are not thread-safe by contract, but a shared {@code Signature} or {@code Cipher}
 * must still never crash the JVM: two threads inside OpenSSL on one context, or one thread freeing
 * a context (a re-{@code init}) while another uses it, corrupts the heap. Each engine that owns
 * native state holds one guard and brackets every native crossing, and every read of a native
 * handle that a crossing uses, with {@link #enter} and {@link #exit}:
 *
 * <pre>{@code
 * guard.enter();
 * try {
 *   Native.update(handle, ...);
 * } finally {
 *   guard.exit();
 *   Reference.reachabilityFence(this);
 * }
 * }</pre>
 *
 * <p>Work that stays in Java (buffering a short update) needs no guard: a race there can only give
 * a wrong result or a Java exception, and the native side checks every range it is handed.
 *
 * <p>The guard is not reentrant: enter it once, at the crossing, never around code that enters it
 * again. Uncontended, {@link #enter} is one compare-and-set and {@link #exit} a plain release
 * store.
 */
public final class EntryGuard {
  private static final VarHandle BUSY;

  static {
    try {
      BUSY = MethodHandles.lookup().findVarHandle(EntryGuard.class, "busy", boolean.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @SuppressWarnings("unused") // accessed through BUSY
  private boolean busy;

  /** Claims the engine for the calling thread; throws if another thread holds it. */
  public void enter() {
    if (!BUSY.compareAndSet(this, false, true)) {
      throw concurrentUse();
    }
  }

  /** Releases the engine; call once for each successful {@link #enter}, in a finally block. */
  public void exit() {
    BUSY.setRelease(this, false);
  }

  // Out of line, so that enter() stays small enough to inline on the hot path.
  private static IllegalStateException concurrentUse() {
    return new IllegalStateException(
        "This engine is being used by another thread at the same time. JCA engines (Cipher, Mac,"
            + " MessageDigest, Signature, KeyAgreement, ...) are not thread-safe: give each thread"
            + " its own instance.");
  }
}
