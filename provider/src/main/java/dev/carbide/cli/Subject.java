package dev.carbide.cli;

import dev.carbide.CarbideProvider;
import java.io.PrintStream;
import java.security.Provider;

/**
 * What the commands examine: a provider, and why Carbide's native library failed to load, if it
 * did. Tests substitute their own provider or load error.
 */
record Subject(Provider provider, Throwable loadError) {
  static Subject carbide() {
    Provider provider = new CarbideProvider();
    return new Subject(provider, CarbideProvider.loadError());
  }

  /** Returns true if the native library is loaded; otherwise says why on {@code err}. */
  boolean checkLoaded(PrintStream err) {
    if (loadError == null) {
      return true;
    }
    err.println(
        "Carbide's native library is not loaded, so it registers no services: " + loadError);
    for (Throwable cause = loadError.getCause(); cause != null; cause = cause.getCause()) {
      err.println("  caused by: " + cause);
    }
    return false;
  }
}
