package dev.carbide.cipher;

import dev.carbide.digest.DigestServices;
import dev.carbide.internal.ServiceSink;
import java.security.AlgorithmParametersSpi;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javax.crypto.CipherSpi;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.SecretKeyFactorySpi;

/**
 * The symmetric cipher services, with SunJCE's names and OIDs, each registered only if the loaded
 * OpenSSL has the cipher. SunJCE serves every AES mode through one "AES" service that takes a mode
 * and padding; Carbide registers each transformation it serves under its full name instead, so a
 * transformation it lacks (AES/OFB/NoPadding, PBE ciphers) falls through to the next provider.
 */
public final class CipherServices {
  private CipherServices() {}

  private static final String AES_OID = "2.16.840.1.101.3.4.1";

  public static void register(ServiceSink sink) {
    AesKeys gcm = AesKeys.fetch("GCM");
    if (gcm != null) {
      cipher(sink, "AES/GCM/NoPadding", () -> new GcmCipher(gcm));
      sized(sink, "GCM", 6, bytes -> () -> new GcmCipher(gcm.only(bytes)));
      sink.add("AlgorithmParameters", "GCM", AlgorithmParametersSpi.class, GcmParameters::new)
          .attribute("ImplementedIn", "Software");
    }
    registerChaCha(sink);
    registerPbkdf2(sink);
    AesKeys cbc = AesKeys.fetch("CBC");
    AesKeys ecb = AesKeys.fetch("ECB");
    AesKeys ctr = AesKeys.fetch("CTR");
    if (cbc == null || ecb == null || ctr == null) {
      return;
    }
    cipher(sink, "AES", () -> new BlockModeCipher(BlockModeCipher.Mode.ECB, true, ecb))
        .oid(AES_OID)
        .attribute("SupportedModes", "ECB")
        .attribute("SupportedPaddings", "PKCS5PADDING");
    cipher(
        sink, "AES/ECB/NoPadding", () -> new BlockModeCipher(BlockModeCipher.Mode.ECB, false, ecb));
    cipher(
        sink,
        "AES/ECB/PKCS5Padding",
        () -> new BlockModeCipher(BlockModeCipher.Mode.ECB, true, ecb));
    cipher(
        sink, "AES/CBC/NoPadding", () -> new BlockModeCipher(BlockModeCipher.Mode.CBC, false, cbc));
    cipher(
        sink,
        "AES/CBC/PKCS5Padding",
        () -> new BlockModeCipher(BlockModeCipher.Mode.CBC, true, cbc));
    cipher(
        sink, "AES/CTR/NoPadding", () -> new BlockModeCipher(BlockModeCipher.Mode.CTR, false, ctr));
    sized(
        sink,
        "ECB",
        1,
        b -> () -> new BlockModeCipher(BlockModeCipher.Mode.ECB, false, ecb.only(b)));
    sized(
        sink,
        "CBC",
        2,
        b -> () -> new BlockModeCipher(BlockModeCipher.Mode.CBC, false, cbc.only(b)));
    registerKeyWrap(sink);
    registerFeedbackModes(sink);
    registerOneShotModes(sink);
    registerDesede(sink);
    Pbes2Services.register(sink);
    sink.add("SecretKeyFactory", "AES", SecretKeyFactorySpi.class, AesKeyFactory::new)
        .attribute("ImplementedIn", "Software");
    sink.add("KeyGenerator", "AES", KeyGeneratorSpi.class, CipherKeyGenerator::aes)
        .oid(AES_OID)
        .attribute("ImplementedIn", "Software");
    sink.add("AlgorithmParameters", "AES", AlgorithmParametersSpi.class, () -> new IvParameters(16))
        .oid(AES_OID)
        .attribute("ImplementedIn", "Software");
  }

