/** Carbide: a JCA/JCE provider whose engine is a C++ core over OpenSSL 3. */
module dev.carbide {
  exports dev.carbide;

  provides java.security.Provider with
      dev.carbide.CarbideProvider;
}
