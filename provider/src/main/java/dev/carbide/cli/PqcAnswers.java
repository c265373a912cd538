package dev.carbide.cli;

import dev.carbide.PqcSignatureParameterSpec;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.List;

/**
 * Checks for ML-KEM, ML-DSA and SLH-DSA keys and signatures (the KEM services are in {@link
 * KemAnswers}). The vectors are NIST's and Wycheproof's, kept short: keys enter as the seed form of
 * PKCS#8 (64 or 32 bytes) and long outputs are compared by their SHA-256.
 *
 * <ul>
 *   <li>ML-KEM KeyFactory: ACVP ML-KEM-keyGen-FIPS203 (the first case of each set): d || z in the
 *       seed form must expand to NIST's dk.
 *   <li>ML-DSA KeyFactory: ACVP ML-DSA-keyGen-FIPS204 likewise (seed to sk); ML-DSA Signature:
 *       Wycheproof mldsa_*_sign_seed_test.json tcId 1, a deterministic signature.
 *   <li>SLH-DSA: ACVP SLH-DSA-keyGen-FIPS205 (the first case of each set): a deterministic
 *       signature by NIST's private key must verify under NIST's public key, which holds only when
 *       the private seeds give the public root.
 * </ul>
 *
 * The family-wide services ("ML-DSA") run the checks of all their sets; "SLH-DSA" runs its two fast
 * 128-bit sets, since a small-signature set takes a second to sign.
 */
final class PqcAnswers {
  private PqcAnswers() {}

  private static final byte[] MESSAGE =
      "Carbide self-test".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  /**
   * One parameter set's vector. ML-KEM and ML-DSA: {@code seed} (PKCS#8 seed form) must expand to a
   * key whose SHA-256 is {@code expandedSha256}; ML-DSA: {@code signingSeed}'s deterministic
   * signature of {@code message} has SHA-256 {@code signatureSha256}. SLH-DSA: raw {@code
   * privateKey} and {@code publicKey}.
   */
  private record Vector(
      String set,
      String family,
      String oidArc,
      String source,
      String seed,
      String expandedSha256,
      String signingSeed,
      String message,
      String signatureSha256,
      String privateKey,
      String publicKey) {}

  private static final String WYCHEPROOF_SEED = "2a".repeat(32);
  private static final String HELLO_WORLD = "48656c6c6f20776f726c64";

