package dev.carbide.pqc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.carbide.testing.Carbide;
import dev.carbide.testing.Openssl;
import dev.carbide.testing.TestVectors;
import java.io.ByteArrayOutputStream;
import java.io.UncheckedIOException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Security;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * Shared by the post-quantum tests: the availability rule, independent DER builders for every
 * private-key form the LAMPS drafts allow, and a reader for NIST's ACVP files.
 *
 * <p>The availability rule: on OpenSSL 3.5 and later (the bundled build, pass 1 of CI) every
 * post-quantum algorithm must be there, so a missing one fails the test. On an older OpenSSL (the
 * system 3.0 of the JDK 17 pass) they are absent by design; the test is then skipped, and the skip
 * says so in the log.
 */
final class PqcTesting {
  static final Provider CARBIDE = Carbide.provider();

  private PqcTesting() {}

  /** Skips the calling test, loudly, if the loaded OpenSSL predates post-quantum algorithms. */
  static void assumePostQuantum() {
    if (Openssl.atLeast(3, 5)) {
      return;
    }
    String reason =
        "SKIPPED: post-quantum algorithms need OpenSSL 3.5; loaded: "
            + dev.carbide.CarbideProvider.opensslVersion();
    System.err.println(reason);
    Assumptions.abort(reason);
  }

  /** True if the running JDK has {@code type}.{@code algorithm} in a provider other than ours. */
  static boolean jdkHas(String type, String algorithm) {
    return jdkProvider(type, algorithm) != null;
  }

  /** The JDK's provider of {@code type}.{@code algorithm}, or null. */
  static Provider jdkProvider(String type, String algorithm) {
    for (Provider provider : Security.getProviders()) {
      if (provider != CARBIDE && provider.getService(type, algorithm) != null) {
        return provider;
      }
    }
    return null;
  }

  /** Skips, loudly, where the running JDK lacks the algorithm (ML-KEM and ML-DSA arrived in 24). */
  static void assumeJdkHas(String type, String algorithm) {
    if (!jdkHas(type, algorithm)) {
      String reason = "SKIPPED: this JDK has no " + type + "." + algorithm;
      System.err.println(reason);
      Assumptions.abort(reason);
    }
  }

  /** A key pair of parameter set {@code set} from Carbide's generator. */
  static java.security.KeyPair generate(String set) throws Exception {
    return java.security.KeyPairGenerator.getInstance(set, CARBIDE).generateKeyPair();
  }

  static byte[] hex(String text) {
    return HexFormat.of().parseHex(text);
  }

  // ----- DER, written here independently of the provider's encoder -----

  static byte[] tlv(int tag, byte[]... parts) {
    ByteArrayOutputStream content = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      content.writeBytes(part);
    }
    int length = content.size();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(tag);
    if (length < 0x80) {
      out.write(length);
    } else if (length < 0x100) {
      out.write(0x81);
      out.write(length);
    } else {
      out.write(0x82);
      out.write(length >>> 8);
      out.write(length);
    }
    out.writeBytes(content.toByteArray());
    return out.toByteArray();
  }

  /** The DER algorithm identifier of the NIST parameter set with OID arc {@code arc}. */
  static byte[] algorithmIdentifier(String parameterSet) {
    PqcAlgorithm set = PqcAlgorithm.byName(parameterSet);
    String[] arcs = set.oid.split("\\.");
    // 2.16.840.1.101.3.4.{4|3}.n: the NIST arc's fixed prefix, then the two last arcs.
    byte[] oid = {
      0x60,
      (byte) 0x86,
      0x48,
      0x01,
      0x65,
      0x03,
      0x04,
      (byte) Integer.parseInt(arcs[7]),
      (byte) Integer.parseInt(arcs[8])
    };
    return tlv(0x30, tlv(0x06, oid));
  }

  private static byte[] pkcs8(String parameterSet, byte[] privateKey) {
    return tlv(
        0x30,
        new byte[] {0x02, 0x01, 0x00},
        algorithmIdentifier(parameterSet),
        tlv(0x04, privateKey));
  }

  /** The "seed" form: [0] IMPLICIT OCTET STRING. */
  static byte[] seedForm(String parameterSet, byte[] seed) {
    return pkcs8(parameterSet, tlv(0x80, seed));
  }

  /** The "expandedKey" form: OCTET STRING (what the JDK 25 writes). */
  static byte[] expandedForm(String parameterSet, byte[] expanded) {
    return pkcs8(parameterSet, tlv(0x04, expanded));
  }

  /** The "both" form: SEQUENCE { seed OCTET STRING, expandedKey OCTET STRING }. */
  static byte[] bothForm(String parameterSet, byte[] seed, byte[] expanded) {
    return pkcs8(parameterSet, tlv(0x30, tlv(0x04, seed), tlv(0x04, expanded)));
  }

  /** SubjectPublicKeyInfo of a raw public key. */
  static byte[] x509(String parameterSet, byte[] raw) {
    byte[] bits = new byte[raw.length + 1];
    System.arraycopy(raw, 0, bits, 1, raw.length);
    return tlv(0x30, algorithmIdentifier(parameterSet), tlv(0x03, bits));
  }

  static PrivateKey privateKey(String family, byte[] pkcs8) throws Exception {
    return KeyFactory.getInstance(family, CARBIDE).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
  }

  static PublicKey publicKey(String family, byte[] x509) throws Exception {
    return KeyFactory.getInstance(family, CARBIDE).generatePublic(new X509EncodedKeySpec(x509));
  }

  /** The raw expanded private key inside a JDK-form (nested OCTET STRING) PKCS#8 encoding. */
  static byte[] expandedOf(byte[] pkcs8, int size) {
    return java.util.Arrays.copyOfRange(pkcs8, pkcs8.length - size, pkcs8.length);
  }

  // ----- ACVP -----

  /**
   * One ACVP test case with its group: the prompt's fields and the expected results' fields of the
   * test in one node, as the folder's internalProjection.json holds them.
   */
  record AcvpCase(String folder, JsonNode group, JsonNode test) {
    String groupText(String field) {
      return group.path(field).asText();
    }

    byte[] bytes(String field) {
      return hex(test.get(field).asText());
    }

    boolean has(String field) {
      return test.has(field) || group.has(field);
    }

    @Override
    public String toString() {
      return folder + " tg" + group.get("tgId") + " tc" + test.get("tcId");
    }
  }

  /**
   * The folder's internalProjection.json where the project carries it (only there are the
   * decapsulation keys of ML-KEM's encapsulation groups), else its prompts joined with their
   * answers.
   */
  static List<AcvpCase> acvp(String folder) {
    List<AcvpCase> cases = new ArrayList<>();
    JsonNode projection = null;
    try {
      projection = TestVectors.json("acvp/" + folder + "/internalProjection.json");
    } catch (UncheckedIOException absent) {
      // joined below
    }
    if (projection != null) {
      for (JsonNode group : projection.get("testGroups")) {
        for (JsonNode test : group.get("tests")) {
          cases.add(new AcvpCase(folder, group, test));
        }
      }
      return cases;
    }
    for (TestVectors.AcvpCase c : TestVectors.acvp(folder)) {
      ObjectNode test = c.prompt().deepCopy();
      test.setAll((ObjectNode) c.expected());
      cases.add(new AcvpCase(folder, c.group(), test));
    }
    return cases;
  }
}
