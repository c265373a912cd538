package dev.carbide.ssl;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The JCA names of TLS signature schemes (RFC 8446, 4.2.3), as SunJSSE reports them in {@code
 * ExtendedSSLSession}: the algorithm each scheme signs with, one name per scheme in the given order
 * (so "RSASSA-PSS" once for each PSS scheme, as SunJSSE repeats it). Schemes the JDK has no name
 * for (ML-DSA, brainpool) are left out.
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

  private SignatureSchemes() {}

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
   * 1.2. The caller holds a context, so the native library is loaded.
   */
  static String[] local(boolean tls13Only) {
    return (tls13Only ? Local.TLS13 : Local.TLS12).clone();
  }

  private static final class Local {
    static final String[] TLS13 = algorithmNames(SessionNative.localSignatureSchemes(true));
    static final String[] TLS12 = algorithmNames(SessionNative.localSignatureSchemes(false));
  }
}
