package dev.carbide.mac;

/**
 * One MAC of OpenSSL's EVP_MAC family served by {@link NativeEvpMac}.
 *
 * @param name the JCA name (Bouncy Castle's, since the JDK has none of these)
 * @param opensslName the EVP_MAC's name
 * @param parameterKind what the init parameter is: one of MacNative's PARAMETER_ constants
 * @param cipherMode the block cipher mode CMAC or GMAC runs AES in ("CBC", "GCM"), {@link
 *     #TRIPLE_DES} for CMAC over Triple DES, or null
 * @param keyLengths the key lengths accepted, in bytes; empty for KMAC's range
 * @param defaultOutputBytes the tag length without parameters
 * @param oid the object identifier, or null
 * @param aliases further names
 */
record EvpMacAlgorithm(
    String name,
    String opensslName,
    int parameterKind,
    String cipherMode,
    int[] keyLengths,
    int defaultOutputBytes,
    String oid,
    String... aliases) {

  /** The cipherMode of CMAC over Triple DES: three keys (24 bytes) or two (16), in CBC mode. */
  static final String TRIPLE_DES = "DES-EDE";

  /** OpenSSL's name of the cipher for a key of {@code keyLength} bytes, or null if none. */
  String cipherFor(int keyLength) {
    if (TRIPLE_DES.equals(cipherMode)) {
      return keyLength == 16 ? "DES-EDE-CBC" : "DES-EDE3-CBC";
    }
    return cipherMode == null ? null : "AES-" + keyLength * 8 + "-" + cipherMode;
  }
}