  private static final List<Vector> VECTORS =
      List.of(
          kem(
              "ML-KEM-512",
              "0401",
              "tc1",
              "47B893474672BA92E4B12EE44FB32953AF8E8503B5FB471D1614FB8A021A660A"
                  + "1F8CB39E9E30BC458A0DC5408884B1187FB217018DF760FA57317703B844A0A9",
              "c725c25ca8636d75653a07e7a9ccf0b3c2b927617e8f99f0f05ab1f9cb7e046d"),
          kem(
              "ML-KEM-768",
              "0402",
              "tc26",
              "E582B7D75E6C80B05AE392A1FC9F7153B12390FD99930368CC67A768BAEBC8A0"
                  + "1CDACB8740C0B87C4A379575F187B367CBFA3B300BF591B109F79816E9CBE8F0",
              "7aab35839207f72b310abe36e2daa1cc7ff6f7fa8941e439967cd47d9b437079"),
          kem(
              "ML-KEM-1024",
              "0403",
              "tc51",
              "F3A706FAF090C03DB506863AB0B20BD8A1627956318E88C67EB875E8E7266009"
                  + "35D2BC43DD1CC879F765BF2A0C5E297889DDE910E57E2BB0EAE417B90AB7A275",
              "925ed6f1cf0379ede29d8209432d6e08c73ed0423883febf85416343f4fa1f86"),
          mlDsa(
              "ML-DSA-44",
              "0311",
              "tc1",
              "7194B13C95231010AFD2C909992BD2003BA6F437C3886BDBE3F6B867A14BA161",
              "1c911d163cd0a5563e06f22403f7e16334fee17c2abb66f11ddf39ca6307ec58",
              "8cd6fc03daa72e87210a4e721523e84c14f27733789075e65736744d4787fdd5"),
          mlDsa(
              "ML-DSA-65",
              "0312",
              "tc26",
              "A991FD42B071D49C48AE3E75C647459E0DAAD1E1BA356A04801912D3294BCFF8",
              "56c53ac82fbff7d81b7a8cfbbc73011ceccad677e16dc53f2ece66d49aa11edd",
              "39fbbb0d97a52c79844213b325af823a7f16a174e00a5b3daeb3e6e6d1c89681"),
          mlDsa(
              "ML-DSA-87",
              "0313",
              "tc51",
              "A16F5B0796703E2D1A0140A35CBF36EFABE70E752BA59B6A9A0E9C4B05302F73",
              "c64e15742f27d7d8e2832f7d55a5c014f2c9536082f3a3181cfc6246908dd649",
              "1ad45bd0419e694375bd38ec11d8e0c228ab9ffac2fce4adbe6218d9c949e293"),
          slhDsa(
              "SLH-DSA-SHA2-128s",
              "0314",
              "tc1",
              "173D04C938C1C36BF289C3C022D04B1463AE23C41AA546DA589774AC20B745C4",
              "0D794777914C99766827F0F09CA972BE0162C10219D422ADBA1359E6AA65299C"),
          slhDsa(
              "SLH-DSA-SHA2-128f",
              "0315",
              "tc21",
              "C42BCB3B5A6F331F5CCE899253C6D9E29FF2B7EAD7A04BAB1794DB8CC659C3B4",
              "A868F1BD5DEBC12D4C9FAD66AABD0A94B546DF247BE4C457F3D467CDFCFABD39"),
          slhDsa(
              "SLH-DSA-SHA2-192s",
              "0316",
              "tc41",
              "040266529C1864088925506C20A624A2B6D50CD77C1C6F0D"
                  + "2841150AE8157512EF34A343FFEA77FF7D9E814B45A8B414",
              "64462665F4202886206A8F632267186CA6A1CAD08A2B9A86"
                  + "2C6A7BC4AC4AAA84ACCEF60D529F0311274F205E8DA642C9"),
          slhDsa(
              "SLH-DSA-SHA2-192f",
              "0317",
              "tc61",
              "A021B4B9D6DEE168722BC10225E50A946642AF630C3C7C7D"
                  + "69E3A40BA09DF2AC165B792A07F064AC5FC28D8C99A580F4",
              "EE4823D09E79854706DAA80AE3179B5BC8C2E9409D6328A3"
                  + "3577FD584BC0784C559CDB2437A46F7F753C336369419ACF"),
          slhDsa(
              "SLH-DSA-SHA2-256s",
              "0318",
              "tc81",
              "FCBF36A9807B30697BE063A5105E091B412A391DD39E1326EBA23CBD4096CA77"
                  + "EF4121C08DD71BE913572F1F91E57D0ACBCD5CEC28539AC275832BBAA6C11081",
              "A0B4F5549EBCADB951DC2E512C76B0620D8FB8100B4EE886EF8784780D52A254"
                  + "3E57AB494D47068FFEE4B8244AAD6F19CDF94A2172BD134A15A6B5F298D5A80E"),
          slhDsa(
              "SLH-DSA-SHA2-256f",
              "0319",
              "tc101",
              "18523702A0FE2C9E488948B127185BAB93D3F02C3D7C23A1B379F762DE0509E5"
                  + "6AB0D9F93540BD809D1D2E8A050440AA81E853750470E2B00C959DBD3BE40E2B",
              "D7125F5D00BA47F1FC8D4C32C2F57C444BD384D7CE770BC50DD5980C1D1264D0"
                  + "0AD5197FFCBAAFE11B1E413F26ADB1504CE1C3F5C40C1DCDA14E99FD126D5B81"),
          slhDsa(
              "SLH-DSA-SHAKE-128s",
              "031a",
              "tc11",
              "C151951F3811029239B74ADD24C506AFDD30363E156E6FE936EC6ED0231FEB5C",
              "529FFE86200D1F32C2B60D0CD909F1900761F9B727AFA724B47223016BB5B2BA"),
          slhDsa(
              "SLH-DSA-SHAKE-128f",
              "031b",
              "tc31",
              "3956AB391B4D22FC907AF0740326D061AB0EB206436F2B86EBE086D77739B3E4",
              "56505C229F4E7FA6B201714C7DCC9DA366578F1F24C3FE371C97C14CE0E79CDC"),
          slhDsa(
              "SLH-DSA-SHAKE-192s",
              "031c",
              "tc51",
              "8732621860E9A6E1887BE55F7AF692B98EB4C10B2599F94A"
                  + "D5CC9D6470D8B21136158E8B1710F1FBE03ECED37ED4AC68",
              "53FC64D46D7E1653EBBB36ED5FBC12C6E7CEF3CB756482C8"
                  + "C620452E864E8497E1B38A7B04449219ACD9E4393F9C88EF"),
          slhDsa(
              "SLH-DSA-SHAKE-192f",
              "031d",
              "tc71",
              "FB7A2C2C75CE6C96B5F4328E0AB300476FC6F864CB5B0B99"
                  + "990ECB726CA822A4E3652DD92EC0AAB7637EA41C0482AE28",
              "68DCC671E3534F81A352C275B6A25F906D2ED0FF62B8B4E3"
                  + "98F1A9876CB082A48E9AE2C862B289486A3925CEFC6FF4BE"),
          slhDsa(
              "SLH-DSA-SHAKE-256s",
              "031e",
              "tc91",
              "E440E39644A11A6A58E850C09C8F03C273E465237F3BEF7C58DE62281E676CEA"
                  + "99C199C00DB30F8499A61B5B9DC8A361725F6AE80E97037176F408C30B38844D",
              "D7B5E755B4879FDE3288A21AF3E32FBB006FD9B8BC2B180EB9B0D82C9F3157AF"
                  + "02ACD6B3198EE1C9FE9AFE61FD86D1E0877AD9061980B57B178CE27191D8EB1B"),
          slhDsa(
              "SLH-DSA-SHAKE-256f",
              "031f",
              "tc111",
              "2AC9403858D186B172EDD8DF9C78A11449893681487D3AF0DAD0EC341E8ACA48"
                  + "AFA2771BAE6C17DD6F77B4E3808B05F56F31B8F4128DF2CCB677F0283CFB18DA",
              "559BC883105E8BA0264648B532626155F87EDB4BEDCFC12A24204D3B696D5370"
                  + "7A158FF5D30E3428183A3B3A96A0E4A341A2A16E5A6226AF374D1EFB39A35DF6"));

