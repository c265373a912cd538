package dev.carbide.cipher;

import java.io.IOException;
import java.math.BigInteger;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.HexFormat;
import javax.crypto.spec.GCMParameterSpec;

/**
 * AlgorithmParameters "GCM": RFC 5084's GCMParameters, SEQUENCE { nonce OCTET STRING, icvLen
 * INTEGER DEFAULT 12 }, with the tag length in bytes, as SunJCE encodes it; "CCM", RFC 5084's
 * CCMParameters, the same structure with tags from 4 bytes, as Bouncy Castle encodes it; and
 * "GCM-SIV", the same structure again with its one tag length, 16 (RFC 8452 defines no ASN.1
 * parameters of its own, and Bouncy Castle reports GCM-SIV's as "GCM" in this form).
 */
final class GcmParameters extends DerParameters {
  private final String name;
  private final int minTagBytes;
  private byte[] iv;
  private int tagBytes;

  GcmParameters() {
    this("GCM", 12);
  }

  private GcmParameters(String name, int minTagBytes) {
    this.name = name;
    this.minTagBytes = minTagBytes;
  }

  static GcmParameters ccm() {
    return new GcmParameters("CCM", 4);
  }

  static GcmParameters gcmSiv() {
    return new GcmParameters("GCM-SIV", 16);
  }

  @Override
  protected void engineInit(AlgorithmParameterSpec spec) throws InvalidParameterSpecException {
    if (!(spec instanceof GCMParameterSpec gcm)) {
      throw new InvalidParameterSpecException("Inappropriate parameter specification");
    }
    iv = gcm.getIV();
    tagBytes = gcm.getTLen() / 8;
    if (tagBytes < minTagBytes || tagBytes > 16) {
      throw new InvalidParameterSpecException(
          name + " parameter parsing error: unsupported tag len");
    }
  }

  @Override
  protected void engineInit(byte[] encoded) throws IOException {
    Der.Reader outer = new Der.Reader(encoded);
    Der.Reader fields = new Der.Reader(outer.next(Der.SEQUENCE));
    if (!outer.done()) {
      throw new IOException(name + " parameter parsing error: extra data");
    }
    byte[] nonce = fields.next(Der.OCTET_STRING);
    int tag = 12;
    if (!fields.done()) {
      tag = new BigInteger(fields.next(Der.INTEGER)).intValueExact();
    }
    if (!fields.done() || tag < minTagBytes || tag > 16) {
      throw new IOException(name + " parameter parsing error: unsupported tag len " + tag);
    }
    iv = nonce;
    tagBytes = tag;
  }

  @Override
  protected <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> spec)
      throws InvalidParameterSpecException {
    if (!spec.isAssignableFrom(GCMParameterSpec.class)) {
      throw new InvalidParameterSpecException("Inappropriate parameter specification");
    }
    return spec.cast(new GCMParameterSpec(tagBytes * 8, iv));
  }

  @Override
  protected byte[] engineGetEncoded() {
    byte[] nonce = Der.encode(Der.OCTET_STRING, iv);
    // DER leaves out a field equal to its DEFAULT.
    return Der.encode(
        Der.SEQUENCE, tagBytes == 12 ? nonce : Der.concat(nonce, Der.integer(tagBytes)));
  }

  @Override
  protected String engineToString() {
    return "\n    iv:\n[" + HexFormat.of().formatHex(iv) + "]\n    tLen(bits):\n" + tagBytes * 8;
  }
}
