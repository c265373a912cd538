package dev.carbide;

import dev.carbide.internal.FipsMode;
import dev.carbide.internal.NativeCore;
import dev.carbide.internal.NativeLibrary;

/**
 * OpenSSL's FIPS approval indicator, for an auditor: in FIPS mode ({@code carbide.fips=true}) the
 * module reports each operation that it runs without approving it. With the module's default
 * configuration those are the few whose check the configuration leaves off (an HMAC key under 112
 * bits, PKCS#1 v1.5 encryption padding, ...); everything it does not approve at all is absent or
 * refused. Needs OpenSSL 3.4 or later (the bundled module is 3.5); see docs/fips.md.
 *
 * <pre>{@code
 * FipsIndicator.takeUnapproved();               // forget anything earlier on this thread
 * mac.doFinal(message);
 * String unapproved = FipsIndicator.takeUnapproved();   // null: the operation was approved
 * }</pre>
 */
public final class FipsIndicator {
  private FipsIndicator() {}

  /** True if Carbide runs in FIPS mode, so that every operation runs in the FIPS module. */
  public static boolean fipsMode() {
    return NativeLibrary.loadError() == null && FipsMode.enabled();
  }

  /**
   * The calling thread's last operation that the module ran without approving it since the last
   * call ("type: description", for instance "HMAC: Key size"), or null if there was none. Clears
   * it. Always null outside FIPS mode.
   */
  public static String takeUnapproved() {
    return fipsMode() ? NativeCore.takeUnapproved() : null;
  }

  /** How many operations the module has run without approving them, in this process. */
  public static long unapprovedCount() {
    return fipsMode() ? NativeCore.unapprovedCount() : 0;
  }
}
