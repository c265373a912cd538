package dev.carbide.tls;

import static dev.carbide.tls.RecordingProvider.count;
import static dev.carbide.tls.RecordingProvider.forward;
import static dev.carbide.tls.RecordingProvider.forwardUnchecked;

import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
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
      forwardUnchecked(
          () -> {
            delegate.update(input);
            return null;
          });
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
      forwardUnchecked(
          () -> {
            delegate.update(input, offset, len);
            return null;
          });
    }

    @Override
    protected byte[] engineDigest() {
      byte[] digest = forwardUnchecked(delegate::digest);
      count("MessageDigest", algorithm, "digest", delegate.getProvider());
      return digest;
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

    /** Asked before init, the JCA's Mac binds to its first provider; so does this one. */
    @Override
    protected int engineGetMacLength() {
      // Inside forward: the JCA's Mac binds its provider in this very call.
      return forwardUnchecked(
          () -> {
            if (delegate == null) {
              delegate = Mac.getInstance(algorithm);
            }
            return delegate.getMacLength();
          });
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params)
        throws InvalidKeyException, InvalidAlgorithmParameterException {
      try {
        forward(
            () -> {
              if (delegate == null) {
                delegate = Mac.getInstance(algorithm);
              }
              delegate.init(key, params);
              return null;
            });
      } catch (InvalidKeyException | InvalidAlgorithmParameterException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new InvalidKeyException(e);
      }
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
      byte[] mac = forwardUnchecked(delegate::doFinal);
      count("Mac", algorithm, "mac", delegate.getProvider());
      return mac;
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

    /** Creates the delegate at the first init (unless parameters came first), choosing by key. */
    private void init(Object key, SecureRandom random) throws Exception {
      forward(
          () -> {
            if (delegate == null) {
              delegate = Signature.getInstance(algorithm);
            }
            if (key instanceof PrivateKey privateKey) {
              if (random == null) {
                delegate.initSign(privateKey);
              } else {
                delegate.initSign(privateKey, random);
              }
            } else {
              delegate.initVerify((PublicKey) key);
            }
            return null;
          });
    }

    private void initChecked(Object key, SecureRandom random) throws InvalidKeyException {
      try {
        init(key, random);
      } catch (InvalidKeyException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new InvalidKeyException(e);
      }
    }

    @Override
    protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
      initChecked(key, null);
    }

    @Override
    protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
      initChecked(key, null);
    }

    @Override
    protected void engineInitSign(PrivateKey key, SecureRandom random) throws InvalidKeyException {
      initChecked(key, random);
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
      byte[] signature = delegate.sign();
      count("Signature", algorithm, "sign", delegate.getProvider());
      return signature;
    }

    @Override
    protected boolean engineVerify(byte[] signature) throws SignatureException {
      boolean valid = delegate.verify(signature);
      count("Signature", algorithm, valid ? "verify" : "reject", delegate.getProvider());
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
        forward(
            () -> {
              if (delegate == null) {
                delegate = Signature.getInstance(algorithm);
              }
              delegate.setParameter(params);
              return null;
            });
      } catch (InvalidAlgorithmParameterException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new InvalidAlgorithmParameterException(e);
      }
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
      return forwardUnchecked(() -> delegate.getParameters());
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
      try {
        forward(
            () -> {
              if (delegate == null) {
                delegate = KeyAgreement.getInstance(algorithm);
              }
              delegate.init(key, params, random);
              return null;
            });
      } catch (InvalidKeyException | InvalidAlgorithmParameterException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new InvalidKeyException(e);
      }
    }

    @Override
    protected Key engineDoPhase(Key key, boolean lastPhase) throws InvalidKeyException {
      return delegate.doPhase(key, lastPhase);
    }

    @Override
    protected byte[] engineGenerateSecret() {
      byte[] secret = delegate.generateSecret();
      count("KeyAgreement", algorithm, "secret", delegate.getProvider());
      return secret;
    }

    @Override
    protected int engineGenerateSecret(byte[] out, int offset) throws ShortBufferException {
      int length = delegate.generateSecret(out, offset);
      count("KeyAgreement", algorithm, "secret", delegate.getProvider());
      return length;
    }

    @Override
    protected SecretKey engineGenerateSecret(String secretAlgorithm)
        throws NoSuchAlgorithmException, InvalidKeyException {
      SecretKey secret = delegate.generateSecret(secretAlgorithm);
      count("KeyAgreement", algorithm, "secret", delegate.getProvider());
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
      forwardUnchecked(
          () -> {
            delegate.initialize(keySize, random);
            return null;
          });
    }

    @Override
    public void initialize(AlgorithmParameterSpec params, SecureRandom random)
        throws InvalidAlgorithmParameterException {
      try {
        forward(
            () -> {
              delegate.initialize(params, random);
              return null;
            });
      } catch (InvalidAlgorithmParameterException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new InvalidAlgorithmParameterException(e);
      }
    }

    @Override
    public KeyPair generateKeyPair() {
      KeyPair pair = forwardUnchecked(delegate::generateKeyPair);
      count("KeyPairGenerator", algorithm, "pair", delegate.getProvider());
      return pair;
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
      SecretKey key = forwardUnchecked(delegate::generateKey);
      count("KeyGenerator", algorithm, "key", delegate.getProvider());
      return key;
    }
  }

  static final class Factory extends KeyFactorySpi {
    private final String algorithm;
    private final KeyFactory delegate;

    Factory(String algorithm, KeyFactory delegate) {
      this.algorithm = algorithm;
      this.delegate = delegate;
    }

    @Override
    protected PublicKey engineGeneratePublic(KeySpec spec) throws InvalidKeySpecException {
      PublicKey key = delegate.generatePublic(spec);
      count("KeyFactory", algorithm, "public", delegate.getProvider());
      return key;
    }

    @Override
    protected PrivateKey engineGeneratePrivate(KeySpec spec) throws InvalidKeySpecException {
      PrivateKey key = delegate.generatePrivate(spec);
      count("KeyFactory", algorithm, "private", delegate.getProvider());
      return key;
    }

    @Override
    protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> spec)
        throws InvalidKeySpecException {
      T out = delegate.getKeySpec(key, spec);
      count("KeyFactory", algorithm, "spec", delegate.getProvider());
      return out;
    }

    @Override
    protected Key engineTranslateKey(Key key) throws InvalidKeyException {
      Key out = delegate.translateKey(key);
      count("KeyFactory", algorithm, "translate", delegate.getProvider());
      return out;
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
      SecretKey key = delegate.generateSecret(spec);
      count("SecretKeyFactory", algorithm, "secret", delegate.getProvider());
      return key;
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
