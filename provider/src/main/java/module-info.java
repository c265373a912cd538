/** Carbide: a JCA/JCE provider whose engine is a C++ core over OpenSSL 3. */
module dev.carbide {
  exports dev.carbide;

  // Calibration (dev.carbide.hybrid) times threads by CPU time where java.management is present.
  requires static java.management;

  provides java.security.Provider with
      dev.carbide.CarbideProvider;
}
