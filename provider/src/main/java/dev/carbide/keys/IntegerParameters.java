package dev.carbide.keys;

import java.io.IOException;
import java.math.BigInteger;
import java.security.AlgorithmParametersSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;

/**
 * AlgorithmParameters whose encoding is a DER SEQUENCE of INTEGERs (DSA's Dss-Parms, PKCS #3's
 * DHParameter), with the JDK providers' contract: one parameter spec class in and out, DER as the
 * only format (any format name is taken as DER, as SUN and SunJCE take it).
 */
public abstract class IntegerParameters<S extends AlgorithmParameterSpec>
    extends AlgorithmParametersSpi {
  private final Class<S> specClass;
  private final int minValues;
  private final int maxValues;
  private BigInteger[] values;

  protected IntegerParameters(Class<S> specClass, int minValues, int maxValues) {
    this.specClass = specClass;
    this.minValues = minValues;
    this.maxValues = maxValues;
  }

  /** The INTEGERs that encode {@code spec}. */
  protected abstract BigInteger[] valuesOf(S spec);

  /** The spec of decoded INTEGERs; IOException if they make none. */
  protected abstract S specOf(BigInteger[] values) throws IOException;

  /** The heading of {@link #engineToString}, e.g. "DSA Parameters". */
  protected abstract String title();

  @Override
  protected final void engineInit(AlgorithmParameterSpec spec)
      throws InvalidParameterSpecException {
    if (!specClass.isInstance(spec)) {
      throw new InvalidParameterSpecException("Inappropriate parameter specification");
    }
    values = valuesOf(specClass.cast(spec));
  }

  @Override
  protected final void engineInit(byte[] encoded) throws IOException {
    BigInteger[] decoded = DerIntegers.decode(encoded, minValues, maxValues);
    // Through the spec, which refuses what no spec holds and drops what the JDK would not encode.
    values = valuesOf(specOf(decoded));
  }

  @Override
  protected final void engineInit(byte[] encoded, String format) throws IOException {
    engineInit(encoded);
  }

  @Override
  protected final <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> spec)
      throws InvalidParameterSpecException {
    if (spec == null || !spec.isAssignableFrom(specClass)) {
      throw new InvalidParameterSpecException("Inappropriate parameter Specification");
    }
    try {
      return spec.cast(specOf(values));
    } catch (IOException e) {
      throw new InvalidParameterSpecException(e.getMessage());
    }
  }

  @Override
  protected final byte[] engineGetEncoded() {
    return DerIntegers.encode(values);
  }

  @Override
  protected final byte[] engineGetEncoded(String format) {
    return engineGetEncoded();
  }

  @Override
  protected final String engineToString() {
    StringBuilder text = new StringBuilder(title()).append(':');
    for (BigInteger value : values) {
      text.append(System.lineSeparator()).append("    ").append(value.toString(16));
    }
    return text.toString();
  }
}
