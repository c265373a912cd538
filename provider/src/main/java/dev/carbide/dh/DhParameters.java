package dev.carbide.dh;

import dev.carbide.keys.IntegerParameters;
import java.io.IOException;
import java.math.BigInteger;
import javax.crypto.spec.DHParameterSpec;

/**
 * AlgorithmParameters "DiffieHellman": PKCS #3's DHParameter ::= SEQUENCE { prime, base,
 * privateValueLength OPTIONAL }, as SunJCE encodes it (the length only when it is above 0).
 */
final class DhParameters extends IntegerParameters<DHParameterSpec> {
  DhParameters() {
    super(DHParameterSpec.class, 2, 3);
  }

  @Override
  protected BigInteger[] valuesOf(DHParameterSpec spec) {
    return spec.getL() > 0
        ? new BigInteger[] {spec.getP(), spec.getG(), BigInteger.valueOf(spec.getL())}
        : new BigInteger[] {spec.getP(), spec.getG()};
  }

  @Override
  protected DHParameterSpec specOf(BigInteger[] values) throws IOException {
    if (values.length == 2) {
      return new DHParameterSpec(values[0], values[1]);
    }
    if (values[2].bitLength() > 31) {
      throw new IOException("Private-value length too big");
    }
    return new DHParameterSpec(values[0], values[1], values[2].intValue());
  }

  @Override
  protected String title() {
    return "Diffie-Hellman Parameters (p, g, l)";
  }
}
