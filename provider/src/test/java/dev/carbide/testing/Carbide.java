package dev.carbide.testing;

import dev.carbide.CarbideProvider;
import java.security.Provider;

/** The provider instance under test, shared by the tests of one JVM. */
public final class Carbide {
  private static final Provider PROVIDER = create();

  private Carbide() {}

  private static Provider create() {
    Provider provider = new CarbideProvider();
    if (CarbideProvider.loadError() != null) {
      throw new IllegalStateException("Carbide failed to load", CarbideProvider.loadError());
    }
    return provider;
  }

  public static Provider provider() {
    return PROVIDER;
  }
}
