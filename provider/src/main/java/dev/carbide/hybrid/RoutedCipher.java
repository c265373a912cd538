package dev.carbide.hybrid;

import dev.carbide.internal.EntryGuard;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;

/**
 * A cipher that chooses its engine at the first data step after each {@code init}: the JDK's if
 * that step's input size is in the JDK's span for the direction, else Carbide's. The choice holds
 * until the next {@code init}, so a stream (update, update, doFinal) and the operations that follow
 * a {@code doFinal} all stay on one engine.
 *
 * <p>Carbide's engine takes every {@code init} whose outcome it alone can decide, so the
 * exceptions, the generated IV, {@code getIV()} and {@code getParameters()} are Carbide's whatever
 * the route; the JDK's engine is initialised with the same key and parameters (the generated IV
 * included) only when the route needs it. If the JDK's engine refuses what Carbide accepted (a key
 * whose algorithm name SunJCE does not know), the operation stays on Carbide.
 *
 * <p>One {@code init} is predicted instead: when the previous operation on this object ran on the
 * JDK's engine and the new one has the same key object, the same direction and an {@link
 * IvParameterSpec}, only the JDK's engine is initialised, since Carbide already accepted that key
 * for that direction and takes any IV of the block's length there (as SunJCE does, which refuses
 * any other length); Carbide's engine is initialised at the first data step only if that step's
 * size sends the operation back to it. A short operation (64 bytes) on the JDK's route then pays
 * one init, not two. If the JDK's engine refuses the predicted init, Carbide's takes it as usual,
 * so its exception is the one the caller sees.
 */
final class RoutedCipher extends CipherSpi {
  private static final byte[] EMPTY = new byte[0];
  private final String transformation;
  private final Provider jdkProvider;
  private final RouteTable.Span encryptSizes;
  private final RouteTable.Span decryptSizes;
  private final Cipher carbide;
  private final EntryGuard guard = new EntryGuard();
  private Cipher jdk;
  private boolean jdkCurrent;
  private boolean carbideCurrent;
  private Cipher active;

  private int opmode;
  private Key key;
  private AlgorithmParameterSpec spec;
  private AlgorithmParameters parameters;
  private SecureRandom random;

  RoutedCipher(
      String transformation,
      Provider jdkProvider,
      RouteTable.Span encryptSizes,
      RouteTable.Span decryptSizes)
      throws GeneralSecurityException {
    this.transformation = transformation;
    this.jdkProvider = jdkProvider;
    this.encryptSizes = encryptSizes;
    this.decryptSizes = decryptSizes;
    this.carbide = Cipher.getInstance(transformation, Routing.unrouted());
  }

  /** The engine serving the current operation, or null before its first data step. */
  Cipher engine() {
    return active;
  }

  /** False after a predicted init, until a data step needs Carbide's engine. */
  boolean carbideHoldsInit() {
    return carbideCurrent;
  }

