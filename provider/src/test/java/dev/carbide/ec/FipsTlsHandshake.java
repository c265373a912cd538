package dev.carbide.ec;

import dev.carbide.CarbideProvider;
import java.security.Security;

/**
 * Child-JVM main for FipsTlsTest: says which FIPS module Carbide (the first provider) runs in
 * ("fips MODULE", or "fips none" with the reason), then runs {@link TlsHandshake} with its args.
 */
public final class FipsTlsHandshake {
  private FipsTlsHandshake() {}

  public static void main(String[] args) throws Exception {
    if (!CarbideProvider.NAME.equals(Security.getProviders()[0].getName())
        || CarbideProvider.loadError() != null) {
      System.out.println("fips none " + CarbideProvider.loadError());
      return;
    }
    System.out.println("fips " + CarbideProvider.fipsModule());
    TlsHandshake.main(args);
  }
}
