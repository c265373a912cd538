package dev.carbide.cipher;

/**
 * The pseudorandom functions of PBES2's PBKDF2 (RFC 8018 appendix B.1), as SunJCE serves them: the
 * JCA name that PBES2 cipher names carry ("PBEWith" + name + "AndAES_128"), the digest under the
 * HMAC, and the object identifier that PBES2-params carry.
 */
enum Pbes2Prf {
  HMAC_SHA1("HmacSHA1", "SHA-1", 7),
  HMAC_SHA224("HmacSHA224", "SHA-224", 8),
  HMAC_SHA256("HmacSHA256", "SHA-256", 9),
  HMAC_SHA384("HmacSHA384", "SHA-384", 10),
  HMAC_SHA512("HmacSHA512", "SHA-512", 11),
  HMAC_SHA512_224("HmacSHA512/224", "SHA-512/224", 12),
  HMAC_SHA512_256("HmacSHA512/256", "SHA-512/256", 13);

  /** id-hmacWithSHA1 is 1.2.840.113549.2.7; the others follow it. */
  private static final String RSADSI_DIGEST_ALGORITHM = "1.2.840.113549.2.";

  final String jcaName;
  final String digest;
  final String oid;

  Pbes2Prf(String jcaName, String digest, int arc) {
    this.jcaName = jcaName;
    this.digest = digest;
    this.oid = RSADSI_DIGEST_ALGORITHM + arc;
  }

  /** The function whose DER-encoded identifier contents are {@code oidContents}, or null. */
  static Pbes2Prf byOid(byte[] oidContents) {
    for (Pbes2Prf prf : values()) {
      if (java.util.Arrays.equals(Der.oid(prf.oid), oidContents)) {
        return prf;
      }
    }
    return null;
  }
}
