package dev.carbide.cipher;

import java.io.IOException;
import java.security.AlgorithmParametersSpi;

/** AlgorithmParameters whose only encoding is DER ("ASN.1", the default format). */
abstract class DerParameters extends AlgorithmParametersSpi {
  @Override
  protected final void engineInit(byte[] encoded, String format) throws IOException {
    if (format != null && !format.equalsIgnoreCase("ASN.1")) {
      throw new IllegalArgumentException("Only support ASN.1 format");
    }
    engineInit(encoded);
  }

  @Override
  protected final byte[] engineGetEncoded(String format) throws IOException {
    return engineGetEncoded();
  }
}
