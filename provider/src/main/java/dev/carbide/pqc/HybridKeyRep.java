package dev.carbide.pqc;

import dev.carbide.CarbideProvider;
import dev.carbide.RawEncodedKeySpec;
import java.io.InvalidObjectException;
import java.io.ObjectStreamException;
import java.io.Serializable;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.Provider;
import java.security.Security;
import java.util.Arrays;

/**
 * The serialized form of a hybrid KEM key. The JDK's {@link java.security.KeyRep} reads back public
 * and private keys only in X.509 and PKCS#8, which no standard defines for these hybrids, so a
 * hybrid key writes this instead: its name, whether it is private, and its RAW encoding (the TLS
 * key share, or X25519MLKEM768's raw private key). Reading it back imports those bytes through
 * Carbide's KeyFactory of that name, with every check an import makes.
 */
final class HybridKeyRep implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String algorithm;
  private final boolean privateKey;
  private final byte[] encoded;

  HybridKeyRep(String algorithm, boolean privateKey, byte[] encoded) {
    this.algorithm = algorithm;
    this.privateKey = privateKey;
    this.encoded = encoded;
  }

  private Object readResolve() throws ObjectStreamException {
    if (algorithm == null || encoded == null) {
      throw new InvalidObjectException("a hybrid KEM key needs its algorithm and encoding");
    }
    try {
      Provider provider = Security.getProvider(CarbideProvider.NAME);
      KeyFactory factory =
          KeyFactory.getInstance(algorithm, provider != null ? provider : new CarbideProvider());
      RawEncodedKeySpec spec = new RawEncodedKeySpec(encoded);
      return privateKey ? factory.generatePrivate(spec) : factory.generatePublic(spec);
    } catch (GeneralSecurityException e) {
      InvalidObjectException failure =
          new InvalidObjectException("cannot read back a " + algorithm + " key: " + e.getMessage());
      failure.initCause(e);
      throw failure;
    } finally {
      if (privateKey) {
        Arrays.fill(encoded, (byte) 0);
      }
    }
  }
}
