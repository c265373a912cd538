package dev.carbide.rsa;

import dev.carbide.cipher.CipherKeys;
import dev.carbide.internal.EntryGuard;
import dev.carbide.internal.FipsMode;
import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import dev.carbide.keys.NativeKey;
import dev.carbide.keys.PkeyNative;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.ProviderException;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.interfaces.RSAKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.security.spec.MGF1ParameterSpec;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import javax.crypto.spec.SecretKeySpec;

/**
 * Cipher "RSA" as SunJCE serves it: ECB only, with NoPadding, PKCS1Padding, OAEPPadding (with an
 * OAEPParameterSpec) or an OAEPWith&lt;digest&gt;AndMGF1Padding name, whose MGF1 digest is SHA-1.
 * Encrypting with a private key signs the raw input and decrypting with a public key recovers it,
 * as in SunJCE. Input is buffered until {@code doFinal}, which makes one native call.
 *
 * <p>A PKCS#1 v1.5 decryption with bad padding throws BadPaddingException: OpenSSL 3.2+'s implicit
 * rejection is turned off for it. Only {@code unwrap(..., "TlsRsaPremasterSecret", SECRET_KEY)}
 * keeps it on, and answers bad padding with a 48-byte secret that reveals nothing (see
 * docs/rsa.md).
 */
final class RsaCipher extends CipherSpi {
  private static final String TLS_PREMASTER = "TlsRsaPremasterSecret";
  private static final int TLS_PREMASTER_LENGTH = 48;

  private final EntryGuard guard = new EntryGuard();
  private int padding;
  private String oaepDigest = "SHA-1";
  private OAEPParameterSpec oaep;
  private int operation = -1;
  private int modulusBytes;
  private int maxData;
  private byte[] buffer;
  private int buffered;
  private NativeKey key;
  private boolean implicitRejection;
  private long context;
  private Cleaner.Cleanable cleanable;
  // What `context` was made for, so that a re-init that changes none of it keeps the context: a
  // new one costs OpenSSL a context, an init and (for OAEP) two digest fetches by name, about a
  // third of an RSA-2048 public-key operation.
  private NativeKey boundKey;
  private int boundOperation = -1;
  private long boundOaepMd;
  private long boundMgf1Md;
  private byte[] boundLabel;

  RsaCipher(int padding) {
    this.padding = padding;
  }

