package dev.carbide.mac;

import dev.carbide.internal.ServiceSink;

/** Placeholder until the family lands. */
public final class MacServices {
  private MacServices() {}

  public static void register(ServiceSink sink) {}
}