  private static Vector kem(String set, String arc, String tc, String seed, String dkSha256) {
    return new Vector(
        set, "ML-KEM", arc, "ACVP ML-KEM-keyGen-FIPS203 " + tc, seed, dkSha256, "", "", "", "", "");
  }

  private static Vector mlDsa(
      String set, String arc, String tc, String seed, String skSha256, String signatureSha256) {
    String wycheproof = "mldsa_" + set.substring(set.length() - 2) + "_sign_seed_test tcId 1";
    return new Vector(
        set,
        "ML-DSA",
        arc,
        "ACVP ML-DSA-keyGen-FIPS204 " + tc + ", Wycheproof " + wycheproof,
        seed,
        skSha256,
        WYCHEPROOF_SEED,
        HELLO_WORLD,
        signatureSha256,
        "",
        "");
  }

  /** {@code secrets} is SK.seed || SK.prf; {@code publicKey} is PK.seed || PK.root. */
  private static Vector slhDsa(
      String set, String arc, String tc, String secrets, String publicKey) {
    return new Vector(
        set,
        "SLH-DSA",
        arc,
        "ACVP SLH-DSA-keyGen-FIPS205 " + tc,
        "",
        "",
        "",
        "",
        "",
        secrets + publicKey,
        publicKey);
  }

