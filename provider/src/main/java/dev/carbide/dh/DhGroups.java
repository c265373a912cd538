package dev.carbide.dh;

import java.security.GeneralSecurityException;
import java.security.KeyPairGenerator;
import java.security.ProviderException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.interfaces.DHPublicKey;
import javax.crypto.spec.DHParameterSpec;

/**
 * The groups a DH generator uses for a bare key size: SunJCE's own (the RFC 2409 and RFC 3526 MODP
 * groups from 1024 bits up, with SunJCE's private value lengths), taken from SunJCE itself as the
 * EC curves take SunEC's parameter specs, so keys of a given size are those the JDK makes. SunJCE
 * validates the size and throws its own InvalidParameterException for a bad one.
 */
final class DhGroups {
  private DhGroups() {}

  private static final Map<Integer, DHParameterSpec> BY_SIZE = new ConcurrentHashMap<>();
  private static volatile DHParameterSpec defaults;

  /** SunJCE's group for {@code bits}; computed once per size (a SunJCE key generation). */
  static DHParameterSpec forSize(int bits) {
    DHParameterSpec known = BY_SIZE.get(bits);
    if (known == null) {
      known = fromSunJce(bits);
      BY_SIZE.put(bits, known);
    }
    return known;
  }

  /** The group of SunJCE's default key size on the running JDK (3072 bits on JDK 25). */
  static DHParameterSpec defaults() {
    DHParameterSpec result = defaults;
    if (result == null) {
      result = fromSunJce(0);
      defaults = result;
    }
    return result;
  }

  private static DHParameterSpec fromSunJce(int bits) {
    KeyPairGenerator sunJce;
    try {
      sunJce = KeyPairGenerator.getInstance("DH", "SunJCE");
    } catch (GeneralSecurityException e) {
      throw new ProviderException("no SunJCE DH generator to take the groups from", e);
    }
    if (bits != 0) {
      sunJce.initialize(bits);
    }
    return ((DHPublicKey) sunJce.generateKeyPair().getPublic()).getParams();
  }
}
