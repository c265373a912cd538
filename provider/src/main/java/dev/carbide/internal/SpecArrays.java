package dev.carbide.internal;

import dev.carbide.KbkdfKeySpec;
import dev.carbide.KeyAgreementKdfSpec;

/**
 * The arrays inside {@code dev.carbide}'s KDF specs, read where they lie: the public getters clone
 * them (and the caller then zeroes the clone of a secret), which was a fifth of the Java side of a
 * cheap derivation (docs/kdfs.md, 2026-12-02, kdfrows). Each spec class registers its reader when
 * it is initialized, which happens before any instance reaches a KDF. Readers only read: the KDFs
 * copy the bytes into their own packed parameters.
 */
public final class SpecArrays {
  /** Reads array {@code field} of {@code spec}: the constants below. */
  public interface Reader<T> {
    byte[] read(T spec, int field);
  }

  /** {@link KeyAgreementKdfSpec}'s arrays. */
  public static final int SHARED_SECRET = 0;

  public static final int SALT = 1;
  public static final int FIXED_INFO = 2;

  /** {@link KbkdfKeySpec}'s arrays. */
  public static final int KEY = 0;

  public static final int LABEL = 1;
  public static final int CONTEXT = 2;
  public static final int IV = 3;

  private static volatile Reader<KeyAgreementKdfSpec> agreement;
  private static volatile Reader<KbkdfKeySpec> kbkdf;

  private SpecArrays() {}

  /** Called once, by KeyAgreementKdfSpec's static initializer, with a lambda of its own. */
  public static synchronized void registerAgreement(Reader<KeyAgreementKdfSpec> reader) {
    checkFirstFrom(agreement, reader, KeyAgreementKdfSpec.class);
    agreement = reader;
  }

  /** Called once, by KbkdfKeySpec's static initializer, with a lambda of its own. */
  public static synchronized void registerKbkdf(Reader<KbkdfKeySpec> reader) {
    checkFirstFrom(kbkdf, reader, KbkdfKeySpec.class);
    kbkdf = reader;
  }

  // The package is not exported, but on the class path anyone can call it: only the spec class's
  // own lambda (a nestmate of the spec) may register, and only once.
  private static void checkFirstFrom(Reader<?> current, Reader<?> reader, Class<?> spec) {
    if (current != null || reader.getClass().getNestHost() != spec) {
      throw new IllegalStateException("only " + spec.getSimpleName() + " registers its reader");
    }
  }

  /** The array itself, not a copy: the caller must neither change nor keep it. */
  public static byte[] of(KeyAgreementKdfSpec spec, int field) {
    return agreement.read(spec, field);
  }

  /** The array itself, not a copy: the caller must neither change nor keep it. */
  public static byte[] of(KbkdfKeySpec spec, int field) {
    return kbkdf.read(spec, field);
  }
}
