package dev.carbide.cli;

import java.math.BigInteger;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.util.Arrays;
import javax.crypto.KeyAgreement;
import javax.crypto.spec.DHPrivateKeySpec;
import javax.crypto.spec.DHPublicKeySpec;

/**
 * Checks for the DiffieHellman services. The agreement and the KeyFactory have a known answer over
 * the RFC 7919 ffdhe2048 group, made with the OpenSSL 3.0 command line ({@code genpkey -pkeyopt
 * group:ffdhe2048}, {@code pkeyutl -derive}) and matched by SunJCE; key generation is checked by
 * the agreement of two generated pairs.
 */
final class DhAnswers {
  private DhAnswers() {}

  static final BigInteger FFDHE2048 =
      new BigInteger(
          "FFFFFFFFFFFFFFFFADF85458A2BB4A9AAFDC5620273D3CF1D8B9C583CE2D3695A9E13641146433FBCC939D"
              + "CE249B3EF97D2FE363630C75D8F681B202AEC4617AD3DF1ED5D5FD65612433F51F5F066ED08563655"
              + "53DED1AF3B557135E7F57C935984F0C70E0E68B77E2A689DAF3EFE8721DF158A136ADE73530ACCA4F"
              + "483A797ABC0AB182B324FB61D108A94BB2C8E3FBB96ADAB760D7F4681D4F42A3DE394DF4AE56EDE76"
              + "372BB190B07A7C8EE0A6D709E02FCE1CDF7E2ECC03404CD28342F619172FE9CE98583FF8E4F1232EE"
              + "F28183C3FE3B1B4C6FAD733BB5FCBC2EC22005C58EF1837D1683B2C6F34A26C1B2EFFA886B4238612"
              + "85C97FFFFFFFFFFFFFFFF",
          16);
  private static final String PRIVATE = "0bba6a92a4acc7033393030af604d089ea3f39865664eeec5984ea11";
  private static final String PEER =
      "54d92fb849fe459e6fd7fe51aeb0c2e74f0fc2e4c22331e8b77cb00d09f288b7121046eac62b3cdaf4b106d6"
          + "0ef9b6f3452d1f3b4b52b2ba033851eaf2ef677c143b83dc574fa98ef775e55e92643d5080e50251ee79"
          + "895ac8065cf5c9f54a8d70581923ad397e22cc08a4f9da7a12324a2611fec4b9e969f1066cc78e984c3b"
          + "f99d53d370c2283266e440c5b02e075f145221f3fcc98c1d8f94fd4d924a91fd090091d25ecd22f94f5c"
          + "4bd33a2988a5474171c9b0d85f6370fd371aef3744c28692da40c28820d47c885ccda3417fc66b0b23e8"
          + "9a7b3058a1eddc0513459e86e6b05bdb160b59856e1a75346cf691dbc2920c5e19c63efdd6093b7ec7c4"
          + "2efd";
  private static final String SHARED =
      "e4c353b7d61cf4bf294be2669932ef028c7865c1b0b8bb554e52b1b3385c02d4ff456e89e310e8f36643fcb5"
          + "cb2b5129bbef6b201956cf49e3d29d4d02e41fca590a19f9dcc83711f7a0c9bef26de95743b9da25e461"
          + "b4b3cf41eb0d1ad78380ce9eb0fe1cda9ffa2e2d4170a3af29cbe7ba709e98056d7eecb5d4f709197e7f"
          + "13639240d629c6ef09047c71420f745885e05cf051dd09ded2c615c930f3fed5833eab2630882e3807ac"
          + "5de922a98d71101ef9f028ad0f872cf255c0e1f340885d4ba192937e552ae917b05ad12b7e21864eb88b"
          + "3fbeef194b5e42a2b472ad4113238d99fab5d060760b0db8f0963cda897f3284824f217d3808d25d4c20"
          + "b5a0";

  private static final String KAT = "OpenSSL CLI ffdhe2048 agreement (see DhAnswers)";

  static void addTo(KnownAnswers table) {
    table.add("KeyAgreement", "DiffieHellman", KAT, DhAnswers::checkAgreement);
    table.add("KeyFactory", "DiffieHellman", KAT + " (keys from specs)", DhAnswers::checkAgreement);
    table.add(
        "KeyPairGenerator",
        "DiffieHellman",
        "agreement of two generated 2048-bit pairs, no known answer",
        DhAnswers::checkKeyPairGenerator);
  }

  private static void checkAgreement(Provider provider) throws Exception {
    KeyFactory factory = KeyFactory.getInstance("DiffieHellman", provider);
    BigInteger g = BigInteger.TWO;
    KeyAgreement agreement = KeyAgreement.getInstance("DiffieHellman", provider);
    agreement.init(
        factory.generatePrivate(new DHPrivateKeySpec(new BigInteger(PRIVATE, 16), FFDHE2048, g)));
    agreement.doPhase(
        factory.generatePublic(new DHPublicKeySpec(new BigInteger(PEER, 16), FFDHE2048, g)), true);
    KnownAnswers.expectEqual(SHARED, agreement.generateSecret());
  }

  private static void checkKeyPairGenerator(Provider provider) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("DiffieHellman", provider);
    generator.initialize(2048);
    KeyPair a = generator.generateKeyPair();
    KeyPair b = generator.generateKeyPair();
    KeyAgreement agreement = KeyAgreement.getInstance("DiffieHellman", provider);
    agreement.init(a.getPrivate());
    agreement.doPhase(b.getPublic(), true);
    byte[] ab = agreement.generateSecret();
    agreement.init(b.getPrivate());
    agreement.doPhase(a.getPublic(), true);
    if (!Arrays.equals(ab, agreement.generateSecret())) {
      throw new KnownAnswers.Failure("the two sides of an agreement differ");
    }
  }
}
