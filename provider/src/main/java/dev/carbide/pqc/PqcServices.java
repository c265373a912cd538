package dev.carbide.pqc;

import dev.carbide.internal.ServiceSink;
import java.security.KeyFactorySpi;
import java.security.KeyPairGeneratorSpi;
import java.security.SignatureSpi;
import java.util.EnumMap;
import java.util.Map;

/**
 * The post-quantum services, with the JDK 25's names: per family ("ML-KEM", "ML-DSA", "SLH-DSA")
 * and per parameter set ("ML-KEM-768", with its OID), each a KeyPairGenerator, a KeyFactory and a
 * KEM (Java 21 and later) or Signature. Only what the loaded OpenSSL fetches is registered: OpenSSL
 * 3.0 has none of them. The hybrid KEMs ("X25519MLKEM768", ...) are each a family of one set, with
 * a KeyFactory of raw key shares.
 */
public final class PqcServices {
  private PqcServices() {}

  private static final Map<PqcAlgorithm, Boolean> AVAILABLE = probe();

  private static Map<PqcAlgorithm, Boolean> probe() {
    Map<PqcAlgorithm, Boolean> available = new EnumMap<>(PqcAlgorithm.class);
    for (PqcAlgorithm algorithm : PqcAlgorithm.values()) {
      available.put(algorithm, PqcNative.available(algorithm.opensslName()));
    }
    return available;
  }

  /** True if the loaded OpenSSL has {@code algorithm}. */
  static boolean available(PqcAlgorithm algorithm) {
    return AVAILABLE.get(algorithm);
  }

  public static void register(ServiceSink sink) {
    for (PqcAlgorithm.Family family : PqcAlgorithm.Family.values()) {
      if (available(family.defaultSet())) {
        services(sink, family.jcaName, new PqcKeys.Scope(family, null));
      }
    }
    for (PqcAlgorithm algorithm : PqcAlgorithm.values()) {
      // A hybrid KEM is a family of one set, already registered under its one name.
      if (available(algorithm) && !algorithm.family.hybrid) {
        for (ServiceSink.Entry entry :
            services(sink, algorithm.jcaName, new PqcKeys.Scope(algorithm.family, algorithm))) {
          entry.oid(algorithm.oid);
        }
      }
    }
  }

  private static ServiceSink.Entry[] services(ServiceSink sink, String name, PqcKeys.Scope scope) {
    ServiceSink.Entry generator =
        sink.add(
            "KeyPairGenerator",
            name,
            KeyPairGeneratorSpi.class,
            () -> new PqcKeyPairGenerator(scope));
    ServiceSink.Entry factory =
        scope.family().hybrid
            ? sink.add(
                "KeyFactory",
                name,
                KeyFactorySpi.class,
                () -> new HybridKeyFactory(scope.family().defaultSet()))
            : sink.add("KeyFactory", name, KeyFactorySpi.class, () -> new PqcKeyFactory(scope));
    ServiceSink.Entry engine;
    if (!scope.family().kem) {
      engine = sink.add("Signature", name, SignatureSpi.class, () -> new PqcSignature(scope));
    } else if (KemSpiFactory.available()) {
      engine =
          sink.add("KEM", name, KemSpiFactory.spiClass(), parameter -> KemSpiFactory.create(name));
    } else {
      engine = null;
    }
    ServiceSink.Entry[] entries =
        engine == null
            ? new ServiceSink.Entry[] {generator, factory}
            : new ServiceSink.Entry[] {generator, factory, engine};
    for (ServiceSink.Entry entry : entries) {
      entry.attribute("ImplementedIn", "Software");
    }
    return entries;
  }
}
