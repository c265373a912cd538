package dev.carbide.kdf;

import dev.carbide.internal.ServiceSink;
import java.util.Locale;
import javax.crypto.SecretKeyFactorySpi;

/**
 * The KDF services. HKDF-SHA256, HKDF-SHA384 and HKDF-SHA512 (SunJCE's names) exist only on a Java
 * with javax.crypto.KDF (25 and later). The SecretKeyFactories of scrypt, Argon2, KBKDF, the
 * one-step KDF and X9.63 (Bouncy Castle's names where it has them; the JDK has none) exist on every
 * Java, for the KDFs the loaded OpenSSL has: Argon2 needs OpenSSL 3.2, KBKDF with KMAC 3.1, and a
 * FIPS module has neither scrypt nor Argon2.
 */
public final class KdfServices {
  private KdfServices() {}

  private record Algorithm(String name, String digest) {}

  private static final Algorithm[] ALGORITHMS = {
    new Algorithm("HKDF-SHA256", "SHA-256"),
    new Algorithm("HKDF-SHA384", "SHA-384"),
    new Algorithm("HKDF-SHA512", "SHA-512"),
  };

  /** The SHA-2 digests of the HMAC and hash KDFs: JCA suffix, OpenSSL name, output length. */
  private record Sha2(String suffix, String openssl, int length) {}

  private static final Sha2[] SHA2 = {
    new Sha2("SHA256", "SHA2-256", 32),
    new Sha2("SHA384", "SHA2-384", 48),
    new Sha2("SHA512", "SHA2-512", 64),
  };

  public static void register(ServiceSink sink) {
    registerKeyFactories(sink);
    if (!HkdfSpiFactory.available()) {
      return;
    }
    for (Algorithm algorithm : ALGORITHMS) {
      Hkdf hkdf = Hkdf.create(algorithm.name, algorithm.digest);
      if (hkdf == null) {
        continue;
      }
      // The SPI takes getInstance's KDFParameters and refuses any, as SunJCE's does.
      sink.add(
              "KDF",
              algorithm.name,
              HkdfSpiFactory.spiClass(),
              parameter -> HkdfSpiFactory.create(hkdf, parameter))
          .attribute("ImplementedIn", "Software");
    }
  }

  private static void registerKeyFactories(ServiceSink sink) {
    EvpKdf scrypt = EvpKdf.fetch("SCRYPT", new EvpKdf.Params());
    if (scrypt != null) {
      // id-scrypt, the OID RFC 7914 gives scrypt in PKCS #8 (as Bouncy Castle aliases it).
      addFactory(sink, "SCRYPT", new ScryptDerivation(scrypt)).oid("1.3.6.1.4.1.11591.4.11");
    }
    for (String variant : new String[] {"i", "d", "id"}) {
      String name = "Argon2" + variant;
      EvpKdf argon2 =
          EvpKdf.fetch("ARGON2" + variant.toUpperCase(Locale.ROOT), new EvpKdf.Params());
      if (argon2 != null) {
        addFactory(sink, name, new Argon2Derivation(name, argon2));
      }
    }
    for (boolean feedback : new boolean[] {false, true}) {
      String prefix = feedback ? "KBKDF-FEEDBACK-" : "KBKDF-COUNTER-";
      for (Sha2 sha : SHA2) {
        String name = prefix + "HMAC" + sha.suffix;
        addFactory(sink, name, KbkdfDerivation.hmac(name, feedback, sha.openssl, sha.length));
      }
      String name = prefix + "AESCMAC";
      addFactory(sink, name, KbkdfDerivation.aesCmac(name, feedback));
    }
    // SP 800-108r1's KDF with KMAC has neither counter nor feedback: one name per KMAC.
    for (String kmac : new String[] {"KMAC128", "KMAC256"}) {
      String name = "KBKDF-" + kmac;
      addFactory(sink, name, KbkdfDerivation.kmac(name, kmac));
    }
    for (Sha2 sha : SHA2) {
      String oneStep = "ONESTEP-" + sha.suffix;
      addFactory(sink, oneStep, AgreementDerivation.create(oneStep, "SSKDF", sha.openssl, false));
      String oneStepHmac = "ONESTEP-HMAC" + sha.suffix;
      addFactory(
          sink, oneStepHmac, AgreementDerivation.create(oneStepHmac, "SSKDF", sha.openssl, true));
      String x963 = "X963KDF-" + sha.suffix;
      addFactory(sink, x963, AgreementDerivation.create(x963, "X963KDF", sha.openssl, false));
    }
  }

  /**
   * Adds a factory for {@code derivation} and returns it, unless the derivation is null (the loaded
   * OpenSSL cannot): then adds nothing and returns null.
   */
  private static ServiceSink.Entry addFactory(
      ServiceSink sink, String name, KdfKeyFactory.Derivation derivation) {
    if (derivation == null) {
      return null;
    }
    return sink.add(
            "SecretKeyFactory",
            name,
            SecretKeyFactorySpi.class,
            () -> new KdfKeyFactory(name, derivation))
        .attribute("ImplementedIn", "Software");
  }
}
