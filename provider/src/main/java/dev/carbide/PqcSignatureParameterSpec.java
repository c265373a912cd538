package dev.carbide;

import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Objects;

/**
 * Options of Carbide's ML-DSA and SLH-DSA signatures (FIPS 204 and 205) beyond the JDK's default,
 * given with {@code Signature.setParameter} before or after {@code initSign}/{@code initVerify}:
 *
 * <ul>
 *   <li>a context string of up to 255 bytes, which the verifier must give too (the default is the
 *       empty context, which is what the JDK 25 signs with);
 *   <li>the deterministic variant, which signs without fresh randomness, so one key and message
 *       always give the same signature (the default is the hedged variant, as the JDK's).
 * </ul>
 *
 * <pre>{@code
 * Signature signature = Signature.getInstance("ML-DSA", "Carbide");
 * signature.initSign(privateKey);
 * signature.setParameter(new PqcSignatureParameterSpec(context, false));
 * }</pre>
 *
 * Both are pure signing: the message is signed as it is, never pre-hashed (no HashML-DSA).
 */
public final class PqcSignatureParameterSpec implements AlgorithmParameterSpec {
  /** The longest context FIPS 204 and 205 allow. */
  public static final int MAX_CONTEXT_LENGTH = 255;

  private final byte[] context;
  private final boolean deterministic;

  /**
   * @param context the context string, at most 255 bytes; copied
   * @param deterministic true for the deterministic variant
   * @throws IllegalArgumentException if the context is longer than 255 bytes
   */
  public PqcSignatureParameterSpec(byte[] context, boolean deterministic) {
    Objects.requireNonNull(context, "context");
    if (context.length > MAX_CONTEXT_LENGTH) {
      throw new IllegalArgumentException("context length cannot be greater than 255");
    }
    this.context = context.clone();
    this.deterministic = deterministic;
  }

  /** A copy of the context string. */
  public byte[] getContext() {
    return context.clone();
  }

  public boolean isDeterministic() {
    return deterministic;
  }

  @Override
  public String toString() {
    return "PqcSignatureParameterSpec[context="
        + context.length
        + " bytes, deterministic="
        + deterministic
        + "]";
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PqcSignatureParameterSpec spec
        && deterministic == spec.deterministic
        && Arrays.equals(context, spec.context);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(context) * 31 + Boolean.hashCode(deterministic);
  }
}
