package dev.carbide.pqc;

import static dev.carbide.pqc.PqcTesting.CARBIDE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.CarbideKem;
import dev.carbide.RawEncodedKeySpec;
import dev.carbide.cli.HybridAnswers;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hybrid KEMs through the Java 17 API (CarbideKem and the KeyFactory of raw key shares): sizes,
 * the draft's byte layout checked against ML-KEM and ECDH computed apart, key encodings, wrong
 * lengths and sets, tampered ciphertexts in either part, and one key pair shared by 8 threads.
 */
class HybridKemTest {
  private static final String[] SETS = {
    "X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024"
  };

  @BeforeAll
  static void available() {
    PqcTesting.assumePostQuantum();
  }

  private static KeyPair generate(String set) throws Exception {
    return KeyPairGenerator.getInstance(set, CARBIDE).generateKeyPair();
  }

  @ParameterizedTest
  @CsvSource({
    "X25519MLKEM768, 1216, 1120, 64",
    "SecP256r1MLKEM768, 1249, 1153, 64",
    "SecP384r1MLKEM1024, 1665, 1665, 80"
  })
  void roundTripsWithTheDraftsSizes(String set, int share, int ciphertext, int secret)
      throws Exception {
    KeyPair pair = generate(set);
    assertEquals(set, pair.getPublic().getAlgorithm());
    assertEquals("RAW", pair.getPublic().getFormat());
    assertEquals(share, pair.getPublic().getEncoded().length);
    CarbideKem kem = CarbideKem.of(set);
    CarbideKem.Encapsulated sent = kem.encapsulate(pair.getPublic());
    assertEquals(ciphertext, sent.ciphertext().length);
    assertEquals(secret, sent.secret().length);
    assertArrayEquals(sent.secret(), kem.decapsulate(pair.getPrivate(), sent.ciphertext()));
    CarbideKem.Encapsulated again = kem.encapsulate(pair.getPublic());
    assertFalse(Arrays.equals(sent.secret(), again.secret()));
  }

  /** The known-answer structure check of the self-test, which must hold for every set. */
  @ParameterizedTest
  @ValueSource(strings = {"X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024"})
  void secretIsTheComponentsInTheDraftsOrder(String set) throws Exception {
    byte[][] secrets =
        HybridAnswers.componentSecrets(
            CARBIDE,
            set,
            (provider, name, key) -> {
              CarbideKem.Encapsulated sent = CarbideKem.of(name).encapsulate(key);
              return new byte[][] {sent.ciphertext(), sent.secret()};
            });
    assertArrayEquals(secrets[0], secrets[1]);
  }

  @ParameterizedTest
  @ValueSource(strings = {"X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024"})
  void publicKeyShareImportsThroughTheRawSpec(String set) throws Exception {
    KeyPair pair = generate(set);
    KeyFactory factory = KeyFactory.getInstance(set, CARBIDE);
    PublicKey imported =
        factory.generatePublic(new RawEncodedKeySpec(pair.getPublic().getEncoded()));
    assertEquals(pair.getPublic(), imported);
    assertEquals(pair.getPublic().hashCode(), imported.hashCode());
    assertArrayEquals(
        pair.getPublic().getEncoded(),
        factory.getKeySpec(imported, RawEncodedKeySpec.class).getEncoded());
    CarbideKem.Encapsulated sent = CarbideKem.of(set).encapsulate(imported);
    assertArrayEquals(
        sent.secret(), CarbideKem.of(set).decapsulate(pair.getPrivate(), sent.ciphertext()));
    assertThrows(
        InvalidKeySpecException.class,
        () -> factory.generatePublic(new X509EncodedKeySpec(pair.getPublic().getEncoded())));
    assertThrows(
        InvalidKeySpecException.class,
        () -> factory.generatePrivate(new PKCS8EncodedKeySpec(new byte[48])));
  }

