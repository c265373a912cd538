package dev.carbide;

import dev.carbide.internal.SpecArrays;
import java.security.spec.KeySpec;
import java.util.Arrays;

/**
 * The input of the SP 800-108 KBKDF SecretKeyFactories: {@code KBKDF-COUNTER-HMACSHA256} (and -384,
 * -512), {@code KBKDF-COUNTER-AESCMAC}, and the same in {@code FEEDBACK} mode. The PRF runs under
 * the key-derivation key KI over, for block i from 1 on,
 *
 * <ul>
 *   <li>{@code [i]_32 || Label || 0x00 || Context || [L]_32} in counter mode, and
 *   <li>{@code K(i-1) || [i]_32 || Label || 0x00 || Context || [L]_32} in feedback mode, with K(0)
 *       = IV,
 * </ul>
 *
 * where [i]_32 and [L]_32 (L the key length in bits) are 32-bit big-endian integers, as SP 800-108
 * section 4 lays the input out. {@link #withFixedInput} instead gives a fixed input that the caller
 * has laid out itself, sent in place of {@code Label || 0x00 || Context || [L]_32} (the form NIST's
 * test vectors use). For AESCMAC, KI is 16, 24 or 32 bytes and chooses AES-128, -192 or -256.
 *
 * <p>{@code KBKDF-KMAC128} and {@code KBKDF-KMAC256} (SP 800-108r1 section 4.4) compute KMAC#(KI,
 * Context, L, Label) instead: the Label is KMAC's customization string and the Context its input,
 * with no counter, so they take neither an IV nor a fixed input; KI is 4 to 512 bytes.
 *
 * <pre>{@code
 * SecretKeyFactory kbkdf = SecretKeyFactory.getInstance("KBKDF-COUNTER-HMACSHA256", "Carbide");
 * byte[] key = kbkdf.generateSecret(new KbkdfKeySpec(ki, label, context, 256)).getEncoded();
 * }</pre>
 *
 * <p>The key length must be a positive multiple of 8 bits. Carbide checks the spec when the factory
 * generates the key, throwing {@code InvalidKeySpecException}: the constructors only copy their
 * arguments (null arrays count as empty).
 */
public final class KbkdfKeySpec implements KeySpec {
  private final byte[] key;
  private final byte[] label;
  private final byte[] context;
  private final byte[] iv;
  private final boolean separatorAndLength;
  private final int keyLength;

  static {
    SpecArrays.registerKbkdf(
        (spec, field) ->
            switch (field) {
              case SpecArrays.KEY -> spec.key;
              case SpecArrays.LABEL -> spec.label;
              case SpecArrays.CONTEXT -> spec.context;
              case SpecArrays.IV -> spec.iv;
              default -> throw new IllegalArgumentException("no field " + field);
            });
  }

  /** A spec for counter mode, or feedback mode with an empty IV. */
  public KbkdfKeySpec(byte[] key, byte[] label, byte[] context, int keyLength) {
    this(key, label, context, null, keyLength);
  }

  /**
   * A spec for feedback mode with {@code iv} as K(0); counter mode refuses a non-empty IV.
   *
   * @param keyLength L, the length of the derived key in bits
   */
  public KbkdfKeySpec(byte[] key, byte[] label, byte[] context, byte[] iv, int keyLength) {
    this(key, label, context, iv, true, keyLength);
  }

  private KbkdfKeySpec(
      byte[] key,
      byte[] label,
      byte[] context,
      byte[] iv,
      boolean separatorAndLength,
      int keyLength) {
    this.key = copy(key);
    this.label = copy(label);
    this.context = copy(context);
    this.iv = copy(iv);
    this.separatorAndLength = separatorAndLength;
    this.keyLength = keyLength;
  }

  /**
   * A spec whose PRF input after the counter is {@code fixedInput} alone: no separator and no
   * [L]_32 are added. {@code iv} is feedback mode's K(0) (null for none).
   */
  public static KbkdfKeySpec withFixedInput(
      byte[] key, byte[] fixedInput, byte[] iv, int keyLength) {
    return new KbkdfKeySpec(key, fixedInput, null, iv, false, keyLength);
  }

  private static byte[] copy(byte[] bytes) {
    return bytes == null ? new byte[0] : bytes.clone();
  }

  /** A copy of KI; the caller should zero it after use. */
  public byte[] getKey() {
    return key.clone();
  }

  /** A copy of the Label, or of the whole fixed input for a spec {@link #withFixedInput}. */
  public byte[] getLabel() {
    return label.clone();
  }

  /** A copy of the Context (empty for a spec {@link #withFixedInput}). */
  public byte[] getContext() {
    return context.clone();
  }

  /** A copy of the IV (empty if none). */
  public byte[] getIv() {
    return iv.clone();
  }

  /** True if the PRF input holds the 0x00 separator and [L]_32; false {@link #withFixedInput}. */
  public boolean hasSeparatorAndLength() {
    return separatorAndLength;
  }

  /** L, the length of the derived key in bits. */
  public int getKeyLength() {
    return keyLength;
  }

  /** Zeroes this spec's copy of the key. */
  public void clearKey() {
    Arrays.fill(key, (byte) 0);
  }
}
