package dev.carbide.tls;

import static dev.carbide.tls.RecordingProvider.counted;
import static dev.carbide.tls.RecordingProvider.forward;
import static dev.carbide.tls.RecordingProvider.init;
import static dev.carbide.tls.RecordingProvider.run;

import dev.carbide.tls.RecordingProvider.Step;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyFactorySpi;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyPairGeneratorSpi;
import java.security.MessageDigest;
import java.security.MessageDigestSpi;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import javax.crypto.KeyAgreement;
import javax.crypto.KeyAgreementSpi;
import javax.crypto.KeyGenerator;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.Mac;
import javax.crypto.MacSpi;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.ShortBufferException;

/**
 * The engines of {@link RecordingProvider}. Those the JCA binds to a provider at getInstance get
 * their delegate at once; those it binds at init (Signature, Mac, KeyAgreement, Cipher) get it at
 * their first init, with the key, so the JCA's delayed selection picks the same provider it would
 * have picked for the caller. Each finished operation is counted with the delegate's provider.
 * Every call to a delegate goes through {@link RecordingProvider#forward} (or its forms {@code
 * run}, {@code init}, {@code counted}), so the JCA's lookups inside it skip the recording provider.
 */
final class RecordingEngines {
  private RecordingEngines() {}

  static Object create(String type, String algorithm, Object parameter) throws Exception {
    return switch (type) {
      case "MessageDigest" ->
          new Digest(algorithm, forward(() -> MessageDigest.getInstance(algorithm)));
      case "Mac" -> new MacEngine(algorithm, null);
      case "Cipher" -> new RecordingCipher(algorithm);
      case "Signature" -> new SignatureEngine(algorithm);
      case "KeyAgreement" -> new Agreement(algorithm);
      case "KeyPairGenerator" ->
          new PairGenerator(algorithm, forward(() -> KeyPairGenerator.getInstance(algorithm)));
      case "KeyGenerator" ->
          new SecretGenerator(algorithm, forward(() -> KeyGenerator.getInstance(algorithm)));
      case "KeyFactory" -> new Factory(algorithm, forward(() -> KeyFactory.getInstance(algorithm)));
      case "SecretKeyFactory" ->
          new SecretFactory(algorithm, forward(() -> SecretKeyFactory.getInstance(algorithm)));
      case "KDF" ->
          // The KDF API is Java 25's: its engine lives in the Java 25 test sources.
          Class.forName("dev.carbide.tls.RecordingKdf")
              .getMethod("create", String.class, Object.class)
              .invoke(null, algorithm, parameter);
      default -> throw new NoSuchAlgorithmException(type);
    };
  }

  static final class Digest extends MessageDigestSpi implements Cloneable {
    private final String algorithm;
    private final MessageDigest delegate;

    Digest(String algorithm, MessageDigest delegate) {
      this.algorithm = algorithm;
      this.delegate = delegate;
    }

    @Override
    protected int engineGetDigestLength() {
      return delegate.getDigestLength();
    }

    @Override
    protected void engineUpdate(byte input) {
      run(() -> delegate.update(input));
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
      run(() -> delegate.update(input, offset, len));
    }

    @Override
    protected byte[] engineDigest() {
      return counted(
          "MessageDigest",
          algorithm,
          "digest",
          () -> forward(delegate::digest),
          delegate::getProvider);
    }

    @Override
    protected void engineReset() {
      delegate.reset();
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
      return new Digest(algorithm, (MessageDigest) delegate.clone());
    }
  }

  static final class MacEngine extends MacSpi implements Cloneable {
    private final String algorithm;
    private Mac delegate;

    MacEngine(String algorithm, Mac delegate) {
      this.algorithm = algorithm;
      this.delegate = delegate;
    }

    // The JCA's Mac binds its provider at the first call that needs one; so does this one.
    private Mac delegate() throws NoSuchAlgorithmException {
      if (delegate == null) {
        delegate = Mac.getInstance(algorithm);
      }
      return delegate;
    }

