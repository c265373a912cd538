package dev.carbide.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * Links the critical FFM downcalls that the families' {@code *Calls} classes take on Java 22 and
 * later (no thread-state transitions, heap arrays passed without pinning). One place, so that every
 * family falls back the same way: where a call cannot be linked, the family keeps its JNI path.
 * Only in the jar's Java 25 part; Java 17 to 21 never load it.
 */
public final class CriticalDowncalls {
  private CriticalDowncalls() {}

  private static final byte[] EMPTY = new byte[0];

  /**
   * {@code array}, or an empty array for null: what a critical call is handed for an absent range.
   * One allocation site per segment, whichever array: a segment chosen between {@code
   * MemorySegment.NULL} and a new one escapes C2's scalar replacement, and cost a 64-byte digest
   * about 90 bytes and 20% more time in allocations.
   */
  public static byte[] orEmpty(byte[] array) {
    return array == null ? EMPTY : array;
  }

  /**
   * The critical downcall to {@code name}, a C function of a Carbide library that this class loader
   * loaded, or null if it cannot be linked: an older library without the symbol, or native access
   * denied ({@code IllegalCallerException}).
   */
  public static MethodHandle link(String name, FunctionDescriptor signature) {
    try {
      MemorySegment symbol = SymbolLookup.loaderLookup().find(name).orElse(null);
      if (symbol == null) {
        return null;
      }
      return Linker.nativeLinker().downcallHandle(symbol, signature, Linker.Option.critical(true));
    } catch (RuntimeException e) {
      return null;
    }
  }
}