  static void addTo(KnownAnswers table) {
    for (String family : List.of("ML-KEM", "ML-DSA", "SLH-DSA")) {
      List<Vector> vectors = VECTORS.stream().filter(v -> v.family.equals(family)).toList();
      List<Vector> familyChecks =
          family.equals("SLH-DSA")
              ? vectors.stream().filter(v -> v.set.endsWith("128f")).toList()
              : vectors;
      add(table, family, "the sets' checks: " + sources(familyChecks), familyChecks);
      for (Vector vector : vectors) {
        add(table, vector.set, vector.source, List.of(vector));
      }
    }
  }

  private static String sources(List<Vector> vectors) {
    return String.join(", ", vectors.stream().map(Vector::set).toList());
  }

  private static void add(KnownAnswers table, String service, String source, List<Vector> vectors) {
    boolean signing = !vectors.get(0).family.equals("ML-KEM");
    table.add(
        "KeyFactory",
        service,
        source + (signing && vectors.get(0).seed.isEmpty() ? " (encodings of NIST's keys)" : ""),
        p -> vectors.forEach(v -> KnownAnswers.rethrow(() -> keyFactory(p, service, v))));
    table.add(
        "KeyPairGenerator",
        service,
        (signing ? "sign/verify" : "encapsulate/decapsulate")
            + " round trip, no known answer"
            + (service.startsWith("SLH-DSA") && service.endsWith("s") ? " (key pairing only)" : ""),
        p -> vectors.forEach(v -> KnownAnswers.rethrow(() -> roundTrip(p, service, v))));
    if (signing) {
      table.add(
          "Signature",
          service,
          source,
          p -> vectors.forEach(v -> KnownAnswers.rethrow(() -> signature(p, service, v))));
    }
  }

  /** The PKCS#8 seed form of an ML-KEM or ML-DSA seed. */
  static byte[] seedForm(String oidArc, String seed) {
    return pkcs8(oidArc, der(0x80, KnownAnswers.hex(seed)));
  }

  static byte[] pkcs8(String oidArc, byte[] privateKey) {
    return der(0x30, KnownAnswers.hex("020100"), algorithm(oidArc), der(0x04, privateKey));
  }

  private static byte[] algorithm(String oidArc) {
    return der(0x30, der(0x06, KnownAnswers.hex("60864801650304" + oidArc)));
  }

  private static byte[] der(int tag, byte[]... parts) {
    java.io.ByteArrayOutputStream content = new java.io.ByteArrayOutputStream();
    for (byte[] part : parts) {
      content.write(part, 0, part.length);
    }
    int length = content.size();
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    out.write(tag);
    if (length >= 0x100) {
      out.write(0x82);
      out.write(length >>> 8);
    } else if (length >= 0x80) {
      out.write(0x81);
    }
    out.write(length);
    out.write(content.toByteArray(), 0, length);
    return out.toByteArray();
  }

  /** The expanded key at the end of a JDK-form (nested) PKCS#8 encoding: 28 bytes of header. */
  private static byte[] expanded(PrivateKey key) {
    byte[] encoded = key.getEncoded();
    return java.util.Arrays.copyOfRange(encoded, 28, encoded.length);
  }

  private static byte[] sha256(byte[] data) throws Exception {
    return MessageDigest.getInstance("SHA-256").digest(data);
  }

  private static void keyFactory(Provider provider, String service, Vector vector)
      throws Exception {
    KeyFactory factory = KeyFactory.getInstance(service, provider);
    if (!vector.seed.isEmpty()) {
      PrivateKey key =
          factory.generatePrivate(new PKCS8EncodedKeySpec(seedForm(vector.oidArc, vector.seed)));
      KnownAnswers.expectEqual(vector.expandedSha256, sha256(expanded(key)));
      return;
    }
    // SLH-DSA keys are their raw bytes: NIST's must import and encode back unchanged. (Whether
    // the seeds give the public root is the Signature check: signing here too would cost seconds.)
    byte[] pkcs8 = pkcs8(vector.oidArc, KnownAnswers.hex(vector.privateKey));
    byte[] x509 = x509(vector.oidArc, vector.publicKey);
    if (!java.util.Arrays.equals(
            pkcs8, factory.generatePrivate(new PKCS8EncodedKeySpec(pkcs8)).getEncoded())
        || !java.util.Arrays.equals(
            x509, factory.generatePublic(new X509EncodedKeySpec(x509)).getEncoded())) {
      throw new KnownAnswers.Failure("NIST's keys did not encode back unchanged");
    }
  }

