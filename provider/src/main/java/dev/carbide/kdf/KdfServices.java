package dev.carbide.kdf;

import dev.carbide.internal.ServiceSink;

/** Placeholder until the family lands. */
public final class KdfServices {
  private KdfServices() {}

  public static void register(ServiceSink sink) {}
}
