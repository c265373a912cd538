package dev.carbide.hybrid;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The decisions without a profile: everything on OpenSSL except where the CPU's features make the
 * answer certain. Each rule below was measured with both engines on a CPU that has the features
 * (docs/hybrid.md records the figures); anything closer than that waits for a calibration.
 */
final class BuiltInDefault {
  private BuiltInDefault() {}

  /** Where the JDK's vector AES overtakes OpenSSL: below it, the JNI-free setup cost dominates. */
  static final int VECTOR_AES_FROM = 1024;

  static RouteTable forMachine(Machine machine) {
    Map<String, RouteTable.Span> routes = new LinkedHashMap<>();
    // With 512-bit VAES the JDK's CTR and CBC-decryption intrinsics process four blocks per
    // instruction across a whole zmm register; OpenSSL 3.5's AES-NI code does not use VAES for
    // these modes, so the JDK is about 4x faster at 16 KiB and still ahead at 1 KiB.
    if (machine.hasFlags("vaes", "avx512f")) {
      routes.put("Cipher.AES/CTR/NoPadding.encrypt", RouteTable.Span.from(VECTOR_AES_FROM));
      routes.put("Cipher.AES/CTR/NoPadding.decrypt", RouteTable.Span.from(VECTOR_AES_FROM));
      routes.put("Cipher.AES/CBC/NoPadding.decrypt", RouteTable.Span.from(VECTOR_AES_FROM));
      routes.put("Cipher.AES/CBC/PKCS5Padding.decrypt", RouteTable.Span.from(VECTOR_AES_FROM));
    }
    // JDK 25 computes ML-DSA's NTTs with AVX-512 intrinsics: it signs about three times as fast
    // as OpenSSL 3.5 and verifies about one and a half times as fast, key translation included.
    boolean mlDsa = machine.hasFlags("avx512f") && Runtime.version().feature() >= 25;
    if (mlDsa) {
      for (String set : new String[] {"ML-DSA", "ML-DSA-44", "ML-DSA-65", "ML-DSA-87"}) {
        routes.put("Signature." + set + ".sign", RouteTable.Span.ALL);
        routes.put("Signature." + set + ".verify", RouteTable.Span.ALL);
      }
    }
    String source =
        routes.isEmpty()
            ? "built-in default (no profile; no CPU feature that makes a route certain)"
            : "built-in default (no profile; CPU has "
                + (machine.hasFlags("vaes", "avx512f") ? "vaes and avx512f" : "avx512f")
                + (mlDsa ? ", JDK 25+" : "")
                + ")";
    return new RouteTable(routes, source);
  }
}