  @Test
  void x25519HybridPrivateKeyIsRawAndReimports() throws Exception {
    KeyPair pair = generate("X25519MLKEM768");
    PrivateKey key = pair.getPrivate();
    assertEquals("RAW", key.getFormat());
    byte[] raw = key.getEncoded();
    assertEquals(2432, raw.length);
    PrivateKey imported =
        KeyFactory.getInstance("X25519MLKEM768", CARBIDE)
            .generatePrivate(new RawEncodedKeySpec(raw));
    assertEquals(key, imported);
    CarbideKem kem = CarbideKem.of("X25519MLKEM768");
    CarbideKem.Encapsulated sent = kem.encapsulate(pair.getPublic());
    assertArrayEquals(sent.secret(), kem.decapsulate(imported, sent.ciphertext()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"SecP256r1MLKEM768", "SecP384r1MLKEM1024"})
  void nistCurvePrivateKeysStayNative(String set) throws Exception {
    KeyPair pair = generate(set);
    PrivateKey key = pair.getPrivate();
    assertNull(key.getFormat());
    assertNull(key.getEncoded());
    assertEquals(key, key);
    assertFalse(key.equals(generate(set).getPrivate()));
    KeyFactory factory = KeyFactory.getInstance(set, CARBIDE);
    InvalidKeySpecException refused =
        assertThrows(
            InvalidKeySpecException.class,
            () -> factory.generatePrivate(new RawEncodedKeySpec(new byte[64])));
    assertTrue(refused.getMessage().contains("cannot be imported"), refused.getMessage());
    assertThrows(
        InvalidKeySpecException.class, () -> factory.getKeySpec(key, RawEncodedKeySpec.class));
    ((javax.security.auth.Destroyable) key).destroy();
    assertThrows(IllegalStateException.class, key::getEncoded);
    assertThrows(
        InvalidKeyException.class,
        () -> CarbideKem.of(set).decapsulate(key, new byte[set.contains("384") ? 1665 : 1153]));
  }

  /**
   * KeyRep reads back no RAW public or private key, so hybrid keys write a serial form of their
   * own: public keys and X25519MLKEM768's private key come back equal and working; a NIST-curve
   * private key, which has no bytes to write, refuses with a reason.
   */
  @ParameterizedTest
  @ValueSource(strings = {"X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024"})
  void keysSurviveSerialization(String set) throws Exception {
    KeyPair pair = generate(set);
    PublicKey publicKey = (PublicKey) deserialize(serialize(pair.getPublic()));
    assertEquals(pair.getPublic(), publicKey);
    CarbideKem kem = CarbideKem.of(set);
    CarbideKem.Encapsulated sent = kem.encapsulate(publicKey);
    assertArrayEquals(sent.secret(), kem.decapsulate(pair.getPrivate(), sent.ciphertext()));
    if (pair.getPrivate().getEncoded() != null) {
      PrivateKey privateKey = (PrivateKey) deserialize(serialize(pair.getPrivate()));
      assertEquals(pair.getPrivate(), privateKey);
      assertArrayEquals(sent.secret(), kem.decapsulate(privateKey, sent.ciphertext()));
    } else {
      NotSerializableException refused =
          assertThrows(NotSerializableException.class, () -> serialize(pair.getPrivate()));
      assertTrue(refused.getMessage().contains("cannot be serialized"), refused.getMessage());
    }
  }

  @Test
  void serializedKeysOfTheWrongLengthAreRefused() throws Exception {
    for (HybridKeyRep rep :
        new HybridKeyRep[] {
          new HybridKeyRep("X25519MLKEM768", false, new byte[1215]),
          new HybridKeyRep("X25519MLKEM768", true, new byte[2431]),
          new HybridKeyRep("SecP256r1MLKEM768", true, new byte[64])
        }) {
      byte[] stream = serialize(rep);
      assertThrows(InvalidObjectException.class, () -> deserialize(stream));
    }
  }

  private static byte[] serialize(Object object) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(object);
    }
    return bytes.toByteArray();
  }

  private static Object deserialize(byte[] stream) throws IOException, ClassNotFoundException {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(stream))) {
      return in.readObject();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024"})
  void wrongLengthsAreRefused(String set) throws Exception {
    KeyPair pair = generate(set);
    byte[] share = pair.getPublic().getEncoded();
    KeyFactory factory = KeyFactory.getInstance(set, CARBIDE);
    for (byte[] wrong :
        new byte[][] {
          Arrays.copyOf(share, share.length - 1), Arrays.copyOf(share, share.length + 1), {}
        }) {
      InvalidKeySpecException e =
          assertThrows(
              InvalidKeySpecException.class,
              () -> factory.generatePublic(new RawEncodedKeySpec(wrong)));
      assertTrue(e.getMessage().contains("bytes, not " + wrong.length), e.getMessage());
    }
    CarbideKem kem = CarbideKem.of(set);
    byte[] ciphertext = kem.encapsulate(pair.getPublic()).ciphertext();
    for (int length : new int[] {0, ciphertext.length - 1, ciphertext.length + 1}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> kem.decapsulate(pair.getPrivate(), Arrays.copyOf(ciphertext, length)));
      assertEquals("Invalid key encapsulation message length", e.getMessage());
    }
  }

  @Test
  void keysOfAnotherSetOrFamilyAreRefused() throws Exception {
    KeyPair x25519 = generate("X25519MLKEM768");
    KeyPair p256 = generate("SecP256r1MLKEM768");
    KeyPair mlKem = PqcTesting.generate("ML-KEM-768");
    InvalidKeyException e =
        assertThrows(
            InvalidKeyException.class,
            () -> CarbideKem.of("SecP256r1MLKEM768").encapsulate(x25519.getPublic()));
    assertEquals("Expected a SecP256r1MLKEM768 key, not X25519MLKEM768", e.getMessage());
    assertThrows(
        InvalidKeyException.class,
        () -> CarbideKem.of("X25519MLKEM768").decapsulate(p256.getPrivate(), new byte[1120]));
    assertThrows(
        InvalidKeyException.class,
        () -> CarbideKem.of("X25519MLKEM768").encapsulate(mlKem.getPublic()));
    assertThrows(
        InvalidKeyException.class, () -> CarbideKem.of("ML-KEM").encapsulate(x25519.getPublic()));
    assertThrows(
        InvalidKeyException.class,
        () -> CarbideKem.of("ML-KEM-768").decapsulate(x25519.getPrivate(), new byte[1088]));
    assertThrows(
        InvalidKeyException.class,
        () -> KeyFactory.getInstance("X25519MLKEM768", CARBIDE).translateKey(p256.getPublic()));
  }

  /**
   * A tampered ML-KEM part is rejected implicitly (a different secret, no error); a tampered X25519
   * share is just another point (a different secret); a NIST-curve share that is not a point, or an
   * all-zero X25519 share, is refused by OpenSSL: ECDH has no implicit rejection.
   */
  @ParameterizedTest
  @CsvSource({"X25519MLKEM768, 0, 1088", "SecP256r1MLKEM768, 65, 0", "SecP384r1MLKEM1024, 97, 0"})
  void tamperedCiphertexts(String set, int mlKemStart, int classicalStart) throws Exception {
    KeyPair pair = generate(set);
    CarbideKem kem = CarbideKem.of(set);
    CarbideKem.Encapsulated sent = kem.encapsulate(pair.getPublic());
    byte[] mlKemTampered = sent.ciphertext().clone();
    mlKemTampered[mlKemStart + 5] ^= 1;
    byte[] rejected = kem.decapsulate(pair.getPrivate(), mlKemTampered);
    assertFalse(Arrays.equals(sent.secret(), rejected));
    assertArrayEquals(rejected, kem.decapsulate(pair.getPrivate(), mlKemTampered));

    byte[] classicalTampered = sent.ciphertext().clone();
    if (set.startsWith("X25519")) {
      classicalTampered[classicalStart + 3] ^= 1;
      assertFalse(
          Arrays.equals(sent.secret(), kem.decapsulate(pair.getPrivate(), classicalTampered)));
      Arrays.fill(classicalTampered, classicalStart, classicalStart + 32, (byte) 0);
    } else {
      classicalTampered[classicalStart] = 0x05; // not a point encoding
    }
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> kem.decapsulate(pair.getPrivate(), classicalTampered));
    assertTrue(e.getMessage().contains("classical share is invalid"), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024"})
  void eightThreadsShareOneKeyPair(String set) throws Exception {
    KeyPair pair = generate(set);
    CarbideKem kem = CarbideKem.of(set);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> results = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        results.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 20; i++) {
                    CarbideKem.Encapsulated sent = kem.encapsulate(pair.getPublic());
                    assertArrayEquals(
                        sent.secret(), kem.decapsulate(pair.getPrivate(), sent.ciphertext()));
                    assertEquals(
                        pair.getPublic(),
                        KeyFactory.getInstance(set, CARBIDE)
                            .generatePublic(new RawEncodedKeySpec(pair.getPublic().getEncoded())));
                  }
                  return null;
                }));
      }
      for (Future<?> result : results) {
        result.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void servicesAreRegisteredOnce() {
    for (String set : SETS) {
      assertEquals(set, CARBIDE.getService("KeyPairGenerator", set).getAlgorithm());
      assertEquals(set, CARBIDE.getService("KeyFactory", set).getAlgorithm());
    }
  }
}