  @Override
  protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
    String[] parts = transformation.split("/");
    if (parts.length != 3 || !parts[1].equalsIgnoreCase(mode)) {
      throw new NoSuchAlgorithmException("Unsupported mode " + mode);
    }
  }

  @Override
  protected void engineSetPadding(String padding) throws NoSuchPaddingException {
    String[] parts = transformation.split("/");
    if (parts.length != 3 || !parts[2].equalsIgnoreCase(padding)) {
      throw new NoSuchPaddingException("Unsupported padding " + padding);
    }
  }

  @Override
  protected int engineGetBlockSize() {
    return carbide.getBlockSize();
  }

  @Override
  protected int engineGetOutputSize(int inputLen) {
    return current().getOutputSize(inputLen);
  }

  @Override
  protected byte[] engineGetIV() {
    return current().getIV();
  }

  @Override
  protected AlgorithmParameters engineGetParameters() {
    return current().getParameters();
  }

  @Override
  protected int engineGetKeySize(Key key) throws InvalidKeyException {
    byte[] encoded = key instanceof SecretKey ? key.getEncoded() : null;
    if (encoded == null) {
      throw new InvalidKeyException("Key must be a SecretKey with a RAW encoding");
    }
    return encoded.length * 8;
  }

  @Override
  protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
    guard.enter();
    try {
      init(() -> carbide.init(opmode, key, random), opmode, key, null, null, random);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    // One guard for the prediction and the init: every message's init passes here.
    guard.enter();
    try {
      if (!predictJdk(opmode, key, params, random)) {
        init(() -> carbide.init(opmode, key, params, random), opmode, key, params, null, random);
      }
    } finally {
      guard.exit();
    }
  }

  /**
   * The predicted init (see the class comment): true if only the JDK's engine was initialised,
   * false if the caller must take the usual path, Carbide's engine first. Under the guard.
   */
  private boolean predictJdk(
      int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random) {
    if (active == null
        || active != jdk
        || key != this.key
        || opmode != this.opmode
        || !(params instanceof IvParameterSpec)) {
      return false;
    }
    // No check of the IV's length here (getIV() copies it): SunJCE refuses every length that
    // Carbide refuses, and a refusal falls back to Carbide's init below.
    try {
      jdk.init(opmode, key, params, random);
    } catch (GeneralSecurityException | RuntimeException e) {
      jdkCurrent = false;
      return false; // Carbide's engine decides, and its exception is the caller's
    }
    this.spec = params;
    this.parameters = null;
    this.random = random;
    jdkCurrent = true;
    carbideCurrent = false;
    active = null;
    return true;
  }

  @Override
  protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    guard.enter();
    try {
      init(() -> carbide.init(opmode, key, params, random), opmode, key, null, params, random);
    } finally {
      guard.exit();
    }
  }

  /** One of Carbide's engine's inits, which may refuse the key or (X) the parameters. */
  @FunctionalInterface
  private interface CarbideInit<X extends Exception> {
    void run() throws InvalidKeyException, X;
  }

  /**
   * Every init: Carbide's engine takes it (its exceptions are the caller's), then the operation's
   * inputs are kept for the JDK's engine and the next data step chooses the engine again. Under the
   * guard.
   */
  private <X extends Exception> void init(
      CarbideInit<X> carbideInit,
      int opmode,
      Key key,
      AlgorithmParameterSpec spec,
      AlgorithmParameters parameters,
      SecureRandom random)
      throws InvalidKeyException, X {
    carbideCurrent = false;
    carbideInit.run();
    carbideCurrent = true;
    this.opmode = opmode;
    this.key = key;
    this.spec = spec;
    this.parameters = parameters;
    this.random = random;
    jdkCurrent = false;
    active = null;
  }

  @Override
  protected byte[] engineUpdate(byte[] input, int offset, int length) {
    guard.enter();
    try {
      return choose(length).update(input, offset, length);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected int engineUpdate(byte[] input, int offset, int length, byte[] output, int outOffset)
      throws ShortBufferException {
    guard.enter();
    try {
      return choose(length).update(input, offset, length, output, outOffset);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
    guard.enter();
    try {
      return choose(input.remaining(), output.remaining()).update(input, output);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected byte[] engineDoFinal(byte[] input, int offset, int length)
      throws IllegalBlockSizeException, BadPaddingException {
    guard.enter();
    try {
      return choose(length).doFinal(orEmpty(input), offset, length);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected int engineDoFinal(byte[] input, int offset, int length, byte[] output, int outOffset)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    guard.enter();
    try {
      return choose(length).doFinal(orEmpty(input), offset, length, output, outOffset);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected int engineDoFinal(ByteBuffer input, ByteBuffer output)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    guard.enter();
    try {
      return choose(input.remaining(), output.remaining()).doFinal(input, output);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected void engineUpdateAAD(byte[] src, int offset, int length) {
    // No routable transformation takes AAD: Carbide's engine answers as it always does.
    guard.enter();
    try {
      current().updateAAD(src, offset, length);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected void engineUpdateAAD(ByteBuffer src) {
    guard.enter();
    try {
      current().updateAAD(src);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
    guard.enter();
    try {
      return choose(0).wrap(key);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected Key engineUnwrap(byte[] wrapped, String algorithm, int type)
      throws InvalidKeyException, NoSuchAlgorithmException {
    guard.enter();
    try {
      return choose(wrapped.length).unwrap(wrapped, algorithm, type);
    } finally {
      guard.exit();
    }
  }

  // The JCA hands a doFinal without input to the SPI as null, which Cipher's own methods refuse.
  private static byte[] orEmpty(byte[] input) {
    return input == null ? EMPTY : input;
  }

  /**
   * The engine that answers for the operation: the one chosen at its first data step, else the one
   * that holds its init (the JDK's only after a predicted init, with the same IV and the same
   * output sizes for these modes).
   */
  private Cipher current() {
    return active != null ? active : carbideCurrent || !jdkCurrent ? carbide : jdk;
  }

  private Cipher choose(int length) {
    return choose(length, Integer.MAX_VALUE);
  }

  /**
   * The engine of this operation, chosen at its first data step by that step's size. A ByteBuffer
   * step whose output has less room than getOutputSize stays on Carbide: SunJCE's ByteBuffer forms
   * (CipherSpi's bufferCrypt) refuse it, where Carbide writes whatever fits the result.
   */
  private Cipher choose(int length, int outputSpace) {
    if (active != null) {
      return active;
    }
    boolean encrypting = opmode == Cipher.ENCRYPT_MODE || opmode == Cipher.WRAP_MODE;
    Cipher chosen;
    if ((encrypting ? encryptSizes : decryptSizes).contains(length)
        && key != null
        && (outputSpace == Integer.MAX_VALUE || outputSpace >= current().getOutputSize(length))) {
      chosen = initialisedJdk();
    } else {
      chosen = initialisedCarbide();
    }
    active = chosen;
    return chosen;
  }

  /**
   * Carbide's engine, initialised now if the init was predicted for the JDK; the JDK's if Carbide's
   * refuses what it accepted before (which a 16-byte IV with the same key cannot make happen).
   */
  private Cipher initialisedCarbide() {
    if (carbideCurrent) {
      return carbide;
    }
    try {
      carbide.init(opmode, key, spec, random);
      carbideCurrent = true;
      return carbide;
    } catch (GeneralSecurityException | RuntimeException e) {
      return jdk;
    }
  }

  /** The JDK's engine initialised like Carbide's, or Carbide's if the JDK refuses the init. */
  private Cipher initialisedJdk() {
    if (jdkCurrent) {
      return jdk;
    }
    for (int attempt = 0; attempt < 2; attempt++) {
      try {
        if (jdk == null || attempt > 0) {
          // A new engine on the second attempt: SunJCE's GCM refuses the key and IV of its own
          // last encryption, which Carbide may have legitimately accepted since.
          jdk = Cipher.getInstance(transformation, jdkProvider);
        }
        initJdk();
        jdkCurrent = true;
        return jdk;
      } catch (GeneralSecurityException | RuntimeException e) {
        jdk = null;
      }
    }
    return carbide;
  }

  private void initJdk() throws GeneralSecurityException {
    if (spec != null) {
      jdk.init(opmode, key, spec, random);
    } else if (parameters != null) {
      jdk.init(opmode, key, parameters, random);
    } else {
      // Carbide generated the IV at init (or the mode has none): give the JDK the same one. (A
      // predicted init always has a spec, so Carbide's engine holds this init.)
      AlgorithmParameters generated = carbide.getParameters();
      if (generated != null) {
        jdk.init(opmode, key, generated, random);
      } else {
        jdk.init(opmode, key, random);
      }
    }
  }
}
