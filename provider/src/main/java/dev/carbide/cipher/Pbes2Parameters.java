package dev.carbide.cipher;

import java.io.IOException;
import java.math.BigInteger;
import java.security.AlgorithmParametersSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEParameterSpec;

/**
 * AlgorithmParameters "PBES2" and "PBEWith&lt;prf&gt;AndAES_&lt;bits&gt;": a PBEParameterSpec
 * (salt, iteration count, IV) encoded as RFC 8018's PBES2-params, as SunJCE encodes them:
 *
 * <pre>
 * SEQUENCE { SEQUENCE { id-PBKDF2, SEQUENCE { OCTET STRING salt, INTEGER iterations,
 *                                              INTEGER keyLength, SEQUENCE { prf, NULL } } },
 *            SEQUENCE { aes128-CBC or aes256-CBC, OCTET STRING iv } }
 * </pre>
 *
 * Decoding takes the PRF and the cipher from the encoding, and {@link #engineToString} then names
 * the cipher that the encoding asks for ("PBEWithHmacSHA256AndAES_256"): the JDK's PKCS12 KeyStore
 * looks up its Cipher by that name. Like SunJCE, it also reads the encoding older JDKs wrote (the
 * PBES2 identifier before the parameters), and refuses AES-192.
 */
final class Pbes2Parameters extends AlgorithmParametersSpi {
  static final String PBES2_OID = "1.2.840.113549.1.5.13";
  private static final byte[] PBKDF2 = Der.oid("1.2.840.113549.1.5.12");
  private static final byte[] AES_128_CBC = Der.oid("2.16.840.1.101.3.4.1.2");
  private static final byte[] AES_256_CBC = Der.oid("2.16.840.1.101.3.4.1.42");

  private String name; // null for "PBES2" until decoded
  private Pbes2Prf prf;
  private int keyBits; // 0 for "PBES2" until decoded
  private byte[] salt;
  private int iterations;
  private AlgorithmParameterSpec cipherParameters;

  private Pbes2Parameters(String name, Pbes2Prf prf, int keyBits) {
    this.name = name;
    this.prf = prf;
    this.keyBits = keyBits;
  }

  /** "PBES2": the PRF and cipher come from an encoding. */
  static Pbes2Parameters general() {
    return new Pbes2Parameters(null, Pbes2Prf.HMAC_SHA1, 0);
  }

  /** The parameters of the cipher {@code name}. */
  static Pbes2Parameters of(String name, Pbes2Prf prf, int keyBits) {
    return new Pbes2Parameters(name, prf, keyBits);
  }

  @Override
  protected void engineInit(AlgorithmParameterSpec spec) throws InvalidParameterSpecException {
    if (!(spec instanceof PBEParameterSpec pbe)) {
      throw new InvalidParameterSpecException("Inappropriate parameter specification");
    }
    salt = pbe.getSalt();
    iterations = pbe.getIterationCount();
    cipherParameters = pbe.getParameterSpec();
  }

