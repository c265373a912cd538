package dev.carbide.rsa;

import dev.carbide.digest.DigestServices;
import java.security.InvalidAlgorithmParameterException;
import java.security.interfaces.RSAKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.Locale;
import java.util.Map;

/**
 * PSS parameters as SunRsaSign checks them: MGF1 only, trailer field 1, a digest it knows, a salt
 * that fits the key, and a key's own parameters as a floor (same digests, salt at least as long).
 */
final class RsaPss {
  private RsaPss() {}

  /** The JCA name and output length of each digest PSS and OAEP may name, by its spellings. */
  private record Digest(String jcaName, int length) {}

  private static final Map<String, Digest> DIGESTS =
      Map.ofEntries(
          Map.entry("MD5", new Digest("MD5", 16)),
          Map.entry("SHA-1", new Digest("SHA-1", 20)),
          Map.entry("SHA1", new Digest("SHA-1", 20)),
          Map.entry("SHA", new Digest("SHA-1", 20)),
          Map.entry("SHA-224", new Digest("SHA-224", 28)),
          Map.entry("SHA224", new Digest("SHA-224", 28)),
          Map.entry("SHA-256", new Digest("SHA-256", 32)),
          Map.entry("SHA256", new Digest("SHA-256", 32)),
          Map.entry("SHA-384", new Digest("SHA-384", 48)),
          Map.entry("SHA384", new Digest("SHA-384", 48)),
          Map.entry("SHA-512", new Digest("SHA-512", 64)),
          Map.entry("SHA512", new Digest("SHA-512", 64)),
          Map.entry("SHA-512/224", new Digest("SHA-512/224", 28)),
          Map.entry("SHA512/224", new Digest("SHA-512/224", 28)),
          Map.entry("SHA-512/256", new Digest("SHA-512/256", 32)),
          Map.entry("SHA512/256", new Digest("SHA-512/256", 32)),
          Map.entry("SHA3-224", new Digest("SHA3-224", 28)),
          Map.entry("SHA3-256", new Digest("SHA3-256", 32)),
          Map.entry("SHA3-384", new Digest("SHA3-384", 48)),
          Map.entry("SHA3-512", new Digest("SHA3-512", 64)));

  /** The standard JCA name of a digest spelled any way the JDK accepts, or null. */
  static String canonical(String digest) {
    Digest known = digest == null ? null : DIGESTS.get(digest.toUpperCase(Locale.ROOT));
    return known == null ? null : known.jcaName;
  }

  /** The fetched EVP_MD of a digest spelled any way the JDK accepts, or 0. */
  static long fetch(String digest) {
    String name = canonical(digest);
    return name == null ? 0 : DigestServices.fetch(name);
  }

  static int length(String digest) {
    return DIGESTS.get(digest.toUpperCase(Locale.ROOT)).length;
  }

  /** Checks signature parameters as SunRsaSign's setParameter does, before any key is known. */
  static PSSParameterSpec validate(AlgorithmParameterSpec spec)
      throws InvalidAlgorithmParameterException {
    if (spec == null) {
      throw new InvalidAlgorithmParameterException("Parameters cannot be null");
    }
    if (!(spec instanceof PSSParameterSpec params)) {
      throw new InvalidAlgorithmParameterException("parameters must be type PSSParameterSpec");
    }
    if (!"MGF1".equalsIgnoreCase(params.getMGFAlgorithm())) {
      throw new InvalidAlgorithmParameterException("Only supports MGF1");
    }
    if (params.getTrailerField() != PSSParameterSpec.TRAILER_FIELD_BC) {
      throw new InvalidAlgorithmParameterException("Only supports TrailerFieldBC(1)");
    }
    if (fetch(params.getDigestAlgorithm()) == 0) {
      throw new InvalidAlgorithmParameterException(
          "Unsupported digest algo: " + params.getDigestAlgorithm());
    }
    if (!(params.getMGFParameters() instanceof MGF1ParameterSpec mgf1)
        || fetch(mgf1.getDigestAlgorithm()) == 0) {
      throw new InvalidAlgorithmParameterException(
          "Unsupported MGF1 parameters: " + params.getMGFParameters());
    }
    return params;
  }

  /** The MGF1 digest of validated parameters. */
  static String mgf1Digest(PSSParameterSpec params) {
    return ((MGF1ParameterSpec) params.getMGFParameters()).getDigestAlgorithm();
  }

  /** SunRsaSign's length check: the key must hold the digest, the salt and two bytes. */
  static boolean fits(RSAKey key, PSSParameterSpec params) {
    int keyBytes = (key.getModulus().bitLength() + 7) >> 3;
    long minimum = (long) length(params.getDigestAlgorithm()) + params.getSaltLength() + 2;
    return keyBytes >= minimum;
  }

  static String tooShort(RSAKey key, PSSParameterSpec params) {
    return "Key is too short, need min "
        + ((long) length(params.getDigestAlgorithm()) + params.getSaltLength() + 2)
        + " bytes";
  }

  /**
   * True if signature parameters {@code sig} obey a key's parameters {@code keyParams}: none
   * restrict nothing; otherwise the same digests and a salt at least as long.
   */
  static boolean compatible(AlgorithmParameterSpec keyParams, PSSParameterSpec sig) {
    if (keyParams == null || sig == null) {
      return keyParams == null || keyParams instanceof PSSParameterSpec;
    }
    if (!(keyParams instanceof PSSParameterSpec key)) {
      return false;
    }
    return key.getSaltLength() <= sig.getSaltLength()
        && same(key.getDigestAlgorithm(), sig.getDigestAlgorithm())
        && key.getMGFAlgorithm().equalsIgnoreCase(sig.getMGFAlgorithm())
        && key.getMGFParameters() instanceof MGF1ParameterSpec keyMgf
        && same(keyMgf.getDigestAlgorithm(), mgf1Digest(sig))
        && key.getTrailerField() == sig.getTrailerField();
  }

  private static boolean same(String a, String b) {
    String x = canonical(a);
    return x != null && x.equals(canonical(b));
  }
}
