package dev.carbide.hybrid;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The decisions in force: for each route key that the JDK serves, the input sizes at which it does
 * (a {@link Span}; every size for operations without one, such as signing). A key that is absent
 * stays on OpenSSL at every size. {@code source} says where the decisions came from, for {@code
 * info}.
 */
record RouteTable(Map<String, Span> spans, String source) {
  static final int NEVER = Integer.MAX_VALUE;

  /**
   * The input sizes in bytes that the JDK serves, {@code from} (inclusive) {@code below}
   * (exclusive, {@link #NEVER} for no bound). One span per route key is enough: an engine's cost
   * per message is a fixed part plus a part per byte, so the JDK's speed over OpenSSL's moves one
   * way with the size and the sizes one engine wins are those below or from some size
   * (docs/hybrid.md, "The profile"). Written in the profile as {@code from N}, {@code below N} or
   * {@code from N below M}.
   */
  record Span(int from, int below) {
    /** Every size: the only span of an operation without sizes. */
    static final Span ALL = new Span(0, NEVER);

    /** No size: the route key stays on OpenSSL. */
    static final Span NONE = new Span(NEVER, NEVER);

    Span {
      if (from < 0 || (from >= below && !(from == NEVER && below == NEVER))) {
        throw new IllegalArgumentException("empty span from " + from + " below " + below);
      }
    }

    static Span from(int bytes) {
      return new Span(bytes, NEVER);
    }

    static Span below(int bytes) {
      return new Span(0, bytes);
    }

    boolean contains(int length) {
      return length >= from && length < below;
    }

    /** The profile's form; {@link #NONE} ("none") is never written, an absent key says it. */
    @Override
    public String toString() {
      if (this.equals(NONE)) {
        return "none";
      }
      if (below == NEVER) {
        return "from " + from;
      }
      return from == 0 ? "below " + below : "from " + from + " below " + below;
    }

    /** The profile's form read back, or null if it is not one. */
    static Span parse(String text) {
      String[] words = text.trim().split(" +");
      int from = 0;
      int below = NEVER;
      int i = 0;
      if (words.length >= 2 && words[0].equals("from")) {
        from = bytes(words[1]);
        i = 2;
      }
      if (i + 2 == words.length && words[i].equals("below")) {
        below = bytes(words[i + 1]);
        i += 2;
      }
      if (i == 0 || i != words.length || from < 0 || below < 0 || from >= below) {
        return null;
      }
      return new Span(from, below);
    }

    private static int bytes(String digits) {
      try {
        return digits.startsWith("+") ? -1 : Integer.parseInt(digits);
      } catch (NumberFormatException e) {
        return -1;
      }
    }
  }

  RouteTable {
    spans = Collections.unmodifiableMap(new LinkedHashMap<>(spans));
  }

  static RouteTable off(String source) {
    return new RouteTable(Map.of(), source);
  }

  /** The sizes at which the JDK serves this route key, {@link Span#NONE} if it never does. */
  Span span(String key) {
    return spans.getOrDefault(key, Span.NONE);
  }

  /** True if the JDK serves any operation of this service at some size. */
  boolean routesAny(Routable.Service service) {
    for (String operation : service.kind().operations) {
      if (spans.containsKey(service.key(operation))) {
        return true;
      }
    }
    return false;
  }
}
