package dev.carbide.rsa;

/**
 * The two RSA key types: plain RSA keys, and RSASSA-PSS keys (RFC 4055) for PSS signatures only.
 */
enum RsaType {
  RSA("RSA", "1.2.840.113549.1.1.1", false),
  PSS("RSASSA-PSS", "1.2.840.113549.1.1.10", true);

  final String jcaName;
  final String oid;
  final boolean pss;

  RsaType(String jcaName, String oid, boolean pss) {
    this.jcaName = jcaName;
    this.oid = oid;
    this.pss = pss;
  }
}
