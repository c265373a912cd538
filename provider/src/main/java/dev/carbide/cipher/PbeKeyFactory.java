package dev.carbide.cipher;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.spec.PBEKeySpec;

/**
 * SecretKeyFactory PBEWith&lt;prf&gt;AndAES_&lt;bits&gt;: a PBEKeySpec's password to a {@link
 * PbeKey} (UTF-8), as SunJCE's PBEKeyFactory. Only the password counts: salt and iteration count
 * belong to the cipher's parameters. It takes back the keys of every PBE name SunJCE's factories
 * take back. One difference: {@code getKeySpec} decodes the password from UTF-8, where SunJCE keeps
 * the low seven bits of each byte, so a non-ASCII password survives the round trip here.
 */
final class PbeKeyFactory extends SecretKeyFactorySpi {
  private static final Set<String> PBE_NAMES =
      Set.of(
          "PBEWITHMD5ANDDES",
          "PBEWITHSHA1ANDDESEDE",
          "PBEWITHSHA1ANDRC2_40",
          "PBEWITHSHA1ANDRC2_128",
          "PBEWITHSHA1ANDRC4_40",
          "PBEWITHSHA1ANDRC4_128",
          "PBEWITHMD5ANDTRIPLEDES");

  private final String algorithm;

  PbeKeyFactory(String algorithm) {
    this.algorithm = algorithm;
  }

  /** A PBE name SunJCE's PBEKeyFactory takes: PBES1's, or a PBES2 cipher's. */
  private static boolean isPbeName(String name) {
    String upper = name.toUpperCase(Locale.ENGLISH);
    if (PBE_NAMES.contains(upper)) {
      return true;
    }
    for (Pbes2Prf prf : Pbes2Prf.values()) {
      String prefix = "PBEWITH" + prf.jcaName.toUpperCase(Locale.ENGLISH) + "ANDAES_";
      if (upper.equals(prefix + "128") || upper.equals(prefix + "256")) {
        return true;
      }
    }
    return false;
  }

  @Override
  protected SecretKey engineGenerateSecret(KeySpec keySpec) throws InvalidKeySpecException {
    if (!(keySpec instanceof PBEKeySpec spec)) {
      throw new InvalidKeySpecException("Invalid key spec");
    }
    char[] password = spec.getPassword();
    if (password == null) {
      password = new char[0]; // an empty password is allowed
    }
    try {
      return new PbeKey(algorithm, PasswordBytes.utf8(password));
    } finally {
      Arrays.fill(password, '\0');
    }
  }

  @Override
  protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec)
      throws InvalidKeySpecException {
    if (key == null || !isPbeName(key.getAlgorithm()) || !"RAW".equalsIgnoreCase(key.getFormat())) {
      throw new InvalidKeySpecException("Invalid key format/algorithm");
    }
    if (keySpec == null || !keySpec.isAssignableFrom(PBEKeySpec.class)) {
      throw new InvalidKeySpecException("Invalid key spec");
    }
    byte[] bytes = key.getEncoded();
    CharBuffer decoded = StandardCharsets.UTF_8.decode(ByteBuffer.wrap(bytes));
    char[] password = new char[decoded.remaining()];
    decoded.get(password);
    try {
      return new PBEKeySpec(password); // which copies it
    } finally {
      Arrays.fill(decoded.array(), '\0');
      Arrays.fill(password, '\0');
      Arrays.fill(bytes, (byte) 0);
    }
  }

  @Override
  protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
    if (key == null || !isPbeName(key.getAlgorithm()) || !"RAW".equalsIgnoreCase(key.getFormat())) {
      throw new InvalidKeyException("Invalid key format/algorithm");
    }
    if (key instanceof PbeKey) {
      return key;
    }
    try {
      PBEKeySpec spec = (PBEKeySpec) engineGetKeySpec(key, PBEKeySpec.class);
      try {
        return engineGenerateSecret(spec);
      } finally {
        spec.clearPassword();
      }
    } catch (InvalidKeySpecException e) {
      throw new InvalidKeyException("Cannot translate key: " + e.getMessage(), e);
    }
  }
}
