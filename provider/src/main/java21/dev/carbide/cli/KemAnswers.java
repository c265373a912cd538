package dev.carbide.cli;

import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.List;
import javax.crypto.KEM;

/**
 * Checks for the ML-KEM KEM services (Java 21 and later; the Java 21 version of the base class of
 * the same name). The key is the seed form of the bytes 0, 1, ..., 63; the ciphertext is the
 * pattern {@code c[i] = 37 i + 11 (mod 256)}, which FIPS 203 rejects implicitly, so the answer is
 * the pseudo-random secret of the whole decapsulation (decryption, re-encryption, comparison and
 * the rejection hash). The answers were computed with the JDK 25's own ML-KEM and agree with
 * Carbide's. A fresh encapsulation's round trip checks the accepting path.
 */
final class KemAnswers {
  private KemAnswers() {}

  private record Vector(String set, String oidArc, int ciphertextSize, String secret) {}

  private static final List<Vector> VECTORS =
      List.of(
          new Vector(
              "ML-KEM-512",
              "0401",
              768,
              "68166bff42784ba1fd82888991d92b9134268cd74dd6905da70e08fedced15df"),
          new Vector(
              "ML-KEM-768",
              "0402",
              1088,
              "cb91345604f50df54aca9126cec6b8d02d57396963305ec242bc58b1a24e1cb3"),
          new Vector(
              "ML-KEM-1024",
              "0403",
              1568,
              "486a70685207182975cf08e790674ae301e67bbe53bf741abc415ba20a708bb2"));

  private static final String SOURCE =
      "implicit rejection of a patterned ciphertext (answer from the JDK 25), round trip";

  static void addTo(KnownAnswers table) {
    table.add(
        "KEM", "ML-KEM", SOURCE + " (all sets)", p -> VECTORS.forEach(v -> check(p, "ML-KEM", v)));
    for (Vector vector : VECTORS) {
      table.add("KEM", vector.set, SOURCE, p -> check(p, vector.set, vector));
    }
    HybridAnswers.addKemRows(table, KemAnswers::encapsulate);
  }

  /** A hybrid encapsulation through the KEM service of {@code set}: {ciphertext, secret}. */
  private static byte[][] encapsulate(Provider provider, String set, java.security.PublicKey key)
      throws Exception {
    KEM.Encapsulated sent = KEM.getInstance(set, provider).newEncapsulator(key).encapsulate();
    return new byte[][] {sent.encapsulation(), sent.key().getEncoded()};
  }

  private static void check(Provider provider, String service, Vector vector) {
    try {
      StringBuilder seed = new StringBuilder();
      for (int i = 0; i < 64; i++) {
        seed.append(String.format("%02x", i));
      }
      PrivateKey key =
          KeyFactory.getInstance(vector.set, provider)
              .generatePrivate(
                  new PKCS8EncodedKeySpec(PqcAnswers.seedForm(vector.oidArc, seed.toString())));
      byte[] ciphertext = new byte[vector.ciphertextSize];
      for (int i = 0; i < ciphertext.length; i++) {
        ciphertext[i] = (byte) (37 * i + 11);
      }
      KEM kem = KEM.getInstance(service, provider);
      KnownAnswers.expectEqual(
          vector.secret, kem.newDecapsulator(key).decapsulate(ciphertext).getEncoded());
      KeyPair pair = KeyPairGenerator.getInstance(vector.set, provider).generateKeyPair();
      KEM.Encapsulated sent = kem.newEncapsulator(pair.getPublic()).encapsulate();
      byte[] received =
          kem.newDecapsulator(pair.getPrivate()).decapsulate(sent.encapsulation()).getEncoded();
      if (!MessageDigest.isEqual(sent.key().getEncoded(), received)) {
        throw new KnownAnswers.Failure("the two sides of an encapsulation differ");
      }
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }
}
