package dev.carbide.ec;

import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.ShortBufferException;

/**
 * The Cipher engine of {@link CountingProvider}: forwards every call to a Cipher of the target
 * provider and counts each finished operation by mode ("Cipher RSA/ECB/PKCS1Padding decrypt
 * Carbide"), for RSA key exchange, whose ciphers are asked for by their full transformation.
 */
final class CountingCipher extends CipherSpi {
  private final String algorithm;
  private final Cipher delegate;
  private String mode = "none";

  CountingCipher(String algorithm, Cipher delegate) {
    this.algorithm = algorithm;
    this.delegate = delegate;
  }

  static CountingCipher of(String transformation, java.security.Provider target)
      throws NoSuchAlgorithmException {
    try {
      return new CountingCipher(transformation, Cipher.getInstance(transformation, target));
    } catch (javax.crypto.NoSuchPaddingException e) {
      throw new NoSuchAlgorithmException(e);
    }
  }

  private void track(int opmode) {
    mode =
        switch (opmode) {
          case Cipher.ENCRYPT_MODE -> "encrypt";
          case Cipher.DECRYPT_MODE -> "decrypt";
          case Cipher.WRAP_MODE -> "wrap";
          default -> "unwrap";
        };
  }

  private <T> T counted(T result) {
    CountingProvider.count("Cipher", algorithm, mode, delegate.getProvider());
    return result;
  }

  @Override
  protected void engineSetMode(String m) throws NoSuchAlgorithmException {
    throw new NoSuchAlgorithmException("forwarded by full transformation only");
  }

  @Override
  protected void engineSetPadding(String padding) throws javax.crypto.NoSuchPaddingException {
    throw new javax.crypto.NoSuchPaddingException("forwarded by full transformation only");
  }

  @Override
  protected int engineGetBlockSize() {
    return delegate.getBlockSize();
  }

  @Override
  protected int engineGetOutputSize(int inputLen) {
    return delegate.getOutputSize(inputLen);
  }

  @Override
  protected byte[] engineGetIV() {
    return delegate.getIV();
  }

  @Override
  protected AlgorithmParameters engineGetParameters() {
    return delegate.getParameters();
  }

  @Override
  protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
    delegate.init(opmode, key, random);
    track(opmode);
  }

  @Override
  protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    delegate.init(opmode, key, params, random);
    track(opmode);
  }

  @Override
  protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    delegate.init(opmode, key, params, random);
    track(opmode);
  }

  @Override
  protected byte[] engineUpdate(byte[] input, int offset, int length) {
    return delegate.update(input, offset, length);
  }

  @Override
  protected int engineUpdate(byte[] input, int offset, int length, byte[] out, int outOffset)
      throws ShortBufferException {
    return delegate.update(input, offset, length, out, outOffset);
  }

  @Override
  protected byte[] engineDoFinal(byte[] input, int offset, int length)
      throws IllegalBlockSizeException, BadPaddingException {
    return counted(delegate.doFinal(input, offset, length));
  }

  @Override
  protected int engineDoFinal(byte[] input, int offset, int length, byte[] out, int outOffset)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    return counted(delegate.doFinal(input, offset, length, out, outOffset));
  }

  @Override
  protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
    return counted(delegate.wrap(key));
  }

  @Override
  protected Key engineUnwrap(byte[] wrapped, String keyAlgorithm, int type)
      throws InvalidKeyException, NoSuchAlgorithmException {
    return counted(delegate.unwrap(wrapped, keyAlgorithm, type));
  }
}
