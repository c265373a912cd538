package dev.carbide.keys;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/**
 * The domain parameters a key-pair generator uses for a bare key size, made once per size by a
 * source (the JDK provider's own generator, so Carbide's keys of a size are over the JDK's groups)
 * and kept for the life of the process, as the JDK keeps its own. Size 0 stands for the source's
 * default size.
 */
public final class ParametersBySize<T> {
  private final Map<Integer, T> bySize = new ConcurrentHashMap<>();
  private final IntFunction<T> source;

  public ParametersBySize(IntFunction<T> source) {
    this.source = source;
  }

  /** The parameters for {@code bits}; the source's exceptions pass through and nothing is kept. */
  public T forSize(int bits) {
    T known = bySize.get(bits);
    if (known == null) {
      known = source.apply(bits);
      bySize.put(bits, known);
    }
    return known;
  }
}
