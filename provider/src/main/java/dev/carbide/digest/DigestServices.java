package dev.carbide.digest;

import dev.carbide.internal.ServiceSink;
import java.security.MessageDigestSpi;
import java.util.function.Supplier;

/** The MessageDigest services: JDK standard names, aliases and OIDs, and OpenSSL's names. */
public final class DigestServices {
  private DigestServices() {}

  /**
   * One digest. {@code outputLength} is 0 for the digest's own length, or the fixed length that the
   * JCA name gives an extendable-output function (SHAKE128-256 is SHAKE128 cut at 256 bits).
   */
  private record Algorithm(
      String jcaName, String opensslName, int outputLength, String oid, String... aliases) {}

  private static final Algorithm[] ALGORITHMS = {
    new Algorithm("MD5", "MD5", 0, "1.2.840.113549.2.5"),
    new Algorithm("SHA-1", "SHA1", 0, "1.3.14.3.2.26", "SHA", "SHA1"),
    new Algorithm("SHA-224", "SHA2-224", 0, "2.16.840.1.101.3.4.2.4", "SHA224"),
    new Algorithm("SHA-256", "SHA2-256", 0, "2.16.840.1.101.3.4.2.1", "SHA256"),
    new Algorithm("SHA-384", "SHA2-384", 0, "2.16.840.1.101.3.4.2.2", "SHA384"),
    new Algorithm("SHA-512", "SHA2-512", 0, "2.16.840.1.101.3.4.2.3", "SHA512"),
    new Algorithm("SHA-512/224", "SHA2-512/224", 0, "2.16.840.1.101.3.4.2.5", "SHA512/224"),
    new Algorithm("SHA-512/256", "SHA2-512/256", 0, "2.16.840.1.101.3.4.2.6", "SHA512/256"),
    new Algorithm("SHA3-224", "SHA3-224", 0, "2.16.840.1.101.3.4.2.7"),
    new Algorithm("SHA3-256", "SHA3-256", 0, "2.16.840.1.101.3.4.2.8"),
    new Algorithm("SHA3-384", "SHA3-384", 0, "2.16.840.1.101.3.4.2.9"),
    new Algorithm("SHA3-512", "SHA3-512", 0, "2.16.840.1.101.3.4.2.10"),
    new Algorithm("SHAKE128-256", "SHAKE-128", 32, "2.16.840.1.101.3.4.2.11", "SHAKE128"),
    new Algorithm("SHAKE256-512", "SHAKE-256", 64, "2.16.840.1.101.3.4.2.12", "SHAKE256"),
  };

  public static void register(ServiceSink sink) {
    for (Algorithm algorithm : ALGORITHMS) {
      long md = DigestNative.fetch(algorithm.opensslName);
      if (md == 0) {
        continue;
      }
      int size = algorithm.outputLength != 0 ? algorithm.outputLength : DigestNative.size(md);
      long snapshots = DigestNative.snapshotFunctions(md);
      sink.add(
              "MessageDigest",
              algorithm.jcaName,
              MessageDigestSpi.class,
              factory(md, size, snapshots))
          .alias(algorithm.aliases)
          .oid(algorithm.oid)
          .attribute("ImplementedIn", "Software");
    }
  }

  /**
   * Makes the digest's SPIs: SHA-1, SHA-2 and MD5 outside FIPS mode (those with snapshot functions)
   * hold their state in Java where critical downcalls can reach it (Java 22 and later), every other
   * digest a native session.
   */
  private static Supplier<Object> factory(long md, int size, long snapshots) {
    if (snapshots != 0 && ShaCalls.critical()) {
      byte[] initial = DigestNative.initialState(snapshots);
      return () -> new HeapShaDigest(snapshots, size, initial);
    }
    return () -> new NativeMessageDigest(md, size, snapshots);
  }

  /** The fetched EVP_MD handle for a JCA digest name, or 0; for other families (HMAC, HKDF). */
  public static long fetch(String jcaName) {
    for (Algorithm algorithm : ALGORITHMS) {
      if (algorithm.jcaName.equals(jcaName)) {
        return DigestNative.fetch(algorithm.opensslName);
      }
    }
    return 0;
  }
}
