package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.testing.Carbide;
import java.io.IOException;
import java.security.AlgorithmParameters;
import java.security.Provider;
import java.security.spec.InvalidParameterSpecException;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * AES/GCM-SIV's getParameters() names its mode ("GCM-SIV", not "GCM"), encodes as Bouncy Castle
 * encodes GCM-SIV's parameters (RFC 5084's structure with the 16-byte tag), and round-trips through
 * init(..., AlgorithmParameters), as do "GCM" parameters holding the same spec.
 */
class GcmSivParametersTest {
  private static final Provider CARBIDE = Carbide.provider();
  private static final Provider BC = new BouncyCastleProvider();
  private static final SecretKeySpec KEY = new SecretKeySpec(new byte[16], "AES");
  private static final byte[] NONCE = HexFormat.of().parseHex("030000000000000000000000");
  private static final byte[] PLAIN = "a message".getBytes();

  // GCM-SIV needs OpenSSL 3.2: not served on the system OpenSSL 3.0 of the JDK 17 pass.
  @BeforeAll
  static void served() {
    OneShotWycheproofTest.assumeServed("AES/GCM-SIV/NoPadding");
  }

  @Test
  void parametersNameTheModeAndRoundTrip() throws Exception {
    Cipher encrypt = Cipher.getInstance("AES/GCM-SIV/NoPadding", CARBIDE);
    encrypt.init(Cipher.ENCRYPT_MODE, KEY); // a random nonce
    byte[] sealed = encrypt.doFinal(PLAIN);
    AlgorithmParameters parameters = encrypt.getParameters();
    assertEquals("GCM-SIV", parameters.getAlgorithm());
    GCMParameterSpec spec = parameters.getParameterSpec(GCMParameterSpec.class);
    assertEquals(128, spec.getTLen());
    assertEquals(12, spec.getIV().length);

    Cipher decrypt = Cipher.getInstance("AES/GCM-SIV/NoPadding", CARBIDE);
    decrypt.init(Cipher.DECRYPT_MODE, KEY, parameters);
    assertArrayEquals(PLAIN, decrypt.doFinal(sealed));

    // Through the encoding, and through "GCM" parameters of the same spec.
    AlgorithmParameters decoded = AlgorithmParameters.getInstance("GCM-SIV", CARBIDE);
    decoded.init(parameters.getEncoded());
    decrypt.init(Cipher.DECRYPT_MODE, KEY, decoded);
    assertArrayEquals(PLAIN, decrypt.doFinal(sealed));
    AlgorithmParameters gcm = AlgorithmParameters.getInstance("GCM");
    gcm.init(spec);
    decrypt.init(Cipher.DECRYPT_MODE, KEY, gcm);
    assertArrayEquals(PLAIN, decrypt.doFinal(sealed));
  }

  @Test
  void encodingIsBouncyCastles() throws Exception {
    GCMParameterSpec spec = new GCMParameterSpec(128, NONCE);
    Cipher ours = Cipher.getInstance("AES/GCM-SIV/NoPadding", CARBIDE);
    ours.init(Cipher.ENCRYPT_MODE, KEY, spec);
    Cipher theirs = Cipher.getInstance("AES/GCM-SIV/NoPadding", BC);
    theirs.init(Cipher.ENCRYPT_MODE, KEY, spec);
    assertArrayEquals(theirs.getParameters().getEncoded(), ours.getParameters().getEncoded());
    assertEquals("3011040c" + "030000000000000000000000" + "020110", hex(ours.getParameters()));
    // BC's decrypts with Carbide's parameters.
    theirs.init(Cipher.DECRYPT_MODE, KEY, ours.getParameters());
    assertArrayEquals(PLAIN, theirs.doFinal(ours.doFinal(PLAIN)));
  }

  private static String hex(AlgorithmParameters parameters) throws IOException {
    return HexFormat.of().formatHex(parameters.getEncoded());
  }

  @Test
  void onlyTheSixteenByteTag() throws Exception {
    AlgorithmParameters parameters = AlgorithmParameters.getInstance("GCM-SIV", CARBIDE);
    assertSame(CARBIDE, parameters.getProvider());
    assertThrows(
        InvalidParameterSpecException.class,
        () -> parameters.init(new GCMParameterSpec(96, NONCE)));
    // The same structure with the default (12-byte) tag is GCM's, not GCM-SIV's.
    assertThrows(
        IOException.class,
        () -> parameters.init(HexFormat.of().parseHex("300e040c" + "030000000000000000000000")));
    parameters.init(new GCMParameterSpec(128, NONCE));
    assertArrayEquals(NONCE, parameters.getParameterSpec(GCMParameterSpec.class).getIV());
  }
}
