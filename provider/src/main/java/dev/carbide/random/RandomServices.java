package dev.carbide.random;

import dev.carbide.internal.ServiceSink;

/** Placeholder until the family lands. */
public final class RandomServices {
  private RandomServices() {}

  public static void register(ServiceSink sink) {}
}
