package dev.carbide.digest;

import java.util.stream.Stream;

/**
 * SHA-3 known answers: NIST's FIPS 202 example for the 1600-bit message (200 bytes of 0xa3), and
 * the widely published values for the FIPS 180 example messages (NIST's own SHA-3 examples cover
 * only bit-string messages besides these).
 */
final class Sha3KnownAnswers {
  private Sha3KnownAnswers() {}

  static Stream<DigestKnownAnswerTest.Vector> vectors() {
    return Stream.of(
            DigestKnownAnswerTest.fipsExamples(
                "SHA3-224",
                "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7",
                "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf",
                "8a24108b154ada21c9fd5574494479ba5c7e7ab76ef264ead0fcce33",
                "543e6868e1666c1a643630df77367ae5a62a85070a51c14cbf665cbc",
                "d69335b93325192e516a912e6d19a15cb51c6ed5c15243e7a7fd653c"),
            DigestKnownAnswerTest.fipsExamples(
                "SHA3-256",
                "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a",
                "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532",
                "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376",
                "916f6061fe879741ca6469b43971dfdb28b1a32dc36cb3254e812be27aad1d18",
                "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1"),
            DigestKnownAnswerTest.fipsExamples(
                "SHA3-384",
                "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a"
                    + "c3713831264adb47fb6bd1e058d5f004",
                "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b2"
                    + "98d88cea927ac7f539f1edf228376d25",
                "991c665755eb3a4b6bbdfb75c78a492e8c56a22c5c4d7e429bfdbc32b9d4ad5a"
                    + "a04a1f076e62fea19eef51acd0657c22",
                "79407d3b5916b59c3e30b09822974791c313fb9ecc849e406f23592d04f625dc"
                    + "8c709b98b43b3852b337216179aa7fc7",
                "eee9e24d78c1855337983451df97c8ad9eedf256c6334f8e948d252d5e0e7684"
                    + "7aa0774ddb90a842190d2c558b4b8340"),
            DigestKnownAnswerTest.fipsExamples(
                "SHA3-512",
                "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
                    + "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26",
                "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
                    + "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0",
                "04a371e84ecfb5b8b77cb48610fca8182dd457ce6f326a0fd3d7ec2f1e91636d"
                    + "ee691fbe0c985302ba1b0d8dc78c086346b533b49c030d99a27daf1139d6e75e",
                "afebb2ef542e6579c50cad06d2e578f9f8dd6881d7dc824d26360feebf18a4fa"
                    + "73e3261122948efcfd492e74e82e2189ed0fb440d187f382270cb455f21dd185",
                "3c3a876da14034ab60627c077bb98f7e120a2a5370212dffb3385a18d4f38859"
                    + "ed311d0a9d5141ce9cc5c66ee689b266a8aa18ace8282a0e0db596c90b0a7b87"),
            Stream.of(
                fips202("SHA3-224", "9376816aba503f72f96ce7eb65ac095deee3be4bf9bbc2a1cb7e11e0"),
                fips202(
                    "SHA3-256", "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"),
                fips202(
                    "SHA3-384",
                    "1881de2ca7e41ef95dc4732b8f5f002b189cc1e42b74168ed1732649ce1dbcdd"
                        + "76197a31fd55ee989f2d7050dd473e8f"),
                fips202(
                    "SHA3-512",
                    "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
                        + "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00")))
        .flatMap(s -> s);
  }

  private static DigestKnownAnswerTest.Vector fips202(String algorithm, String expectedHex) {
    return new DigestKnownAnswerTest.Vector(
        algorithm, "1600-bit message", DigestKnownAnswerTest.repeat((byte) 0xa3, 200), expectedHex);
  }
}
