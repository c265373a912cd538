package dev.carbide.dh;

import dev.carbide.keys.NativeKey;
import dev.carbide.keys.NativeKeyAgreement;
import dev.carbide.keys.NativePrivateKey;
import dev.carbide.keys.NativePublicKey;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.List;
import javax.crypto.SecretKey;
import javax.crypto.spec.DHParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * KeyAgreement "DiffieHellman" between two parties, with SunJCE's contract: the secret is as long
 * as p, with leading zeros kept; {@code generateSecret("TlsPremasterSecret")} strips them (RFC 5246
 * 8.1.2) and no other secret key algorithm is offered. The peer's y must lie in [2, p - 2], and in
 * the prime-order subgroup where the group's order is known (stricter than SunJCE, which checks
 * only the range).
 */
final class DhKeyAgreement extends NativeKeyAgreement {
  private int secretSize;

  @Override
  protected NativePrivateKey ownKey(Key key) throws InvalidKeyException {
    DhPrivateKeyImpl own = DhKeys.toPrivate(key);
    secretSize = (own.getParams().getP().bitLength() + 7) / 8;
    return own;
  }

  /**
   * The peer, whose y OpenSSL range-checks at derivation; the subgroup check, which OpenSSL's quick
   * peer check leaves out, runs here where the group's order is known (the FFDHE groups TLS uses).
   */
  @Override
  protected NativePublicKey peerKey(Key key) throws InvalidKeyException {
    DhPublicKeyImpl peer = DhKeys.toPublic(key);
    peer.checkSubgroup();
    return peer;
  }

  /** The group, compared by p and g (the private value length does not matter). */
  @Override
  protected Object curveOf(NativeKey key) {
    DHParameterSpec params =
        key instanceof DhPublicKeyImpl pub ? pub.getParams() : ((DhPrivateKeyImpl) key).getParams();
    return new Group(params);
  }

  @Override
  protected void engineInit(Key key, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    if (params != null && !(params instanceof DHParameterSpec)) {
      throw new InvalidAlgorithmParameterException("Diffie-Hellman parameters expected");
    }
    if (params instanceof DHParameterSpec dh
        && key instanceof java.security.PrivateKey
        && !new Group(dh).equals(new Group(DhKeys.toPrivate(key).getParams()))) {
      throw new InvalidKeyException("Incompatible parameters");
    }
    engineInit(key, random);
  }

  @Override
  protected byte[] shapeSecret(byte[] derived) {
    if (derived.length >= secretSize) {
      return derived;
    }
    byte[] padded = new byte[secretSize];
    System.arraycopy(derived, 0, padded, secretSize - derived.length, derived.length);
    Arrays.fill(derived, (byte) 0);
    return padded;
  }

  @Override
  protected SecretKey engineGenerateSecret(String algorithm) throws NoSuchAlgorithmException {
    if (algorithm == null) {
      throw new NoSuchAlgorithmException("null algorithm");
    }
    if (!algorithm.equalsIgnoreCase("TlsPremasterSecret")) {
      throw new NoSuchAlgorithmException("Unsupported secret key algorithm: " + algorithm);
    }
    byte[] secret = engineGenerateSecret();
    try {
      int zeros = 0;
      while (zeros < secret.length - 1 && secret[zeros] == 0) {
        zeros++;
      }
      return new SecretKeySpec(secret, zeros, secret.length - zeros, "TlsPremasterSecret");
    } finally {
      Arrays.fill(secret, (byte) 0);
    }
  }

  private record Group(List<Object> pg) {
    Group(DHParameterSpec params) {
      this(List.of(params.getP(), params.getG()));
    }

    @Override
    public String toString() {
      return "a " + ((java.math.BigInteger) pg.get(0)).bitLength() + "-bit group";
    }
  }
}