  @Override
  protected void engineInit(byte[] encoded) throws IOException {
    Der.Reader outer = new Der.Reader(encoded);
    Der.Reader fields = new Der.Reader(outer.next(Der.SEQUENCE));
    if (!outer.done()) {
      throw new IOException("PBE parameter parsing error: extra data");
    }
    if (fields.peek() == Der.OBJECT_IDENTIFIER) {
      // Before JDK-8202837 the JDK wrote an AlgorithmIdentifier here: skip its identifier.
      fields.next(Der.OBJECT_IDENTIFIER);
      fields = new Der.Reader(fields.next(Der.SEQUENCE));
    }
    Der.Reader kdf = new Der.Reader(fields.next(Der.SEQUENCE));
    if (!Arrays.equals(PBKDF2, kdf.next(Der.OBJECT_IDENTIFIER))) {
      throw new IOException(
          "PBE parameter parsing error: expecting the object identifier for PBKDF2");
    }
    Der.Reader pbkdf2 = new Der.Reader(kdf.next(Der.SEQUENCE));
    if (pbkdf2.peek() != Der.OCTET_STRING) {
      throw new IOException("PBE parameter parsing error: not an ASN.1 OCTET STRING tag");
    }
    byte[] newSalt = pbkdf2.next(Der.OCTET_STRING);
    int newIterations = integer(pbkdf2.next(Der.INTEGER));
    if (pbkdf2.peek() == Der.INTEGER) {
      integer(pbkdf2.next(Der.INTEGER)); // the key length: the cipher below decides it
    }
    Pbes2Prf newPrf = Pbes2Prf.HMAC_SHA1;
    if (pbkdf2.peek() == Der.SEQUENCE) {
      Der.Reader algorithm = new Der.Reader(pbkdf2.next(Der.SEQUENCE));
      newPrf = Pbes2Prf.byOid(algorithm.next(Der.OBJECT_IDENTIFIER));
      if (newPrf == null) {
        throw new IOException(
            "PBE parameter parsing error: expecting the object identifier for a HmacSHA key"
                + " derivation function");
      }
      if (algorithm.peek() == Der.NULL) {
        algorithm.next(Der.NULL);
      }
    }
    Der.Reader scheme = new Der.Reader(fields.next(Der.SEQUENCE));
    byte[] cipher = scheme.next(Der.OBJECT_IDENTIFIER);
    int newKeyBits =
        Arrays.equals(AES_128_CBC, cipher) ? 128 : Arrays.equals(AES_256_CBC, cipher) ? 256 : 0;
    if (newKeyBits == 0) {
      throw new IOException(
          "PBE parameter parsing error: expecting the object identifier for AES cipher");
    }
    byte[] iv = scheme.next(Der.OCTET_STRING);
    name = "PBEWith" + newPrf.jcaName + "AndAES_" + newKeyBits;
    prf = newPrf;
    keyBits = newKeyBits;
    salt = newSalt;
    iterations = newIterations;
    cipherParameters = new IvParameterSpec(iv);
  }

  private static int integer(byte[] content) throws IOException {
    try {
      return new BigInteger(content).intValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IOException("PBE parameter parsing error: bad INTEGER", e);
    }
  }

  @Override
  protected void engineInit(byte[] encoded, String format) throws IOException {
    engineInit(encoded); // as SunJCE: one encoding, whatever the format's name
  }

  @Override
  protected <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> spec)
      throws InvalidParameterSpecException {
    if (!spec.isAssignableFrom(PBEParameterSpec.class)) {
      throw new InvalidParameterSpecException("Inappropriate parameter specification");
    }
    return spec.cast(new PBEParameterSpec(salt, iterations, cipherParameters));
  }

  @Override
  protected byte[] engineGetEncoded() throws IOException {
    if (!(cipherParameters instanceof IvParameterSpec iv)) {
      throw new IOException("Wrong parameter type: IV expected");
    }
    if (keyBits == 0) {
      throw new IOException(
          "PBES2 parameters without a cipher: use the parameters of a PBEWith<prf>AndAES_<bits>"
              + " name");
    }
    byte[] pbkdf2Parameters =
        Der.sequence(
            Der.encode(Der.OCTET_STRING, salt),
            Der.integer(iterations),
            Der.integer(keyBits / 8),
            Der.sequence(
                Der.encode(Der.OBJECT_IDENTIFIER, Der.oid(prf.oid)),
                Der.encode(Der.NULL, new byte[0])));
    return Der.sequence(
        Der.sequence(Der.encode(Der.OBJECT_IDENTIFIER, PBKDF2), pbkdf2Parameters),
        Der.sequence(
            Der.encode(Der.OBJECT_IDENTIFIER, keyBits == 128 ? AES_128_CBC : AES_256_CBC),
            Der.encode(Der.OCTET_STRING, iv.getIV())));
  }

  @Override
  protected byte[] engineGetEncoded(String format) throws IOException {
    return engineGetEncoded();
  }

  /** The cipher's name, as SunJCE gives it: PKCS12 reads the cipher to use from here. */
  @Override
  protected String engineToString() {
    return name;
  }
}
