package dev.carbide;

import java.security.spec.AlgorithmParameterSpec;

/**
 * The parameters of KMAC128 and KMAC256 (NIST SP 800-185): the customisation string S and the
 * output length. The JDK has no KMAC; this spec has the shape and rules of Bouncy Castle's {@code
 * KMACParameterSpec}, so code written for one ports to the other by changing the import:
 *
 * <pre>{@code
 * Mac kmac = Mac.getInstance("KMAC256", "Carbide");
 * kmac.init(key, new KmacParameterSpec(512, "My Tagged Application".getBytes(UTF_8)));
 * }</pre>
 *
 * <p>Without a spec, a KMAC has an empty customisation string and its default length: 256 bits for
 * KMAC128, 512 for KMAC256. Carbide returns at most 8192 bits (1024 bytes) of tag; OpenSSL takes a
 * customisation string of at most 512 bytes.
 */
public final class KmacParameterSpec implements AlgorithmParameterSpec {
  private final int macSizeInBits;
  private final byte[] customizationString;

  /** An output of {@code macSizeInBits} and an empty customisation string. */
  public KmacParameterSpec(int macSizeInBits) {
    this(macSizeInBits, new byte[0]);
  }

  /**
   * An output of {@code macSizeInBits}, a positive multiple of 8, and a copy of {@code
   * customizationString} (null means empty).
   *
   * @throws IllegalArgumentException if {@code macSizeInBits} is not a positive multiple of 8
   */
  public KmacParameterSpec(int macSizeInBits, byte[] customizationString) {
    if ((macSizeInBits & 7) != 0) {
      throw new IllegalArgumentException("macSizeInBits must be a multiple of 8");
    }
    if (macSizeInBits <= 0) {
      throw new IllegalArgumentException("macSizeInBits must be positive");
    }
    this.macSizeInBits = macSizeInBits;
    this.customizationString =
        customizationString == null ? new byte[0] : customizationString.clone();
  }

  public int getMacSizeInBits() {
    return macSizeInBits;
  }

  /** A copy of the customisation string. */
  public byte[] getCustomizationString() {
    return customizationString.clone();
  }
}
