package dev.carbide.dsa;

import dev.carbide.keys.IntegerParameters;
import java.math.BigInteger;
import java.security.spec.DSAParameterSpec;

/** AlgorithmParameters "DSA": Dss-Parms ::= SEQUENCE { p, q, g }, as SUN encodes them. */
final class DsaParameters extends IntegerParameters<DSAParameterSpec> {
  DsaParameters() {
    super(DSAParameterSpec.class, 3, 3);
  }

  @Override
  protected BigInteger[] valuesOf(DSAParameterSpec spec) {
    return new BigInteger[] {spec.getP(), spec.getQ(), spec.getG()};
  }

  @Override
  protected DSAParameterSpec specOf(BigInteger[] values) {
    return new DSAParameterSpec(values[0], values[1], values[2]);
  }

  @Override
  protected String title() {
    return "DSA Parameters (p, q, g)";
  }
}