  @Override
  protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
    if (!"ECB".equalsIgnoreCase(mode) && !"NONE".equalsIgnoreCase(mode)) {
      throw new NoSuchAlgorithmException("Unsupported mode " + mode);
    }
  }

  @Override
  protected void engineSetPadding(String name) throws NoSuchPaddingException {
    String upper = name.toUpperCase(Locale.ROOT);
    if (upper.equals("NOPADDING")) {
      padding = RsaNative.NO_PADDING;
    } else if (upper.equals("PKCS1PADDING")) {
      padding = RsaNative.PKCS1_PADDING;
    } else if (upper.equals("OAEPPADDING")) {
      padding = RsaNative.OAEP_PADDING;
      oaepDigest = "SHA-1";
    } else if (upper.startsWith("OAEPWITH") && upper.endsWith("ANDMGF1PADDING")) {
      String digest = name.substring(8, name.length() - 14);
      if (RsaPss.fetch(digest) == 0) {
        throw new NoSuchPaddingException("Padding " + name + " not supported");
      }
      padding = RsaNative.OAEP_PADDING;
      oaepDigest = digest; // kept as spelled, as SunJCE reports it
    } else {
      throw new NoSuchPaddingException("Padding " + name + " not supported");
    }
  }

  @Override
  protected int engineGetBlockSize() {
    return 0;
  }

  @Override
  protected int engineGetOutputSize(int inputLen) {
    return modulusBytes;
  }

  @Override
  protected byte[] engineGetIV() {
    return null;
  }

  @Override
  protected AlgorithmParameters engineGetParameters() {
    if (padding != RsaNative.OAEP_PADDING) {
      return null;
    }
    try {
      AlgorithmParameters result = AlgorithmParameters.getInstance("OAEP");
      result.init(oaep != null ? oaep : defaultOaep());
      return result;
    } catch (GeneralSecurityException e) {
      throw new ProviderException("Could not construct OAEP parameters", e);
    }
  }

  private OAEPParameterSpec defaultOaep() {
    return new OAEPParameterSpec(
        oaepDigest, "MGF1", MGF1ParameterSpec.SHA1, PSource.PSpecified.DEFAULT);
  }

  @Override
  protected int engineGetKeySize(Key key) throws InvalidKeyException {
    RSAKey rsa = key instanceof PrivateKey ? RsaKeys.toPrivate(key) : RsaKeys.toPublic(key);
    return rsa.getModulus().bitLength();
  }

  @Override
  protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
    try {
      init(opmode, key, null);
    } catch (InvalidAlgorithmParameterException e) {
      throw new InvalidKeyException("Wrong parameters", e);
    }
  }

  @Override
  protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    init(opmode, key, params);
  }

  @Override
  protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    AlgorithmParameterSpec spec = null;
    if (params != null) {
      try {
        spec = params.getParameterSpec(OAEPParameterSpec.class);
      } catch (InvalidParameterSpecException e) {
        throw new InvalidAlgorithmParameterException("Wrong parameter", e);
      }
    }
    init(opmode, key, spec);
  }

  private void init(int opmode, Key given, AlgorithmParameterSpec params)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    boolean encrypting = CipherKeys.encrypting(opmode);
    OAEPParameterSpec spec = checkParams(params);
    NativeKey nativeKey;
    RSAKey rsa;
    int op;
    if (given instanceof PublicKey) {
      RsaPublicKeyImpl publicKey = RsaKeys.toPublic(given);
      nativeKey = publicKey;
      rsa = publicKey;
      op = encrypting ? RsaNative.ENCRYPT : RsaNative.VERIFY_RECOVER;
    } else if (given instanceof PrivateKey) {
      RsaPrivateCrtKeyImpl privateKey = RsaKeys.toPrivate(given);
      nativeKey = privateKey;
      rsa = privateKey;
      op = encrypting ? RsaNative.SIGN : RsaNative.DECRYPT;
    } else {
      throw new InvalidKeyException("Unsupported key: " + RsaKeys.describe(given));
    }
    if (padding == RsaNative.OAEP_PADDING
        && (op == RsaNative.SIGN || op == RsaNative.VERIFY_RECOVER)) {
      throw new InvalidKeyException("OAEP cannot be used to sign or verify signatures");
    }
    int bytes = RsaKeys.modulusBytes(rsa);
    FipsMode.checkRsaKey(rsa.getModulus().bitLength(), "RSA encryption and decryption");
    int max = bytes;
    if (padding == RsaNative.PKCS1_PADDING && (op == RsaNative.ENCRYPT || op == RsaNative.SIGN)) {
      max = bytes - 11;
    } else if (padding == RsaNative.OAEP_PADDING && op == RsaNative.ENCRYPT) {
      String digest = spec != null ? spec.getDigestAlgorithm() : oaepDigest;
      max = bytes - 2 - 2 * RsaPss.length(digest);
      if (max <= 0) {
        throw new InvalidKeyException(
            "Key is too short for encryption using OAEPPadding with "
                + digest
                + " and "
                + mgf1Of(spec));
      }
    }
    oaep = spec;
    key = nativeKey;
    operation = op;
    modulusBytes = bytes;
    maxData = max;
    buffer = new byte[bytes];
    buffered = 0;
    bind(false);
  }

  private String mgf1Of(OAEPParameterSpec spec) {
    return spec == null
        ? "MGF1"
        : "MGF1" + ((MGF1ParameterSpec) spec.getMGFParameters()).getDigestAlgorithm();
  }

  private OAEPParameterSpec checkParams(AlgorithmParameterSpec params)
      throws InvalidAlgorithmParameterException {
    if (params == null || isTlsPremasterSpec(params)) {
      return null;
    }
    if (padding != RsaNative.OAEP_PADDING) {
      throw new InvalidAlgorithmParameterException(
          "Parameters not supported for "
              + (padding == RsaNative.PKCS1_PADDING ? "PKCS#1 v1.5" : "no")
              + " padding");
    }
    if (!(params instanceof OAEPParameterSpec spec)) {
      throw new InvalidAlgorithmParameterException("Wrong Parameters for OAEP Padding");
    }
    if (!"MGF1".equalsIgnoreCase(spec.getMGFAlgorithm())) {
      throw new InvalidAlgorithmParameterException(
          "Unsupported MGF algo: " + spec.getMGFAlgorithm());
    }
    if (RsaPss.fetch(spec.getDigestAlgorithm()) == 0) {
      throw new InvalidAlgorithmParameterException(
          "Unsupported digest: " + spec.getDigestAlgorithm());
    }
    if (!(spec.getMGFParameters() instanceof MGF1ParameterSpec mgf1)
        || RsaPss.fetch(mgf1.getDigestAlgorithm()) == 0) {
      throw new InvalidAlgorithmParameterException(
          "Unsupported MGF1 parameters: " + spec.getMGFParameters());
    }
    if (!(spec.getPSource() instanceof PSource.PSpecified)) {
      throw new InvalidAlgorithmParameterException(
          "Unsupported pSource " + spec.getPSource().getAlgorithm() + "; PSpecified only");
    }
    return spec;
  }

  /**
   * True for SunJSSE's TlsRsaPremasterSecretParameterSpec with PKCS#1 padding. The class is
   * internal to the JDK, so its versions cannot be read; SunJSSE only probes a non-JDK provider
   * with it (an UNWRAP_MODE init) and then decrypts in DECRYPT_MODE and checks the versions itself.
   * Accepting it keeps that decryption in Carbide (docs/rsa.md).
   */
  private boolean isTlsPremasterSpec(AlgorithmParameterSpec params) {
    return padding == RsaNative.PKCS1_PADDING
        && params
            .getClass()
            .getName()
            .equals("sun.security.internal.spec.TlsRsaPremasterSecretParameterSpec");
  }

  // A fresh native context for the current key, padding and rejection choice (implicit only for a
  // TLS premaster unwrap); the old one is freed inside the guard.
  private void bind(boolean rejectImplicitly)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    long oaepMd = 0;
    long mgf1Md = 0;
    byte[] label = null;
    if (padding == RsaNative.OAEP_PADDING) {
      OAEPParameterSpec spec = oaep != null ? oaep : defaultOaep();
      oaepMd = RsaPss.fetch(spec.getDigestAlgorithm());
      mgf1Md = RsaPss.fetch(((MGF1ParameterSpec) spec.getMGFParameters()).getDigestAlgorithm());
      label = ((PSource.PSpecified) spec.getPSource()).getValue();
    }
    if (context != 0
        && key == boundKey
        && operation == boundOperation
        && rejectImplicitly == implicitRejection
        && oaepMd == boundOaepMd
        && mgf1Md == boundMgf1Md
        && Arrays.equals(label, boundLabel)) {
      key.checkUsable(); // a destroyed key is refused as retain() refuses it
      return;
    }
    // The guard is entered first, so that a refused entry leaks no key reference.
    guard.enter();
    long ref = 0;
    try {
      ref = key.retain();
      long created =
          RsaNative.newCipher(ref, operation, padding, oaepMd, mgf1Md, label, rejectImplicitly);
      if (cleanable != null) {
        cleanable.clean();
      }
      context = created;
      cleanable =
          NativeCleaner.register(this, created, RsaNative::freeCipher, NativeFootprint.SIGNER);
      implicitRejection = rejectImplicitly;
      boundKey = key;
      boundOperation = operation;
      boundOaepMd = oaepMd;
      boundMgf1Md = mgf1Md;
      boundLabel = label == null ? null : label.clone();
    } finally {
      guard.exit();
      PkeyNative.free(ref);
      Reference.reachabilityFence(this);
    }
  }

  @Override
  protected byte[] engineUpdate(byte[] input, int offset, int length) {
    absorb(input, offset, length);
    return new byte[0];
  }

  @Override
  protected int engineUpdate(byte[] input, int offset, int length, byte[] output, int outOffset) {
    absorb(input, offset, length);
    return 0;
  }

  // Input past the buffer is remembered as an overflow, reported by doFinal as SunJCE does.
  private void absorb(byte[] input, int offset, int length) {
    checkInitialized();
    if (length == 0 || input == null) {
      return;
    }
    if (buffered + length > buffer.length) {
      buffered = buffer.length + 1;
      return;
    }
    System.arraycopy(input, offset, buffer, buffered, length);
    buffered += length;
  }

  private void checkInitialized() {
    if (operation < 0) {
      throw new IllegalStateException("Cipher not initialized");
    }
  }

  @Override
  protected byte[] engineDoFinal(byte[] input, int offset, int length)
      throws IllegalBlockSizeException, BadPaddingException {
    absorb(input, offset, length);
    return run();
  }

  @Override
  protected int engineDoFinal(byte[] input, int offset, int length, byte[] output, int outOffset)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    if (output == null || outOffset < 0 || outOffset > output.length) {
      throw new IllegalArgumentException("Bad output offset");
    }
    if (output.length - outOffset < modulusBytes) {
      throw new ShortBufferException("Need " + modulusBytes + " bytes for output");
    }
    byte[] result = engineDoFinal(input, offset, length);
    try {
      System.arraycopy(result, 0, output, outOffset, result.length);
      return result.length;
    } finally {
      Arrays.fill(result, (byte) 0);
    }
  }

  private byte[] run() throws IllegalBlockSizeException, BadPaddingException {
    checkInitialized();
    int length = buffered;
    buffered = 0;
    try {
      if (length > maxData) {
        throw new IllegalBlockSizeException("Data must not be longer than " + maxData + " bytes");
      }
      byte[] in = buffer;
      int inLength = length;
      if (padding == RsaNative.NO_PADDING && length < modulusBytes) {
        // Raw RSA works on a whole block: shorter input is a number with leading zero bytes.
        in = new byte[modulusBytes];
        System.arraycopy(buffer, 0, in, modulusBytes - length, length);
        inLength = modulusBytes;
      }
      guard.enter();
      try {
        return RsaNative.run(context, in, 0, inLength);
      } finally {
        guard.exit();
        Reference.reachabilityFence(this);
        if (in != buffer) {
          Arrays.fill(in, (byte) 0);
        }
      }
    } finally {
      Arrays.fill(buffer, 0, Math.min(length, buffer.length), (byte) 0);
    }
  }

  @Override
  protected byte[] engineWrap(Key toWrap) throws IllegalBlockSizeException, InvalidKeyException {
    byte[] encoded = CipherKeys.encodedForWrap(toWrap);
    try {
      if (encoded.length > maxData) {
        throw new InvalidKeyException("Key is too long for wrapping");
      }
      return engineDoFinal(encoded, 0, encoded.length);
    } catch (BadPaddingException e) {
      throw new InvalidKeyException("Wrapping failed", e);
    } finally {
      Arrays.fill(encoded, (byte) 0);
    }
  }

  @Override
  protected Key engineUnwrap(byte[] wrapped, String algorithm, int type)
      throws InvalidKeyException, NoSuchAlgorithmException {
    if (wrapped.length > modulusBytes) {
      throw new InvalidKeyException("Key is too long for unwrapping");
    }
    boolean premaster =
        TLS_PREMASTER.equals(algorithm)
            && type == Cipher.SECRET_KEY
            && padding == RsaNative.PKCS1_PADDING
            && operation == RsaNative.DECRYPT;
    if (premaster != implicitRejection) {
      try {
        bind(premaster);
      } catch (InvalidAlgorithmParameterException e) {
        throw new InvalidKeyException(e.getMessage(), e);
      }
    }
    byte[] encoded;
    try {
      encoded = engineDoFinal(wrapped, 0, wrapped.length);
    } catch (BadPaddingException e) {
      if (!premaster) {
        throw new InvalidKeyException("Unwrapping failed", e);
      }
      // Only on an OpenSSL without implicit rejection (before 3.2).
      encoded = null;
    } catch (IllegalBlockSizeException e) {
      throw new InvalidKeyException("Unwrapping failed", e);
    }
    if (premaster) {
      return premasterSecret(encoded);
    }
    return CipherKeys.unwrapped(encoded, algorithm, type);
  }

  /**
   * The premaster secret of a TLS RSA key exchange. A ciphertext with bad padding decrypts (by
   * implicit rejection) to a message derived from it and the key; one of the wrong length is
   * replaced by random bytes, so the handshake fails later, at Finished, like any bad secret.
   */
  private static SecretKeySpec premasterSecret(byte[] decrypted) {
    byte[] secret = decrypted;
    if (secret == null || secret.length != TLS_PREMASTER_LENGTH) {
      secret = new byte[TLS_PREMASTER_LENGTH];
      new SecureRandom().nextBytes(secret);
      if (decrypted != null) {
        Arrays.fill(decrypted, (byte) 0);
      }
    }
    try {
      return new SecretKeySpec(secret, TLS_PREMASTER);
    } finally {
      Arrays.fill(secret, (byte) 0);
    }
  }
}