    /** Asked before init, the JCA's Mac binds to its first provider; so does this one. */
    @Override
    protected int engineGetMacLength() {
      try {
        return forward(() -> delegate().getMacLength());
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params)
        throws InvalidKeyException, InvalidAlgorithmParameterException {
      init(() -> delegate().init(key, params));
    }

    @Override
    protected void engineUpdate(byte input) {
      delegate.update(input);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
      delegate.update(input, offset, len);
    }

    @Override
    protected byte[] engineDoFinal() {
      return counted(
          "Mac", algorithm, "mac", () -> forward(delegate::doFinal), delegate::getProvider);
    }

    @Override
    protected void engineReset() {
      delegate.reset();
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
      return new MacEngine(algorithm, delegate == null ? null : (Mac) delegate.clone());
    }
  }

  static final class SignatureEngine extends SignatureSpi {
    private final String algorithm;
    private Signature delegate;

    SignatureEngine(String algorithm) {
      this.algorithm = algorithm;
    }

    /** Created at the first init (unless parameters came first): the JCA then chooses by key. */
    private Signature delegate() throws NoSuchAlgorithmException {
      if (delegate == null) {
        delegate = Signature.getInstance(algorithm);
      }
      return delegate;
    }

    private void initChecked(Step<GeneralSecurityException> step) throws InvalidKeyException {
      try {
        init(step);
      } catch (InvalidAlgorithmParameterException e) {
        throw new InvalidKeyException(e);
      }
    }

    @Override
    protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
      initChecked(() -> delegate().initVerify(key));
    }

    @Override
    protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
      initChecked(() -> delegate().initSign(key));
    }

    @Override
    protected void engineInitSign(PrivateKey key, SecureRandom random) throws InvalidKeyException {
      initChecked(() -> delegate().initSign(key, random));
    }

    @Override
    protected void engineUpdate(byte b) throws SignatureException {
      delegate.update(b);
    }

    @Override
    protected void engineUpdate(byte[] in, int offset, int length) throws SignatureException {
      delegate.update(in, offset, length);
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
      try {
        delegate.update(input);
      } catch (SignatureException e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
      return counted("Signature", algorithm, "sign", delegate::sign, delegate::getProvider);
    }

    @Override
    protected boolean engineVerify(byte[] signature) throws SignatureException {
      boolean valid = delegate.verify(signature);
      RecordingProvider.count(
          "Signature", algorithm, valid ? "verify" : "reject", delegate.getProvider());
      return valid;
    }

    /**
     * Parameters before a key: as the JCA's own Signature does then, the delegate is bound to the
     * first provider that takes them.
     */
    @Override
    protected void engineSetParameter(AlgorithmParameterSpec params)
        throws InvalidAlgorithmParameterException {
      try {
        init(() -> delegate().setParameter(params));
      } catch (InvalidKeyException e) {
        throw new InvalidAlgorithmParameterException(e);
      }
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
      return forward(() -> delegate.getParameters());
    }

    @Override
    @Deprecated
    protected void engineSetParameter(String param, Object value) {
      throw new UnsupportedOperationException();
    }

    @Override
    @Deprecated
    protected Object engineGetParameter(String param) {
      throw new UnsupportedOperationException();
    }
  }

  static final class Agreement extends KeyAgreementSpi {
    private final String algorithm;
    private KeyAgreement delegate;

    Agreement(String algorithm) {
      this.algorithm = algorithm;
    }

    @Override
    protected void engineInit(Key key, SecureRandom random) throws InvalidKeyException {
      try {
        engineInit(key, null, random);
      } catch (InvalidAlgorithmParameterException e) {
        throw new InvalidKeyException(e);
      }
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params, SecureRandom random)
        throws InvalidKeyException, InvalidAlgorithmParameterException {
      init(
          () -> {
            if (delegate == null) {
              delegate = KeyAgreement.getInstance(algorithm);
            }
            delegate.init(key, params, random);
          });
    }

    @Override
    protected Key engineDoPhase(Key key, boolean lastPhase) throws InvalidKeyException {
      return delegate.doPhase(key, lastPhase);
    }

    @Override
    protected byte[] engineGenerateSecret() {
      return counted(
          "KeyAgreement", algorithm, "secret", delegate::generateSecret, delegate::getProvider);
    }

    @Override
    protected int engineGenerateSecret(byte[] out, int offset) throws ShortBufferException {
      return counted(
          "KeyAgreement",
          algorithm,
          "secret",
          () -> delegate.generateSecret(out, offset),
          delegate::getProvider);
    }

