package dev.carbide.random;

/**
 * The random family's natives (native/jni/random), over OpenSSL's process-wide DRBGs. They take no
 * handles: there is no native state of ours to own, free or keep alive.
 */
final class RandomNative {
  private RandomNative() {}

  /** Security strength in bits of OpenSSL's public DRBG, or 0 if OpenSSL has no working DRBG. */
  static native int strength();

  /** OpenSSL's name of the DRBG mechanism, for example "CTR-DRBG". */
  static native String mechanismName();

  /** Fills out[offset, offset + length) with RAND_bytes. */
  static native void generate(byte[] out, int offset, int length);

  /**
   * Fills out[offset, offset + length) from the public DRBG with SP 800-90A request options: a
   * minimum {@code strength} (0 for none), a prediction-resistant reseed first, and additional
   * input for this request ({@code additionalInput} may be null).
   */
  static native void generateWith(
      byte[] out,
      int offset,
      int length,
      int strength,
      boolean predictionResistance,
      byte[] additionalInput);

  /** Fills out[offset, offset + length) with RAND_priv_bytes. */
  static native void generateSeed(byte[] out, int offset, int length);

  /** Mixes seed[offset, offset + length) into every thread's DRBG, replacing nothing. */
  static native void addSeed(byte[] seed, int offset, int length);

  /**
   * Reseeds the DRBG chain; with prediction resistance from live operating-system entropy. {@code
   * additionalInput} (may be null) is mixed in as {@link #addSeed} does.
   */
  static native void reseed(boolean predictionResistance, byte[] additionalInput);
}
