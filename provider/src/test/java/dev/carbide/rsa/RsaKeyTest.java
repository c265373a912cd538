package dev.carbide.rsa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.TestVectors;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigInteger;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.RSAMultiPrimePrivateCrtKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.RSAKeyGenParameterSpec;
import java.security.spec.RSAMultiPrimePrivateCrtKeySpec;
import java.security.spec.RSAOtherPrimeInfo;
import java.security.spec.RSAPrivateCrtKeySpec;
import java.security.spec.RSAPrivateKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import javax.crypto.Cipher;
import javax.security.auth.Destroyable;
import org.junit.jupiter.api.Test;

/**
 * RSA keys: generation, every spec and encoding both ways against SunRsaSign, serialization,
 * destroy, translation and its cache, and the JDK's checks and exceptions on bad keys.
 */
class RsaKeyTest {
  private static final PSSParameterSpec PSS_SHA256 =
      new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);

  @Test
  void generatedKeysAreCrtKeysThatSunRsaSignReads() throws Exception {
    KeyPair pair = RsaTesting.carbide();
    RSAPublicKey pub = assertInstanceOf(RSAPublicKey.class, pair.getPublic());
    RSAPrivateCrtKey priv = assertInstanceOf(RSAPrivateCrtKey.class, pair.getPrivate());
    assertEquals(2048, pub.getModulus().bitLength());
    assertEquals(RSAKeyGenParameterSpec.F4, pub.getPublicExponent());
    assertEquals(pub.getModulus(), priv.getModulus());
    assertEquals(priv.getPrimeP().multiply(priv.getPrimeQ()), priv.getModulus());
    BigInteger pMinusOne = priv.getPrimeP().subtract(BigInteger.ONE);
    assertEquals(
        BigInteger.ONE, pub.getPublicExponent().multiply(priv.getPrivateExponent()).mod(pMinusOne));
    assertEquals(
        priv.getPrivateExponent().mod(priv.getPrimeP().subtract(BigInteger.ONE)),
        priv.getPrimeExponentP());
    assertEquals(priv.getPrimeQ().modInverse(priv.getPrimeP()), priv.getCrtCoefficient());
    KeyFactory jdk = KeyFactory.getInstance("RSA", RsaTesting.JDK_SIGN);
    RSAPublicKey jdkPub =
        (RSAPublicKey) jdk.generatePublic(new X509EncodedKeySpec(pub.getEncoded()));
    RSAPrivateCrtKey jdkPriv =
        (RSAPrivateCrtKey) jdk.generatePrivate(new PKCS8EncodedKeySpec(priv.getEncoded()));
    assertEquals(pub.getModulus(), jdkPub.getModulus());
    assertEquals(priv.getPrivateExponent(), jdkPriv.getPrivateExponent());
    assertEquals(jdkPub, pub);
    assertEquals(pub, jdkPub);
    assertEquals(priv, jdkPriv);
    assertEquals("X.509", pub.getFormat());
    assertEquals("PKCS#8", priv.getFormat());
    assertEquals("RSA", pub.getAlgorithm());
  }

  @Test
  void everySpecRoundTripsAgainstSunRsaSign() throws Exception {
    KeyPair jdkPair = RsaTesting.jdk();
    KeyFactory carbide = KeyFactory.getInstance("RSA", Carbide.provider());
    KeyFactory jdk = KeyFactory.getInstance("RSA", RsaTesting.JDK_SIGN);
    RSAPublicKeySpec pubSpec = jdk.getKeySpec(jdkPair.getPublic(), RSAPublicKeySpec.class);
    RSAPrivateCrtKeySpec crtSpec = jdk.getKeySpec(jdkPair.getPrivate(), RSAPrivateCrtKeySpec.class);
    PublicKey fromSpec = carbide.generatePublic(pubSpec);
    PrivateKey fromCrt = carbide.generatePrivate(crtSpec);
    assertArrayEquals(jdkPair.getPublic().getEncoded(), fromSpec.getEncoded());
    assertArrayEquals(jdkPair.getPrivate().getEncoded(), fromCrt.getEncoded());
    assertArrayEquals(
        jdkPair.getPublic().getEncoded(),
        carbide
            .generatePublic(new X509EncodedKeySpec(jdkPair.getPublic().getEncoded()))
            .getEncoded());
    assertArrayEquals(
        jdkPair.getPrivate().getEncoded(),
        carbide
            .generatePrivate(new PKCS8EncodedKeySpec(jdkPair.getPrivate().getEncoded()))
            .getEncoded());
    RSAPrivateCrtKeySpec back = carbide.getKeySpec(fromCrt, RSAPrivateCrtKeySpec.class);
    assertEquals(crtSpec.getPrimeQ(), back.getPrimeQ());
    assertEquals(crtSpec.getCrtCoefficient(), back.getCrtCoefficient());
    RSAPrivateKeySpec plain = carbide.getKeySpec(fromCrt, RSAPrivateKeySpec.class);
    assertEquals(crtSpec.getPrivateExponent(), plain.getPrivateExponent());
    assertEquals(
        pubSpec.getModulus(), carbide.getKeySpec(fromSpec, RSAPublicKeySpec.class).getModulus());
    // A foreign key's spec comes out of Carbide's factory too, and a Carbide key's out of the
    // JDK's.
    assertEquals(
        crtSpec.getPrimeP(),
        carbide.getKeySpec(jdkPair.getPrivate(), RSAPrivateCrtKeySpec.class).getPrimeP());
    assertEquals(
        crtSpec.getPrimeP(), jdk.getKeySpec(fromCrt, RSAPrivateCrtKeySpec.class).getPrimeP());
    assertInstanceOf(RsaPrivateCrtKeyImpl.class, carbide.translateKey(jdkPair.getPrivate()));
    assertInstanceOf(RsaPublicKeyImpl.class, carbide.translateKey(jdkPair.getPublic()));
  }

  @Test
  void aNonCrtPrivateKeyIsLeftToTheJdk() throws Exception {
    KeyPair jdkPair = RsaTesting.jdk();
    RSAPrivateCrtKey crt = (RSAPrivateCrtKey) jdkPair.getPrivate();
    KeyFactory carbide = KeyFactory.getInstance("RSA", Carbide.provider());
    PrivateKey plain =
        carbide.generatePrivate(new RSAPrivateKeySpec(crt.getModulus(), crt.getPrivateExponent()));
    Signature carbideSigner = Signature.getInstance("SHA256withRSA", Carbide.provider());
    assertThrows(InvalidKeyException.class, () -> carbideSigner.initSign(plain));
    // Delayed provider selection falls through to SunRsaSign, which signs with it.
    Signature any = Signature.getInstance("SHA256withRSA");
    any.initSign(plain);
    any.update(new byte[] {1, 2, 3});
    byte[] signature = any.sign();
    Signature verifier = Signature.getInstance("SHA256withRSA", Carbide.provider());
    verifier.initVerify(jdkPair.getPublic());
    verifier.update(new byte[] {1, 2, 3});
    assertTrue(verifier.verify(signature));
  }

  @Test
  void multiPrimeKeysRoundTrip() throws Exception {
    // The three-prime key of a Wycheproof file (SunRsaSign reads no multi-prime PKCS#8).
    var test = TestVectors.wycheproof("rsa_three_primes_oaep_2048_sha1_mgf1sha1_test.json").get(0);
    byte[] pkcs8 = TestVectors.hex(test.group().get("privateKeyPkcs8").asText());
    KeyFactory carbide = KeyFactory.getInstance("RSA", Carbide.provider());
    RSAMultiPrimePrivateCrtKey multi =
        assertInstanceOf(
            RSAMultiPrimePrivateCrtKey.class,
            carbide.generatePrivate(new PKCS8EncodedKeySpec(pkcs8)));
    RSAOtherPrimeInfo[] others = multi.getOtherPrimeInfo();
    assertEquals(1, others.length);
    BigInteger product =
        multi.getPrimeP().multiply(multi.getPrimeQ()).multiply(others[0].getPrime());
    assertEquals(multi.getModulus(), product);
    RSAMultiPrimePrivateCrtKeySpec spec =
        carbide.getKeySpec(multi, RSAMultiPrimePrivateCrtKeySpec.class);
    assertArrayEquals(pkcs8, carbide.generatePrivate(spec).getEncoded());
    // It decrypts the file's first valid ciphertext.
    Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPPadding", Carbide.provider());
    cipher.init(Cipher.DECRYPT_MODE, multi);
    for (var valid : TestVectors.wycheproof("rsa_three_primes_oaep_2048_sha1_mgf1sha1_test.json")) {
      if (valid.result().equals("valid") && valid.test().path("label").asText().isEmpty()) {
        assertArrayEquals(valid.bytes("msg"), cipher.doFinal(valid.bytes("ct")));
        return;
      }
    }
    throw new AssertionError("no valid case without a label");
  }

  @Test
  void pssKeysCarryTheirParameters() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSASSA-PSS", Carbide.provider());
    generator.initialize(new RSAKeyGenParameterSpec(2048, RSAKeyGenParameterSpec.F4, PSS_SHA256));
    KeyPair pair = generator.generateKeyPair();
    assertEquals("RSASSA-PSS", pair.getPublic().getAlgorithm());
    assertEquals(PSS_SHA256, ((RSAPublicKey) pair.getPublic()).getParams());
    // The parameters are in the encodings too, where SunRsaSign reads them.
    KeyFactory jdkPss = KeyFactory.getInstance("RSASSA-PSS", RsaTesting.JDK_SIGN);
    RSAPublicKey read =
        (RSAPublicKey) jdkPss.generatePublic(new X509EncodedKeySpec(pair.getPublic().getEncoded()));
    RSAPrivateCrtKey readPrivate =
        (RSAPrivateCrtKey)
            jdkPss.generatePrivate(new PKCS8EncodedKeySpec(pair.getPrivate().getEncoded()));
    assertEquals(PSS_SHA256.toString(), String.valueOf(read.getParams()));
    assertEquals(PSS_SHA256.toString(), String.valueOf(readPrivate.getParams()));
    // And so are those of a key made from a spec.
    RSAPublicKey fromSpec =
        (RSAPublicKey)
            KeyFactory.getInstance("RSASSA-PSS", Carbide.provider())
                .generatePublic(
                    new RSAPublicKeySpec(read.getModulus(), read.getPublicExponent(), PSS_SHA256));
    assertArrayEquals(read.getEncoded(), fromSpec.getEncoded());
    // A PSS key from SunRsaSign, parameters in its encoding, read by Carbide's factory.
    KeyPairGenerator jdkGenerator = KeyPairGenerator.getInstance("RSASSA-PSS", RsaTesting.JDK_SIGN);
    jdkGenerator.initialize(
        new RSAKeyGenParameterSpec(2048, RSAKeyGenParameterSpec.F4, PSS_SHA256));
    KeyPair jdkPair = jdkGenerator.generateKeyPair();
    KeyFactory factory = KeyFactory.getInstance("RSASSA-PSS", Carbide.provider());
    RSAPublicKey pub =
        (RSAPublicKey)
            factory.generatePublic(new X509EncodedKeySpec(jdkPair.getPublic().getEncoded()));
    RSAPrivateCrtKey priv =
        (RSAPrivateCrtKey)
            factory.generatePrivate(new PKCS8EncodedKeySpec(jdkPair.getPrivate().getEncoded()));
    assertEquals(PSS_SHA256.toString(), String.valueOf(pub.getParams()));
    assertEquals(PSS_SHA256.toString(), String.valueOf(priv.getParams()));
    assertArrayEquals(jdkPair.getPublic().getEncoded(), pub.getEncoded());
    // An unrestricted PSS key has no parameters; an RSA factory refuses a PSS encoding.
    KeyPair plainPss =
        KeyPairGenerator.getInstance("RSASSA-PSS", Carbide.provider()).generateKeyPair();
    assertNull(((RSAPublicKey) plainPss.getPublic()).getParams());
    KeyFactory rsaFactory = KeyFactory.getInstance("RSA", Carbide.provider());
    assertThrows(
        InvalidKeySpecException.class,
        () -> rsaFactory.generatePublic(new X509EncodedKeySpec(jdkPair.getPublic().getEncoded())));
  }

  @Test
  void keysSerializeThroughTheirEncodings() throws Exception {
    KeyPair pair = RsaTesting.carbide();
    for (Key key : new Key[] {pair.getPublic(), pair.getPrivate()}) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject(key);
      }
      Object back;
      try (ObjectInputStream in =
          new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
        back = in.readObject();
      }
      assertArrayEquals(key.getEncoded(), ((Key) back).getEncoded());
    }
  }

  @Test
  void destroyedKeysRefuseToWork() throws Exception {
    KeyFactory factory = KeyFactory.getInstance("RSA", Carbide.provider());
    PrivateKey key =
        factory.generatePrivate(
            new PKCS8EncodedKeySpec(RsaTesting.jdk().getPrivate().getEncoded()));
    Signature signer = Signature.getInstance("SHA256withRSA", Carbide.provider());
    signer.initSign(key);
    ((Destroyable) key).destroy();
    assertTrue(((Destroyable) key).isDestroyed());
    // The signature holds its own native reference and still signs.
    signer.update(new byte[] {1});
    assertEquals(256, signer.sign().length);
    assertThrows(InvalidKeyException.class, () -> signer.initSign(key));
    assertThrows(IllegalStateException.class, ((RSAPrivateCrtKey) key)::getPrimeP);
  }

  /**
   * SunJSSE's TLS 1.3 CertificateVerify with an RSA certificate: a fresh RSASSA-PSS Signature per
   * handshake, parameters set before initSign, and the key manager's key, a SunRsaSign key when the
   * key store was loaded before Carbide was installed. Each initSign must find the cached
   * translation (a new one would replace it in the cache), and the signatures must verify.
   */
  @Test
  void freshPssSignaturesWithAForeignKeyReuseItsTranslation() throws Exception {
    KeyPair jdk = RsaTesting.jdk();
    RsaPrivateCrtKeyImpl translated = RsaKeys.toPrivate(jdk.getPrivate());
    PSSParameterSpec pss = new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);
    byte[] message = new byte[130];
    for (int i = 0; i < 5; i++) {
      Signature signer = Signature.getInstance("RSASSA-PSS", Carbide.provider());
      signer.setParameter(pss);
      signer.initSign(jdk.getPrivate());
      signer.update(message);
      byte[] signature = signer.sign();
      Signature verifier = Signature.getInstance("RSASSA-PSS", RsaTesting.JDK_SIGN);
      verifier.setParameter(pss);
      verifier.initVerify(jdk.getPublic());
      verifier.update(message);
      assertTrue(verifier.verify(signature), "signature " + i);
    }
    assertSame(translated, RsaKeys.toPrivate(jdk.getPrivate()));
  }

  @Test
  void foreignKeysAreTranslatedOncePerKeyObject() throws Exception {
    PrivateKey jdkKey = RsaTesting.jdk().getPrivate();
    RsaPrivateCrtKeyImpl first = RsaKeys.toPrivate(jdkKey);
    assertSame(first, RsaKeys.toPrivate(jdkKey));
    PrivateKey copy =
        KeyFactory.getInstance("RSA", RsaTesting.JDK_SIGN)
            .generatePrivate(new PKCS8EncodedKeySpec(jdkKey.getEncoded()));
    assertNotSame(first, RsaKeys.toPrivate(copy));
    PublicKey jdkPublic = RsaTesting.jdk().getPublic();
    assertSame(RsaKeys.toPublic(jdkPublic), RsaKeys.toPublic(jdkPublic));
  }

  @Test
  void badKeysGetTheJdksExceptions() throws Exception {
    KeyFactory factory = KeyFactory.getInstance("RSA", Carbide.provider());
    BigInteger small = BigInteger.ONE.shiftLeft(300).add(BigInteger.ONE);
    InvalidKeySpecException tooSmall =
        assertThrows(
            InvalidKeySpecException.class,
            () -> factory.generatePublic(new RSAPublicKeySpec(small, BigInteger.valueOf(3))));
    assertEquals("RSA keys must be at least 512 bits long", tooSmall.getMessage());
    RSAPublicKey pub = (RSAPublicKey) RsaTesting.jdk().getPublic();
    assertThrows(
        InvalidKeySpecException.class,
        () -> factory.generatePublic(new RSAPublicKeySpec(pub.getModulus(), BigInteger.ONE)));
    assertThrows(
        InvalidKeySpecException.class,
        () -> factory.generatePublic(new RSAPublicKeySpec(pub.getModulus(), pub.getModulus())));
    assertThrows(
        InvalidKeySpecException.class,
        () -> factory.generatePublic(new X509EncodedKeySpec(new byte[] {0x30, 0x03, 1, 2, 3})));
    assertThrows(
        InvalidKeySpecException.class,
        () -> factory.generatePrivate(new PKCS8EncodedKeySpec(new byte[10])));
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA", Carbide.provider());
    InvalidAlgorithmParameterException even =
        assertThrows(
            InvalidAlgorithmParameterException.class,
            () ->
                generator.initialize(new RSAKeyGenParameterSpec(2048, BigInteger.valueOf(65538))));
    assertEquals("Public exponent must be an odd number", even.getMessage());
    InvalidParameterException tiny =
        assertThrows(InvalidParameterException.class, () -> generator.initialize(256));
    InvalidParameterException jdkTiny =
        assertThrows(
            InvalidParameterException.class,
            () -> KeyPairGenerator.getInstance("RSA", RsaTesting.JDK_SIGN).initialize(256));
    assertEquals(jdkTiny.getMessage(), tiny.getMessage());
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> generator.initialize(new RSAKeyGenParameterSpec(2048, BigInteger.ONE)));
    // A key of another type is no RSA key.
    PublicKey ec = KeyPairGenerator.getInstance("EC").generateKeyPair().getPublic();
    assertThrows(InvalidKeyException.class, () -> factory.translateKey(ec));
    assertThrows(
        InvalidKeySpecException.class,
        () -> factory.generatePublic(new X509EncodedKeySpec(ec.getEncoded())));
  }

  @Test
  void mismatchedCrtComponentsNeverLeakABadCrtResult() throws Exception {
    RSAPrivateCrtKey a = (RSAPrivateCrtKey) RsaTesting.jdk().getPrivate();
    RSAPrivateCrtKey b = (RSAPrivateCrtKey) RsaTesting.carbide().getPrivate();
    // The modulus and exponents of one key with the primes of another.
    PrivateKey mixed =
        KeyFactory.getInstance("RSA", Carbide.provider())
            .generatePrivate(
                new RSAPrivateCrtKeySpec(
                    a.getModulus(),
                    a.getPublicExponent(),
                    a.getPrivateExponent(),
                    b.getPrimeP(),
                    b.getPrimeQ(),
                    b.getPrimeExponentP(),
                    b.getPrimeExponentQ(),
                    b.getCrtCoefficient()));
    Signature signer = Signature.getInstance("SHA256withRSA", Carbide.provider());
    signer.initSign(mixed);
    signer.update(new byte[] {1, 2, 3});
    byte[] signature;
    try {
      signature = signer.sign();
    } catch (java.security.SignatureException e) {
      return; // refused outright: as good as an invalid signature
    }
    Signature verifier = Signature.getInstance("SHA256withRSA", RsaTesting.JDK_SIGN);
    verifier.initVerify(RsaTesting.jdk().getPublic());
    verifier.update(new byte[] {1, 2, 3});
    // OpenSSL checks a CRT result against the public exponent and recomputes a wrong one with d,
    // so a faulty result (which would reveal a prime) never leaves: the signature is the right one.
    assertTrue(verifier.verify(signature));
  }

  @Test
  void aPssKeyCannotMakePkcs1Signatures() throws Exception {
    KeyPair pss = KeyPairGenerator.getInstance("RSASSA-PSS", Carbide.provider()).generateKeyPair();
    Signature pkcs1 = Signature.getInstance("SHA256withRSA", Carbide.provider());
    assertThrows(InvalidKeyException.class, () -> pkcs1.initSign(pss.getPrivate()));
    Cipher cipher = Cipher.getInstance("RSA/ECB/PKCS1Padding", Carbide.provider());
    assertThrows(
        InvalidKeyException.class, () -> cipher.init(Cipher.ENCRYPT_MODE, pss.getPublic()));
  }

  @Test
  void anOddExponentAboveF4Generates() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA", Carbide.provider());
    BigInteger e = BigInteger.valueOf(65539);
    generator.initialize(new RSAKeyGenParameterSpec(2048, e));
    assertEquals(e, ((RSAPublicKey) generator.generateKeyPair().getPublic()).getPublicExponent());
  }
}
