package dev.carbide.rsa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.security.AlgorithmParameters;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.RSAKeyGenParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Signatures both ways with SunRsaSign and SunJCE on random messages fed in random pieces, PSS
 * parameters resolved exactly as SunRsaSign resolves them (each scenario runs on both providers and
 * must end the same way), and bad input answered with SunRsaSign's exceptions.
 */
class RsaSignatureTest {
  private static final Random RANDOM = new Random(14);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "MD5withRSA",
        "SHA1withRSA",
        "SHA224withRSA",
        "SHA256withRSA",
        "SHA384withRSA",
        "SHA512withRSA",
        "SHA512/224withRSA",
        "SHA512/256withRSA",
        "SHA3-224withRSA",
        "SHA3-256withRSA",
        "SHA3-384withRSA",
        "SHA3-512withRSA"
      })
  void pkcs1SignaturesMatchSunRsaSignByteForByte(String algorithm) throws Exception {
    for (KeyPair pair : List.of(RsaTesting.carbide(), RsaTesting.jdk())) {
      for (int length : new int[] {0, 1, 64, 1023, 1025, 5000}) {
        byte[] message = new byte[length];
        RANDOM.nextBytes(message);
        byte[] carbide = sign(Carbide.provider(), algorithm, null, pair.getPrivate(), message);
        byte[] jdk = sign(RsaTesting.JDK_SIGN, algorithm, null, pair.getPrivate(), message);
        assertArrayEquals(jdk, carbide, algorithm + " over " + length + " bytes");
        assertTrue(verify(Carbide.provider(), algorithm, null, pair.getPublic(), message, jdk));
        message = message.length == 0 ? new byte[] {1} : message;
        message[0] ^= 1;
        assertFalse(verify(Carbide.provider(), algorithm, null, pair.getPublic(), message, jdk));
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"SHA-1", "SHA-256", "SHA-384", "SHA-512", "SHA3-256", "SHA-512/256"})
  void pssInteroperatesBothWays(String digest) throws Exception {
    for (int salt : new int[] {0, 20, 32, 64}) {
      for (String mgf : new String[] {digest, "SHA-1"}) {
        PSSParameterSpec params =
            new PSSParameterSpec(digest, "MGF1", new MGF1ParameterSpec(mgf), salt, 1);
        KeyPair pair = RsaTesting.carbide();
        byte[] message = new byte[RANDOM.nextInt(3000)];
        RANDOM.nextBytes(message);
        byte[] carbide = sign(Carbide.provider(), "RSASSA-PSS", params, pair.getPrivate(), message);
        assertTrue(
            verify(RsaTesting.JDK_SIGN, "RSASSA-PSS", params, pair.getPublic(), message, carbide));
        byte[] jdk = sign(RsaTesting.JDK_SIGN, "RSASSA-PSS", params, pair.getPrivate(), message);
        assertTrue(
            verify(Carbide.provider(), "RSASSA-PSS", params, pair.getPublic(), message, jdk));
        // The salt length is exact: another salt length refuses the signature.
        PSSParameterSpec other =
            new PSSParameterSpec(digest, "MGF1", new MGF1ParameterSpec(mgf), salt + 1, 1);
        assertFalse(
            verify(Carbide.provider(), "RSASSA-PSS", other, pair.getPublic(), message, jdk));
      }
    }
  }

  @Test
  void pssParametersTravelThroughAlgorithmParameters() throws Exception {
    PSSParameterSpec params =
        new PSSParameterSpec("SHA-384", "MGF1", MGF1ParameterSpec.SHA256, 40, 1);
    Signature carbide = Signature.getInstance("RSASSA-PSS", Carbide.provider());
    assertNull(carbide.getParameters());
    carbide.setParameter(params);
    AlgorithmParameters out = carbide.getParameters();
    // SunRsaSign reads them, through their encoding too.
    AlgorithmParameters decoded =
        AlgorithmParameters.getInstance("RSASSA-PSS", RsaTesting.JDK_SIGN);
    decoded.init(out.getEncoded());
    PSSParameterSpec read = decoded.getParameterSpec(PSSParameterSpec.class);
    assertEquals(params.toString(), read.toString());
    Signature jdk = Signature.getInstance("RSASSA-PSS", RsaTesting.JDK_SIGN);
    jdk.setParameter(read);
    KeyPair pair = RsaTesting.jdk();
    jdk.initSign(pair.getPrivate());
    jdk.update(new byte[10]);
    byte[] signature = jdk.sign();
    // And Carbide takes SunRsaSign's parameters object back.
    Signature verifier = Signature.getInstance("RSASSA-PSS", Carbide.provider());
    verifier.setParameter(jdk.getParameters().getParameterSpec(PSSParameterSpec.class));
    verifier.initVerify(pair.getPublic());
    verifier.update(new byte[10]);
    assertTrue(verifier.verify(signature));
  }

  /** One way of driving a PSS signature; each runs on both providers. */
  private interface Scenario {
    Object run(Provider provider) throws Exception;
  }

  @Test
  void pssParametersResolveAsInSunRsaSign() throws Exception {
    PSSParameterSpec sha256 =
        new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);
    PSSParameterSpec longerSalt =
        new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 48, 1);
    PSSParameterSpec shorterSalt =
        new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 20, 1);
    PSSParameterSpec sha384 =
        new PSSParameterSpec("SHA-384", "MGF1", MGF1ParameterSpec.SHA384, 48, 1);
    PSSParameterSpec hugeSalt =
        new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 300, 1);
    PSSParameterSpec badTrailer =
        new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 2);
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSASSA-PSS", RsaTesting.JDK_SIGN);
    generator.initialize(new RSAKeyGenParameterSpec(2048, RSAKeyGenParameterSpec.F4, sha256));
    KeyPair restricted = generator.generateKeyPair();
    KeyPair plain = RsaTesting.jdk();
    List<Scenario> scenarios = new ArrayList<>();
    // The key's own parameters alone are not enough: SunRsaSign wants setParameter.
    scenarios.add(p -> signWith(p, restricted.getPrivate(), null, null));
    scenarios.add(p -> signWith(p, restricted.getPrivate(), sha256, null));
    scenarios.add(p -> signWith(p, restricted.getPrivate(), null, sha256));
    scenarios.add(p -> signWith(p, restricted.getPrivate(), longerSalt, null));
    scenarios.add(p -> signWith(p, restricted.getPrivate(), shorterSalt, null));
    scenarios.add(p -> signWith(p, restricted.getPrivate(), null, shorterSalt));
    scenarios.add(p -> signWith(p, restricted.getPrivate(), sha384, null));
    scenarios.add(p -> signWith(p, restricted.getPrivate(), null, sha384));
    scenarios.add(p -> signWith(p, plain.getPrivate(), null, hugeSalt));
    scenarios.add(p -> signWith(p, plain.getPrivate(), hugeSalt, null));
    scenarios.add(p -> signWith(p, plain.getPrivate(), badTrailer, null));
    scenarios.add(p -> signWith(p, plain.getPrivate(), null, null));
    scenarios.add(p -> signWith(p, plain.getPrivate(), sha384, sha256));
    for (int i = 0; i < scenarios.size(); i++) {
      String jdk = outcome(scenarios.get(i), RsaTesting.JDK_SIGN);
      String carbide = outcome(scenarios.get(i), Carbide.provider());
      assertEquals(jdk, carbide, "scenario " + i);
    }
  }

  // Sets `before` before init and `after` after it (either may be null), then signs.
  private static Object signWith(
      Provider provider, PrivateKey key, PSSParameterSpec before, PSSParameterSpec after)
      throws Exception {
    Signature signature = Signature.getInstance("RSASSA-PSS", provider);
    if (before != null) {
      signature.setParameter(before);
    }
    signature.initSign(key);
    if (after != null) {
      signature.setParameter(after);
    }
    signature.update(new byte[3]);
    return signature.sign().length;
  }

  private static String outcome(Scenario scenario, Provider provider) {
    try {
      return "ok " + scenario.run(provider);
    } catch (Exception e) {
      return e.getClass().getName();
    }
  }

  @Test
  void badInputGetsSunRsaSignsExceptions() throws Exception {
    KeyPair pair = RsaTesting.carbide();
    for (String algorithm : new String[] {"SHA256withRSA", "RSASSA-PSS"}) {
      PSSParameterSpec params =
          algorithm.equals("RSASSA-PSS")
              ? new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1)
              : null;
      byte[] good = sign(Carbide.provider(), algorithm, params, pair.getPrivate(), new byte[5]);
      for (byte[] bad :
          new byte[][] {
            java.util.Arrays.copyOf(good, good.length - 1),
            java.util.Arrays.copyOf(good, good.length + 1),
            new byte[0]
          }) {
        SignatureException carbide =
            assertThrows(
                SignatureException.class,
                () ->
                    verify(
                        Carbide.provider(), algorithm, params, pair.getPublic(), new byte[5], bad));
        SignatureException jdk =
            assertThrows(
                SignatureException.class,
                () ->
                    verify(
                        RsaTesting.JDK_SIGN,
                        algorithm,
                        params,
                        pair.getPublic(),
                        new byte[5],
                        bad));
        assertEquals(jdk.getMessage(), carbide.getMessage());
      }
      // A value above the modulus is no signature.
      byte[] ones = new byte[good.length];
      java.util.Arrays.fill(ones, (byte) 0xff);
      assertFalse(
          verify(Carbide.provider(), algorithm, params, pair.getPublic(), new byte[5], ones));
      // After a refused signature the verifier still works.
      assertTrue(
          verify(Carbide.provider(), algorithm, params, pair.getPublic(), new byte[5], good));
      Signature fresh = Signature.getInstance(algorithm, Carbide.provider());
      assertThrows(SignatureException.class, () -> fresh.update(new byte[1]));
      assertThrows(SignatureException.class, fresh::sign);
      PublicKey ec = KeyPairGenerator.getInstance("EC").generateKeyPair().getPublic();
      assertThrows(java.security.InvalidKeyException.class, () -> fresh.initVerify(ec));
      PrivateKey ecPrivate = KeyPairGenerator.getInstance("EC").generateKeyPair().getPrivate();
      assertThrows(java.security.InvalidKeyException.class, () -> fresh.initSign(ecPrivate));
    }
    // A 512-bit key cannot hold a SHA-512 DigestInfo; SunRsaSign says so at init.
    KeyPair small = RsaTesting.generate(RsaTesting.JDK_SIGN, 512);
    Signature carbide = Signature.getInstance("SHA512withRSA", Carbide.provider());
    Signature jdk = Signature.getInstance("SHA512withRSA", RsaTesting.JDK_SIGN);
    assertEquals(
        assertThrows(
                java.security.InvalidKeyException.class, () -> jdk.initSign(small.getPrivate()))
            .getMessage(),
        assertThrows(
                java.security.InvalidKeyException.class, () -> carbide.initSign(small.getPrivate()))
            .getMessage());
  }

  @Test
  void noneWithRsaMatchesSunJce() throws Exception {
    KeyPair pair = RsaTesting.carbide();
    Provider sunJce = RsaTesting.JDK_CIPHER;
    for (int length : new int[] {0, 36, 51, 245}) {
      byte[] data = new byte[length];
      RANDOM.nextBytes(data);
      byte[] carbide = sign(Carbide.provider(), "NONEwithRSA", null, pair.getPrivate(), data);
      assertArrayEquals(sign(sunJce, "NONEwithRSA", null, pair.getPrivate(), data), carbide);
      assertTrue(verify(sunJce, "NONEwithRSA", null, pair.getPublic(), data, carbide));
      assertTrue(verify(Carbide.provider(), "NONEwithRSA", null, pair.getPublic(), data, carbide));
      assertFalse(
          verify(
              Carbide.provider(), "NONEwithRSA", null, pair.getPublic(), new byte[] {9}, carbide));
      assertFalse(
          verify(Carbide.provider(), "NONEwithRSA", null, pair.getPublic(), data, new byte[3]));
    }
    assertThrows(
        SignatureException.class,
        () -> sign(Carbide.provider(), "NONEwithRSA", null, pair.getPrivate(), new byte[246]));
  }

  static byte[] sign(
      Provider provider, String algorithm, PSSParameterSpec params, PrivateKey key, byte[] message)
      throws Exception {
    Signature signature = Signature.getInstance(algorithm, provider);
    if (params != null) {
      signature.setParameter(params);
    }
    signature.initSign(key, new SecureRandom());
    feed(signature, message);
    return signature.sign();
  }

  static boolean verify(
      Provider provider,
      String algorithm,
      PSSParameterSpec params,
      PublicKey key,
      byte[] message,
      byte[] sig)
      throws Exception {
    Signature signature = Signature.getInstance(algorithm, provider);
    if (params != null) {
      signature.setParameter(params);
    }
    signature.initVerify(key);
    feed(signature, message);
    return signature.verify(sig);
  }

  // Random pieces, single bytes among them, so buffering and streaming both run.
  private static void feed(Signature signature, byte[] message) throws SignatureException {
    int at = 0;
    while (at < message.length) {
      int piece = Math.min(message.length - at, RANDOM.nextInt(1500) + 1);
      if (piece == 1) {
        signature.update(message[at]);
      } else {
        signature.update(message, at, piece);
      }
      at += piece;
    }
  }
}