    @Override
    protected SecretKey engineGenerateSecret(String secretAlgorithm)
        throws NoSuchAlgorithmException, InvalidKeyException {
      SecretKey secret = delegate.generateSecret(secretAlgorithm);
      RecordingProvider.count("KeyAgreement", algorithm, "secret", delegate.getProvider());
      return secret;
    }
  }

  static final class PairGenerator extends KeyPairGeneratorSpi {
    private final String algorithm;
    private final KeyPairGenerator delegate;

    PairGenerator(String algorithm, KeyPairGenerator delegate) {
      this.algorithm = algorithm;
      this.delegate = delegate;
    }

    @Override
    public void initialize(int keySize, SecureRandom random) {
      run(() -> delegate.initialize(keySize, random));
    }

    @Override
    public void initialize(AlgorithmParameterSpec params, SecureRandom random)
        throws InvalidAlgorithmParameterException {
      run(() -> delegate.initialize(params, random));
    }

    @Override
    public KeyPair generateKeyPair() {
      return counted(
          "KeyPairGenerator",
          algorithm,
          "pair",
          () -> forward(delegate::generateKeyPair),
          delegate::getProvider);
    }
  }

  static final class SecretGenerator extends KeyGeneratorSpi {
    private final String algorithm;
    private final KeyGenerator delegate;

    SecretGenerator(String algorithm, KeyGenerator delegate) {
      this.algorithm = algorithm;
      this.delegate = delegate;
    }

    @Override
    protected void engineInit(SecureRandom random) {
      delegate.init(random);
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec params, SecureRandom random)
        throws InvalidAlgorithmParameterException {
      delegate.init(params, random);
    }

    @Override
    protected void engineInit(int keysize, SecureRandom random) {
      delegate.init(keysize, random);
    }

    @Override
    protected SecretKey engineGenerateKey() {
      return counted(
          "KeyGenerator",
          algorithm,
          "key",
          () -> forward(delegate::generateKey),
          delegate::getProvider);
    }
  }

  static final class Factory extends KeyFactorySpi {
    private final String algorithm;
    private final KeyFactory delegate;

    Factory(String algorithm, KeyFactory delegate) {
      this.algorithm = algorithm;
      this.delegate = delegate;
    }

    private <T, E extends Exception> T counted(String operation, RecordingProvider.Call<T, E> call)
        throws E {
      return RecordingProvider.counted(
          "KeyFactory", algorithm, operation, call, delegate::getProvider);
    }

    @Override
    protected PublicKey engineGeneratePublic(KeySpec spec) throws InvalidKeySpecException {
      return counted("public", () -> delegate.generatePublic(spec));
    }

    @Override
    protected PrivateKey engineGeneratePrivate(KeySpec spec) throws InvalidKeySpecException {
      return counted("private", () -> delegate.generatePrivate(spec));
    }

    @Override
    protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> spec)
        throws InvalidKeySpecException {
      return counted("spec", () -> delegate.getKeySpec(key, spec));
    }

    @Override
    protected Key engineTranslateKey(Key key) throws InvalidKeyException {
      return counted("translate", () -> delegate.translateKey(key));
    }
  }

  static final class SecretFactory extends SecretKeyFactorySpi {
    private final String algorithm;
    private final SecretKeyFactory delegate;

    SecretFactory(String algorithm, SecretKeyFactory delegate) {
      this.algorithm = algorithm;
      this.delegate = delegate;
    }

    @Override
    protected SecretKey engineGenerateSecret(KeySpec spec) throws InvalidKeySpecException {
      return RecordingProvider.counted(
          "SecretKeyFactory",
          algorithm,
          "secret",
          () -> delegate.generateSecret(spec),
          delegate::getProvider);
    }

    @Override
    @SuppressWarnings("rawtypes")
    protected KeySpec engineGetKeySpec(SecretKey key, Class spec) throws InvalidKeySpecException {
      @SuppressWarnings("unchecked")
      KeySpec out = delegate.getKeySpec(key, spec);
      return out;
    }

    @Override
    protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
      return delegate.translateKey(key);
    }
  }
}
