package dev.carbide.ssl;

import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The JCA names of TLS signature schemes (RFC 8446, 4.2.3), as SunJSSE reports them in {@code
 * ExtendedSSLSession}: the algorithm each scheme signs with, one name per scheme in the given order
 * (so "RSASSA-PSS" once for each PSS scheme, as SunJSSE repeats it). Schemes the JDK has no name
 * for (ML-DSA, brainpool) are left out. The same names sign with a key only Java can use ({@link
 * JavaKeySigner}).
 */
final class SignatureSchemes {
  private static final Map<Integer, String> NAMES =
      Map.ofEntries(
          Map.entry(0x0403, "SHA256withECDSA"),
          Map.entry(0x0503, "SHA384withECDSA"),
          Map.entry(0x0603, "SHA512withECDSA"),
          Map.entry(0x0303, "SHA224withECDSA"),
          Map.entry(0x0203, "SHA1withECDSA"),
          Map.entry(0x0807, "Ed25519"),
          Map.entry(0x0808, "Ed448"),
          Map.entry(0x0804, "RSASSA-PSS"), // rsa_pss_rsae_sha256, 384 and 512
          Map.entry(0x0805, "RSASSA-PSS"),
          Map.entry(0x0806, "RSASSA-PSS"),
          Map.entry(0x0809, "RSASSA-PSS"), // rsa_pss_pss_sha256, 384 and 512
          Map.entry(0x080a, "RSASSA-PSS"),
          Map.entry(0x080b, "RSASSA-PSS"),
          Map.entry(0x0401, "SHA256withRSA"),
          Map.entry(0x0501, "SHA384withRSA"),
          Map.entry(0x0601, "SHA512withRSA"),
          Map.entry(0x0301, "SHA224withRSA"),
          Map.entry(0x0201, "SHA1withRSA"),
          Map.entry(0x0402, "SHA256withDSA"),
          Map.entry(0x0302, "SHA224withDSA"),
          Map.entry(0x0202, "SHA1withDSA"));

  // The digest of each RSASSA-PSS scheme, which also salts with the digest's length.
  private static final Map<Integer, String> PSS_DIGESTS =
      Map.of(
          0x0804, "SHA-256",
          0x0805, "SHA-384",
          0x0806, "SHA-512",
          0x0809, "SHA-256",
          0x080a, "SHA-384",
          0x080b, "SHA-512");

  private SignatureSchemes() {}

  /**
   * A {@code Signature} initialised to sign with {@code key} under the TLS scheme {@code
   * codePoint}: the JCA chooses the provider by the key (delayed provider selection), and an
   * RSASSA-PSS scheme gets its parameters after the key, as a provider chosen by the key expects.
   */
  static Signature signatureFor(int codePoint, PrivateKey key) throws GeneralSecurityException {
    String name = NAMES.get(codePoint);
    if (name == null) {
      throw new NoSuchAlgorithmException(
          "no JCA signature for TLS signature scheme 0x" + Integer.toHexString(codePoint));
    }
    Signature signature = Signature.getInstance(name);
    signature.initSign(key);
    String pssDigest = PSS_DIGESTS.get(codePoint);
    if (pssDigest != null) {
      int saltLength = pssDigest.equals("SHA-256") ? 32 : pssDigest.equals("SHA-384") ? 48 : 64;
      signature.setParameter(
          new PSSParameterSpec(
              pssDigest,
              "MGF1",
              new MGF1ParameterSpec(pssDigest),
              saltLength,
              PSSParameterSpec.TRAILER_FIELD_BC));
    }
    return signature;
  }

  static String[] algorithmNames(int[] codePoints) {
    List<String> names = new ArrayList<>(codePoints.length);
    for (int codePoint : codePoints) {
      String name = NAMES.get(codePoint);
      if (name != null) {
        names.add(name);
      }
    }
    return names.toArray(new String[0]);
  }

  /**
   * The names of the schemes every engine offers and accepts (the native engine sets them on its
   * contexts), for an engine whose lowest enabled protocol is TLS 1.3 ({@code tls13Only}) or TLS
   * 1.2; in FIPS mode the approved ones (no DSA). The caller holds a context, so the native library
   * is loaded, and FIPS mode, which is the process's, is settled.
   */
  static String[] local(boolean tls13Only) {
    return (tls13Only ? Local.TLS13 : Local.TLS12).clone();
  }

  private static final class Local {
    static final String[] TLS13 = algorithmNames(SessionNative.localSignatureSchemes(true));
    static final String[] TLS12 = algorithmNames(SessionNative.localSignatureSchemes(false));
  }
}