  private static byte[] x509(String oidArc, String publicKey) {
    return der(0x30, algorithm(oidArc), der(0x03, KnownAnswers.hex("00" + publicKey)));
  }

  private static void signature(Provider provider, String service, Vector vector) throws Exception {
    KeyFactory factory = KeyFactory.getInstance(service, provider);
    Signature signature = Signature.getInstance(service, provider);
    if (vector.family.equals("ML-DSA")) {
      signature.initSign(
          factory.generatePrivate(
              new PKCS8EncodedKeySpec(seedForm(vector.oidArc, vector.signingSeed))));
      signature.setParameter(new PqcSignatureParameterSpec(new byte[0], true));
      signature.update(KnownAnswers.hex(vector.message));
      KnownAnswers.expectEqual(vector.signatureSha256, sha256(signature.sign()));
      return;
    }
    byte[] raw = KnownAnswers.hex(vector.privateKey);
    PrivateKey key = factory.generatePrivate(new PKCS8EncodedKeySpec(pkcs8(vector.oidArc, raw)));
    PublicKey nist =
        factory.generatePublic(new X509EncodedKeySpec(x509(vector.oidArc, vector.publicKey)));
    signature.initSign(key);
    signature.setParameter(new PqcSignatureParameterSpec(new byte[0], true));
    signature.update(MESSAGE);
    byte[] signed = signature.sign();
    expectVerdict(provider, service, nist, signed, true);
    signed[signed.length / 2] ^= 1;
    expectVerdict(provider, service, nist, signed, false);
  }

  private static void expectVerdict(
      Provider provider, String service, PublicKey key, byte[] signed, boolean expected)
      throws Exception {
    Signature verifier = Signature.getInstance(service, provider);
    verifier.initVerify(key);
    verifier.update(MESSAGE);
    if (verifier.verify(signed) != expected) {
      throw new KnownAnswers.Failure(
          expected ? "a signature did not verify under NIST's key" : "a bad signature verified");
    }
  }

  private static void roundTrip(Provider provider, String service, Vector vector) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance(service, provider);
    if (!service.equals(vector.set)) {
      generator.initialize(new java.security.spec.NamedParameterSpec(vector.set));
    }
    KeyPair pair = generator.generateKeyPair();
    if (vector.family.equals("ML-KEM")) {
      dev.carbide.CarbideKem kem = dev.carbide.CarbideKem.of(vector.set);
      dev.carbide.CarbideKem.Encapsulated sent = kem.encapsulate(pair.getPublic());
      if (!MessageDigest.isEqual(
          sent.secret(), kem.decapsulate(pair.getPrivate(), sent.ciphertext()))) {
        throw new KnownAnswers.Failure("the two sides of an encapsulation differ");
      }
      return;
    }
    if (vector.set.endsWith("s")) {
      // A small-signature SLH-DSA set signs in seconds: the Signature check signs; here the pair
      // must hold together (the public key is the private key's tail: PK.seed || PK.root).
      byte[] publicKey = pair.getPublic().getEncoded();
      byte[] privateKey = pair.getPrivate().getEncoded();
      int n = vector.publicKey.length() / 2;
      if (!java.util.Arrays.equals(
          publicKey,
          publicKey.length - n,
          publicKey.length,
          privateKey,
          privateKey.length - n,
          privateKey.length)) {
        throw new KnownAnswers.Failure("the generated public key is not the private key's");
      }
      return;
    }
    Signature signature = Signature.getInstance(vector.set, provider);
    signature.initSign(pair.getPrivate());
    signature.update(MESSAGE);
    byte[] signed = signature.sign();
    expectVerdict(provider, vector.set, pair.getPublic(), signed, true);
  }
}
