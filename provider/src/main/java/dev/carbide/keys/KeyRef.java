package dev.carbide.keys;

import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import java.lang.ref.Cleaner;

/**
 * One owned reference to a native key, released once: explicitly, or by the Cleaner when this
 * object becomes unreachable, that is when every holder of it has. An SPI that uses a key holds a
 * KeyRef of its own, so the key object may be destroyed or collected in the middle of the SPI's
 * work. The two keys of a generated EC pair hold one KeyRef between them (NativeKey's sharing
 * constructor), which saves a reference and a Cleaner registration per pair.
 */
public final class KeyRef {
  private final long handle;
  private final Cleaner.Cleanable cleanable;

  /** Takes ownership of {@code handle}, a further reference to a key that is accounted for. */
  public KeyRef(long handle) {
    this(handle, NativeFootprint.KEY_REFERENCE.bytes());
  }

  /** Takes ownership of {@code handle}, which holds {@code footprintBytes} of native memory. */
  KeyRef(long handle, long footprintBytes) {
    this.handle = handle;
    this.cleanable = NativeCleaner.register(this, handle, PkeyNative::free, footprintBytes);
  }

  /** The native handle; valid until {@link #release} or until the owner is unreachable. */
  public long handle() {
    return handle;
  }

  public void release() {
    cleanable.clean();
  }
}
