package dev.carbide.cli;

import dev.carbide.cli.SpeedCatalogue.Engine;
import dev.carbide.cli.SpeedCatalogue.Operation;
import dev.carbide.cli.SpeedCatalogue.Row;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.Provider;
import java.security.Security;
import java.util.List;
import javax.crypto.KEM;

/**
 * The KEM rows of {@code speed} (the Java 21 version of the base class of the same name):
 * ML-KEM-768 and X25519MLKEM768 encapsulation and decapsulation through javax.crypto.KEM, on an
 * Encapsulator and a Decapsulator made once, beside the JDK's ML-KEM (SunJCE; it has no hybrid).
 */
final class KemSpeed {
  private KemSpeed() {}

  static final Engine KEM_ENGINE = new Engine("KEM", () -> Security.getProvider("SunJCE"));

  static void addTo(List<Row> rows) {
    for (String set : List.of("ML-KEM-768", "X25519MLKEM768")) {
      rows.add(new Row(set + " encapsulate", KEM_ENGINE, p -> operation(p, set, true)));
      rows.add(new Row(set + " decapsulate", KEM_ENGINE, p -> operation(p, set, false)));
    }
  }

  private static Operation operation(Provider provider, String set, boolean encapsulate)
      throws GeneralSecurityException {
    KeyPair keys = PqcSpeed.pair(provider, set);
    KEM kem = KEM.getInstance(set, provider);
    KEM.Encapsulator encapsulator = kem.newEncapsulator(keys.getPublic());
    KEM.Decapsulator decapsulator = kem.newDecapsulator(keys.getPrivate());
    byte[] encapsulation = encapsulator.encapsulate().encapsulation();
    if (encapsulate) {
      return () -> encapsulator.encapsulate().encapsulation()[0];
    }
    return () -> decapsulator.decapsulate(encapsulation).getEncoded()[0];
  }
}