  /**
   * OFB, CFB and CFB8 without padding, SunJCE's names (CFB is 128-bit feedback, as in SunJCE) and
   * NIST's OIDs for the sized OFB and CFB names. SunJCE also pads these modes and takes other
   * feedback sizes (CFB16, OFB64, ...); those transformations fall through to it.
   */
  private static void registerFeedbackModes(ServiceSink sink) {
    AesKeys ofb = AesKeys.fetch("OFB");
    if (ofb != null) {
      // Not an alias: Cipher.getInstance matches a full transformation against the service's own
      // name, so an aliased "AES/OFB128/NoPadding" would fall through to SunJCE.
      for (String name : List.of("AES/OFB/NoPadding", "AES/OFB128/NoPadding")) {
        cipher(sink, name, () -> new BlockModeCipher(BlockModeCipher.Mode.OFB, false, ofb));
      }
      sized(
          sink,
          "OFB",
          3,
          b -> () -> new BlockModeCipher(BlockModeCipher.Mode.OFB, false, ofb.only(b)));
    }
    AesKeys cfb = AesKeys.fetch("CFB");
    if (cfb != null) {
      for (String name : List.of("AES/CFB/NoPadding", "AES/CFB128/NoPadding")) {
        cipher(sink, name, () -> new BlockModeCipher(BlockModeCipher.Mode.CFB, false, cfb));
      }
      sized(
          sink,
          "CFB",
          4,
          b -> () -> new BlockModeCipher(BlockModeCipher.Mode.CFB, false, cfb.only(b)));
    }
    AesKeys cfb8 = AesKeys.fetch("CFB8");
    if (cfb8 != null) {
      cipher(
          sink,
          "AES/CFB8/NoPadding",
          () -> new BlockModeCipher(BlockModeCipher.Mode.CFB8, false, cfb8));
    }
  }

  /**
   * The modes OpenSSL runs over a whole message in one call, each only if the loaded OpenSSL has it
   * (GCM-SIV came with 3.2; the FIPS module has no GCM-SIV). Bouncy Castle's names.
   */
  private static void registerOneShotModes(ServiceSink sink) {
    AesKeys ccm = AesKeys.fetch("CCM");
    if (ccm != null) {
      cipher(sink, "AES/CCM/NoPadding", () -> new CcmCipher(ccm));
      sink.add("AlgorithmParameters", "CCM", AlgorithmParametersSpi.class, GcmParameters::ccm)
          .attribute("ImplementedIn", "Software");
    }
    AesKeys gcmSiv = AesKeys.fetch("GCM-SIV");
    if (gcmSiv != null) {
      cipher(sink, "AES/GCM-SIV/NoPadding", () -> new GcmSivCipher(gcmSiv));
      sink.add(
              "AlgorithmParameters", "GCM-SIV", AlgorithmParametersSpi.class, GcmParameters::gcmSiv)
          .attribute("ImplementedIn", "Software");
    }
    long xts128 = CipherNative.find("AES-128-XTS");
    long xts256 = CipherNative.find("AES-256-XTS");
    if (xts128 != 0 && xts256 != 0) {
      cipher(sink, "AES/XTS/NoPadding", () -> new XtsCipher(xts128, xts256));
    }
  }

  /**
   * Triple DES in ECB and CBC, with and without PKCS#5 padding, as SunJCE's "DESede" (alias
   * "TripleDES"; its other modes and paddings fall through to SunJCE), and its KeyGenerator and
   * SecretKeyFactory. FIPS mode leaves it out (FipsServices): FIPS 140-3 approves Triple DES only
   * for decrypting old data.
   */
  private static void registerDesede(ServiceSink sink) {
    DesedeKeys ecb = DesedeKeys.fetch("ECB");
    DesedeKeys cbc = DesedeKeys.fetch("CBC");
    if (ecb == null || cbc == null) {
      return;
    }
    cipher(sink, "DESede", () -> new BlockModeCipher(BlockModeCipher.Mode.ECB, true, ecb))
        .alias("TripleDES")
        .attribute("SupportedModes", "ECB")
        .attribute("SupportedPaddings", "PKCS5PADDING");
    cipher(
        sink,
        "DESede/ECB/NoPadding",
        () -> new BlockModeCipher(BlockModeCipher.Mode.ECB, false, ecb));
    cipher(
        sink,
        "DESede/ECB/PKCS5Padding",
        () -> new BlockModeCipher(BlockModeCipher.Mode.ECB, true, ecb));
    cipher(
        sink,
        "DESede/CBC/NoPadding",
        () -> new BlockModeCipher(BlockModeCipher.Mode.CBC, false, cbc));
    cipher(
        sink,
        "DESede/CBC/PKCS5Padding",
        () -> new BlockModeCipher(BlockModeCipher.Mode.CBC, true, cbc));
    // SunJCE's names and its one alias (no OID: SunJCE registers none for these).
    sink.add("KeyGenerator", "DESede", KeyGeneratorSpi.class, CipherKeyGenerator::desede)
        .alias("TripleDES")
        .attribute("ImplementedIn", "Software");
    sink.add("SecretKeyFactory", "DESede", SecretKeyFactorySpi.class, DesedeKeyFactory::new)
        .alias("TripleDES")
        .attribute("ImplementedIn", "Software");
  }

