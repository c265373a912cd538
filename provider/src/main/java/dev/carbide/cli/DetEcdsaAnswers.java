package dev.carbide.cli;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Checks for deterministic ECDSA (RFC 6979), registered only where OpenSSL offers it. Each signs
 * twice and verifies; the SHA-1 and SHA-2 names also reproduce RFC 6979 A.2.5's signature of
 * "sample" (P-256), while the SHA-3 names have no published answer.
 */
final class DetEcdsaAnswers {
  private DetEcdsaAnswers() {}

  private static final String KEY =
      "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721";

  // The public key of KEY (RFC 6979 A.2.5 Ux, Uy) as an X.509 SubjectPublicKeyInfo.
  private static final String SPKI =
      "3059301306072a8648ce3d020106082a8648ce3d03010703420004"
          + "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
          + "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299";

  /** RFC 6979 A.2.5, message "sample": r || s for each digest. */
  private static final Map<String, String> SAMPLE =
      Map.of(
          "SHA1",
          "61340c88c3aaebeb4f6d667f672ca9759a6ccaa9fa8811313039ee4a35471d32"
              + "6d7f147dac089441bb2e2fe8f7a3fa264b9c475098fdcf6e00d7c996e1b8b7eb",
          "SHA224",
          "53b2fff5d1752b2c689df257c04c40a587fababb3f6fc2702f1343af7ca9aa3f"
              + "b9afb64fdc03dc1a131c7d2386d11e349f070aa432a4acc918bea988bf75c74c",
          "SHA256",
          "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
              + "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8",
          "SHA384",
          "0eafea039b20e9b42309fb1d89e213057cbf973dc0cfc8f129edddc800ef7719"
              + "4861f0491e6998b9455193e34e7b0d284ddd7149a74b95b9261f13abde940954",
          "SHA512",
          "8496a60b5e9b47c825488827e0495b0e3fa109ec4568fd3f8d1097678eb97f00"
              + "2362ab1adbe2b8adf9cb9edab740ea6049c028114f2460f96554f61fae3302fe");

  static void addTo(KnownAnswers table) {
    for (String digest : EcAnswers.DIGESTS) {
      if (digest.equals("NONE")) {
        continue; // RFC 6979 needs the digest function
      }
      for (String suffix : List.of("", "inP1363Format")) {
        String name = digest + "withDetECDSA" + suffix;
        String answer = SAMPLE.get(digest);
        table.add(
            "Signature",
            name,
            answer != null
                ? "RFC 6979 A.2.5 (P-256, \"sample\"), and a sign/verify round trip"
                : "equal signatures of one message, sign/verify round trip, no known answer",
            provider -> check(provider, name, answer, !suffix.isEmpty()));
      }
    }
  }

  private static void check(Provider provider, String name, String answer, boolean p1363)
      throws Exception {
    KeyPairGenerator jdk = KeyPairGenerator.getInstance("EC");
    jdk.initialize(new ECGenParameterSpec("secp256r1"));
    ECPrivateKey shape = (ECPrivateKey) jdk.generateKeyPair().getPrivate();
    KeyFactory factory = KeyFactory.getInstance("EC", provider);
    PrivateKey key =
        factory.generatePrivate(
            new ECPrivateKeySpec(new BigInteger(1, KnownAnswers.hex(KEY)), shape.getParams()));
    byte[] message = "sample".getBytes(StandardCharsets.US_ASCII);
    Signature signature = Signature.getInstance(name, provider);
    signature.initSign(key);
    signature.update(message);
    byte[] first = signature.sign();
    signature.update(message);
    if (!Arrays.equals(first, signature.sign())) {
      throw new KnownAnswers.Failure("two signatures of one message differ");
    }
    if (answer != null) {
      KnownAnswers.expectEqual(p1363 ? answer : der(answer), first);
    }
    PublicKey publicKey = factory.generatePublic(new X509EncodedKeySpec(KnownAnswers.hex(SPKI)));
    signature.initVerify(publicKey);
    signature.update(message);
    if (!signature.verify(first)) {
      throw new KnownAnswers.Failure("the signature did not verify");
    }
  }

  /** The DER ECDSA-Sig-Value of r || s. */
  private static String der(String rs) {
    byte[] bytes = KnownAnswers.hex(rs);
    int half = bytes.length / 2;
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    for (byte[] part :
        List.of(
            Arrays.copyOfRange(bytes, 0, half), Arrays.copyOfRange(bytes, half, bytes.length))) {
      byte[] integer = new BigInteger(1, part).toByteArray();
      body.write(2);
      body.write(integer.length);
      body.writeBytes(integer);
    }
    byte[] content = body.toByteArray();
    return "30"
        + HexFormat.of().formatHex(new byte[] {(byte) content.length})
        + HexFormat.of().formatHex(content);
  }
}
