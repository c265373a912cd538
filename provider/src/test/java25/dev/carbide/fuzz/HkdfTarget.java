package dev.carbide.fuzz;

import java.security.Provider;
import java.util.List;
import java.util.Random;
import javax.crypto.KDF;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/** The KDF API (Java 25): HKDF extract-then-expand, extract, and expand, against SunJCE. */
public final class HkdfTarget implements FuzzTarget {
  private static final List<String> ALGORITHMS =
      List.of("HKDF-SHA256", "HKDF-SHA384", "HKDF-SHA512");

  @Override
  public String name() {
    return "KDF-HKDF";
  }

  @Override
  public void runCase(Random random) throws Exception {
    String algorithm = Providers.pick(random, Providers.registered("KDF", ALGORITHMS));
    byte[] ikm = Inputs.bytes(random, Inputs.length(random, 200));
    byte[] salt = random.nextInt(4) == 0 ? null : Inputs.bytes(random, Inputs.length(random, 200));
    byte[] info = random.nextInt(4) == 0 ? null : Inputs.bytes(random, Inputs.length(random, 200));
    int length = random.nextInt(10) == 0 ? random.nextInt(20000) - 10 : 1 + random.nextInt(300);
    int form = random.nextInt(3);
    String what =
        algorithm
            + " form "
            + form
            + " ikm "
            + ikm.length
            + " salt "
            + (salt == null ? "-" : salt.length)
            + " info "
            + (info == null ? "-" : info.length)
            + " length "
            + length;
    Divergence.compare(
        what,
        "SunJCE",
        (s, provider) -> derive(s, provider, algorithm, form, ikm, salt, info, length));
  }

  private static byte[] derive(
      Outcome.Steps steps,
      Provider provider,
      String algorithm,
      int form,
      byte[] ikm,
      byte[] salt,
      byte[] info,
      int length)
      throws Exception {
    KDF kdf = KDF.getInstance(algorithm, provider);
    steps.at("spec");
    HKDFParameterSpec.Builder builder = HKDFParameterSpec.ofExtract();
    if (ikm.length > 0) {
      builder.addIKM(ikm);
    }
    if (salt != null && salt.length > 0) {
      builder.addSalt(salt);
    }
    var spec =
        switch (form) {
          case 0 -> builder.thenExpand(info, length);
          case 1 -> builder.extractOnly();
          default ->
              HKDFParameterSpec.expandOnly(
                  new SecretKeySpec(ikm.length == 0 ? new byte[1] : ikm, "HKDF-PRK"), info, length);
        };
    steps.at("deriveData");
    return kdf.deriveData(spec);
  }
}