  private static void registerKeyWrap(ServiceSink sink) {
    AesKeys kw = AesKeys.fetch("WRAP");
    AesKeys kwp = AesKeys.fetch("WRAP-PAD");
    if (kw == null || kwp == null) {
      return;
    }
    cipher(sink, "AES/KW/NoPadding", () -> new KeyWrapCipher(false, kw)).alias("AESWrap");
    cipher(sink, "AES/KWP/NoPadding", () -> new KeyWrapCipher(true, kwp)).alias("AESWrapPad");
    List<ServiceSink.Entry> sizedKw =
        sized(sink, "KW", 5, b -> () -> new KeyWrapCipher(false, kw.only(b)));
    List<ServiceSink.Entry> sizedKwp =
        sized(sink, "KWP", 8, b -> () -> new KeyWrapCipher(true, kwp.only(b)));
    for (int i = 0; i < 3; i++) {
      sizedKw.get(i).alias("AESWrap_" + (128 + 64 * i));
      sizedKwp.get(i).alias("AESWrapPad_" + (128 + 64 * i));
    }
  }

  private static void registerPbkdf2(ServiceSink sink) {
    for (String digest : new String[] {"SHA1", "SHA224", "SHA256", "SHA384", "SHA512"}) {
      String name = "PBKDF2WithHmac" + digest;
      long md = DigestServices.fetch("SHA-" + digest.substring(3));
      if (md == 0) {
        continue;
      }
      ServiceSink.Entry entry =
          sink.add(
                  "SecretKeyFactory",
                  name,
                  SecretKeyFactorySpi.class,
                  () -> new Pbkdf2KeyFactory(name, md))
              .attribute("ImplementedIn", "Software");
      if (digest.equals("SHA1")) {
        entry.oid("1.2.840.113549.1.5.12");
      }
    }
  }

  private static void registerChaCha(ServiceSink sink) {
    long chacha = CipherNative.find("ChaCha20");
    long poly = CipherNative.find("ChaCha20-Poly1305");
    if (chacha == 0 || poly == 0) {
      return;
    }
    String oid = "1.2.840.113549.1.9.16.3.18";
    cipher(sink, "ChaCha20", () -> ChaChaCipher.plain(chacha));
    cipher(sink, "ChaCha20-Poly1305", () -> ChaChaCipher.poly1305(poly)).oid(oid);
    sink.add("KeyGenerator", "ChaCha20", KeyGeneratorSpi.class, CipherKeyGenerator::chaCha20)
        .attribute("ImplementedIn", "Software");
    sink.add(
            "AlgorithmParameters",
            "ChaCha20-Poly1305",
            AlgorithmParametersSpi.class,
            () -> new IvParameters(12))
        .oid(oid)
        .attribute("ImplementedIn", "Software");
  }

  private static ServiceSink.Entry cipher(ServiceSink sink, String name, Supplier<Object> factory) {
    return sink.add("Cipher", name, CipherSpi.class, factory)
        .attribute("SupportedKeyFormats", "RAW")
        .attribute("ImplementedIn", "Software");
  }

  /** A cipher by key size factory: the key length in bytes to a factory of the cipher. */
  private interface SizedFactory {
    Supplier<Object> forKeyBytes(int bytes);
  }

  /**
   * AES_128/MODE/NoPadding, AES_192/... and AES_256/..., each accepting only its key size, with
   * NIST's OIDs: arc {@code arc} under aes for 128-bit keys, 20 + arc for 192 and 40 + arc for 256.
   */
  private static List<ServiceSink.Entry> sized(
      ServiceSink sink, String mode, int arc, SizedFactory factory) {
    List<ServiceSink.Entry> entries = new ArrayList<>();
    int[] bits = {128, 192, 256};
    for (int i = 0; i < bits.length; i++) {
      entries.add(
          cipher(
                  sink,
                  "AES_" + bits[i] + "/" + mode + "/NoPadding",
                  factory.forKeyBytes(bits[i] / 8))
              .oid(AES_OID + "." + (arc + 20 * i)));
    }
    return entries;
  }
}
