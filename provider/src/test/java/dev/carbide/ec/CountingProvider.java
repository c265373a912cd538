package dev.carbide.ec;

import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyPairGeneratorSpi;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import javax.crypto.KeyAgreement;
import javax.crypto.KeyAgreementSpi;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;

/**
 * A provider with no cryptography of its own: each of its engines forwards every call to the same
 * engine of a target provider, through the public JCA API, and counts the operations that complete
 * ("Signature SHA256withECDSA sign Carbide"). Installed ahead of the target, it shows which engines
 * a consumer such as JSSE actually drives, rather than which ones a lookup would find.
 */
public final class CountingProvider extends Provider {
  private static final Map<String, LongAdder> COUNTS = new ConcurrentHashMap<>();

  private final Provider target;

  /** Forwards {@code algorithms}, given as "Type.Algorithm", to {@code target}. */
  public CountingProvider(Provider target, String... algorithms) {
    super("Counting", "1", "counts the operations of " + target.getName());
    this.target = target;
    for (String algorithm : algorithms) {
      int dot = algorithm.indexOf('.');
      putService(new Forwarding(algorithm.substring(0, dot), algorithm.substring(dot + 1)));
    }
  }

  /** Every count so far, sorted by key. */
  public static Map<String, Long> counts() {
    Map<String, Long> out = new TreeMap<>();
    COUNTS.forEach((key, count) -> out.put(key, count.sum()));
    return out;
  }

  static void count(String type, String algorithm, String operation, Provider provider) {
    String key = type + " " + algorithm + " " + operation + " " + provider.getName();
    COUNTS.computeIfAbsent(key, k -> new LongAdder()).increment();
  }

  private final class Forwarding extends Provider.Service {
    Forwarding(String type, String algorithm) {
      super(CountingProvider.this, type, algorithm, Forwarding.class.getName(), null, null);
    }

    @Override
    public Object newInstance(Object parameter) throws NoSuchAlgorithmException {
      return switch (getType()) {
        case "Signature" ->
            new CountingSignature(getAlgorithm(), Signature.getInstance(getAlgorithm(), target));
        case "KeyAgreement" ->
            new CountingAgreement(getAlgorithm(), KeyAgreement.getInstance(getAlgorithm(), target));
        case "Cipher" -> CountingCipher.of(getAlgorithm(), target);
        case "KeyPairGenerator" ->
            new CountingGenerator(
                getAlgorithm(), KeyPairGenerator.getInstance(getAlgorithm(), target));
        default -> throw new NoSuchAlgorithmException(getType());
      };
    }
  }

  private static final class CountingSignature extends SignatureSpi {
    private final String algorithm;
    private final Signature delegate;

    CountingSignature(String algorithm, Signature delegate) {
      this.algorithm = algorithm;
      this.delegate = delegate;
    }

    @Override
    protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
      delegate.initVerify(key);
    }

    @Override
    protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
      delegate.initSign(key);
    }

    @Override
    protected void engineInitSign(PrivateKey key, SecureRandom random) throws InvalidKeyException {
      delegate.initSign(key, random);
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

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec params)
        throws InvalidAlgorithmParameterException {
      delegate.setParameter(params);
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
      return delegate.getParameters();
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

  private static final class CountingAgreement extends KeyAgreementSpi {
    private final String algorithm;
    private final KeyAgreement delegate;

    CountingAgreement(String algorithm, KeyAgreement delegate) {
      this.algorithm = algorithm;
      this.delegate = delegate;
    }

    @Override
    protected void engineInit(Key key, SecureRandom random) throws InvalidKeyException {
      delegate.init(key, random);
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params, SecureRandom random)
        throws InvalidKeyException, InvalidAlgorithmParameterException {
      delegate.init(key, params, random);
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

  private static final class CountingGenerator extends KeyPairGeneratorSpi {
    private final String algorithm;
    private final KeyPairGenerator delegate;

    CountingGenerator(String algorithm, KeyPairGenerator delegate) {
      this.algorithm = algorithm;
      this.delegate = delegate;
    }

    @Override
    public void initialize(int keySize, SecureRandom random) {
      delegate.initialize(keySize, random);
    }

    @Override
    public void initialize(AlgorithmParameterSpec params, SecureRandom random)
        throws InvalidAlgorithmParameterException {
      delegate.initialize(params, random);
    }

    @Override
    public KeyPair generateKeyPair() {
      KeyPair pair = delegate.generateKeyPair();
      count("KeyPairGenerator", algorithm, "pair", delegate.getProvider());
      return pair;
    }
  }
}
