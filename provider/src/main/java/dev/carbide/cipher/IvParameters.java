package dev.carbide.cipher;

import java.io.IOException;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.HexFormat;
import javax.crypto.spec.IvParameterSpec;

/**
 * AlgorithmParameters that are one IV of a fixed length, DER-encoded as an OCTET STRING: "AES" (16
 * bytes) and "ChaCha20-Poly1305" (a 12-byte nonce), as SunJCE encodes them.
 */
final class IvParameters extends DerParameters {
  private final int ivBytes;
  private byte[] iv;

  IvParameters(int ivBytes) {
    this.ivBytes = ivBytes;
  }

  @Override
  protected void engineInit(AlgorithmParameterSpec spec) throws InvalidParameterSpecException {
    if (!(spec instanceof IvParameterSpec ivSpec)) {
      throw new InvalidParameterSpecException("Inappropriate parameter specification");
    }
    byte[] value = ivSpec.getIV();
    if (value.length != ivBytes) {
      throw new InvalidParameterSpecException("IV not " + ivBytes + " bytes long");
    }
    iv = value;
  }

  @Override
  protected void engineInit(byte[] encoded) throws IOException {
    Der.Reader reader = new Der.Reader(encoded);
    byte[] value = reader.next(Der.OCTET_STRING);
    if (!reader.done() || value.length != ivBytes) {
      throw new IOException("IV not " + ivBytes + " bytes long");
    }
    iv = value;
  }

  @Override
  protected <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> spec)
      throws InvalidParameterSpecException {
    if (!spec.isAssignableFrom(IvParameterSpec.class)) {
      throw new InvalidParameterSpecException("Inappropriate parameter specification");
    }
    return spec.cast(new IvParameterSpec(iv));
  }

  @Override
  protected byte[] engineGetEncoded() {
    return Der.encode(Der.OCTET_STRING, iv);
  }

  @Override
  protected String engineToString() {
    return "\n    iv:\n[" + HexFormat.of().formatHex(iv) + "]\n";
  }
}
