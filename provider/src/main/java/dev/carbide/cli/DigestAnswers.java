package dev.carbide.cli;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;

/** Known answers for MessageDigest: the digest of "abc" given in each algorithm's standard. */
final class DigestAnswers {
  private DigestAnswers() {}

  private record Abc(String algorithm, String source, String digest) {}

  // FIPS 180-4 and FIPS 202 values are NIST's published examples ("Examples with Intermediate
  // Values"); MD5's is RFC 1321, appendix A.5.
  private static final List<Abc> ABC =
      List.of(
          new Abc("MD5", "RFC 1321", "900150983cd24fb0d6963f7d28e17f72"),
          new Abc("SHA-1", "FIPS 180-4", "a9993e364706816aba3e25717850c26c9cd0d89d"),
          new Abc(
              "SHA-224", "FIPS 180-4", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"),
          new Abc(
              "SHA-256",
              "FIPS 180-4",
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
          new Abc(
              "SHA-384",
              "FIPS 180-4",
              "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
                  + "8086072ba1e7cc2358baeca134c825a7"),
          new Abc(
              "SHA-512",
              "FIPS 180-4",
              "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                  + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
          new Abc(
              "SHA-512/224",
              "FIPS 180-4",
              "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa"),
          new Abc(
              "SHA-512/256",
              "FIPS 180-4",
              "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"),
          new Abc(
              "SHA3-224", "FIPS 202", "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf"),
          new Abc(
              "SHA3-256",
              "FIPS 202",
              "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"),
          new Abc(
              "SHA3-384",
              "FIPS 202",
              "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b2"
                  + "98d88cea927ac7f539f1edf228376d25"),
          new Abc(
              "SHA3-512",
              "FIPS 202",
              "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
                  + "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"),
          // SHAKE's output of "abc" cut at the JCA name's length (NIST's SHAKE examples).
          new Abc(
              "SHAKE128-256",
              "FIPS 202",
              "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8"),
          new Abc(
              "SHAKE256-512",
              "FIPS 202",
              "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739"
                  + "d5a15bef186a5386c75744c0527e1faa9f8726e462a12a4feb06bd8801e751e4"));

  static void addTo(KnownAnswers table) {
    byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
    for (Abc vector : ABC) {
      table.add(
          "MessageDigest",
          vector.algorithm,
          vector.source + " \"abc\"",
          provider -> {
            MessageDigest md = MessageDigest.getInstance(vector.algorithm, provider);
            KnownAnswers.expectEqual(vector.digest, md.digest(abc));
            // Again on the same instance, a byte at a time: digest() must have reset it.
            for (byte b : abc) {
              md.update(b);
            }
            KnownAnswers.expectEqual(vector.digest, md.digest());
          });
    }
  }
}
