package dev.carbide.tls;

import static dev.carbide.tls.RecordingProvider.count;

import java.nio.ByteBuffer;
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
 * The Cipher engine of {@link RecordingProvider}. Its delegate is created at the first init, by the
 * transformation the caller asked for (mode and padding may arrive through engineSetMode and
 * engineSetPadding when the caller named a transformation this provider lists only by algorithm),
 * and kept like the JCA's own Cipher keeps the provider it chose. Counts each doFinal, wrap and
 * unwrap ("Cipher AES/GCM/NoPadding encrypt Carbide").
 */
final class RecordingCipher extends CipherSpi {
  private final String algorithm;
  private String mode;
  private String padding;
  private Cipher delegate;
  private String operation = "none";

  RecordingCipher(String algorithm) {
    this.algorithm = algorithm;
  }

  private String transformation() {
    if (mode == null && padding == null) {
      return algorithm;
    }
    return algorithm
        + "/"
        + (mode == null ? "ECB" : mode)
        + "/"
        + (padding == null ? "NoPadding" : padding);
  }

  private void init(int opmode, Key key, Object params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    RecordingProvider.init(
        () -> {
          if (delegate == null) {
            delegate = Cipher.getInstance(transformation());
          }
          if (params instanceof AlgorithmParameterSpec spec) {
            delegate.init(opmode, key, spec, random);
          } else if (params instanceof AlgorithmParameters parameters) {
            delegate.init(opmode, key, parameters, random);
          } else {
            delegate.init(opmode, key, random);
          }
        });
    operation =
        switch (opmode) {
          case Cipher.ENCRYPT_MODE -> "encrypt";
          case Cipher.DECRYPT_MODE -> "decrypt";
          case Cipher.WRAP_MODE -> "wrap";
          default -> "unwrap";
        };
  }

  private <T> T counted(T result) {
    count("Cipher", transformation(), operation, delegate.getProvider());
    return result;
  }

  @Override
  protected void engineSetMode(String newMode) throws NoSuchAlgorithmException {
    mode = newMode;
  }

  @Override
  protected void engineSetPadding(String newPadding) {
    padding = newPadding;
  }

  @Override
  protected int engineGetBlockSize() {
    return delegate == null ? 0 : delegate.getBlockSize();
  }

  @Override
  protected int engineGetOutputSize(int inputLen) {
    return delegate.getOutputSize(inputLen);
  }

  @Override
  protected byte[] engineGetIV() {
    return delegate == null ? null : delegate.getIV();
  }

  @Override
  protected AlgorithmParameters engineGetParameters() {
    return delegate == null ? null : delegate.getParameters();
  }

  @Override
  protected int engineGetKeySize(Key key) {
    byte[] encoded = key.getEncoded();
    return encoded == null ? 0 : encoded.length * 8;
  }

  @Override
  protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
    try {
      init(opmode, key, null, random);
    } catch (InvalidAlgorithmParameterException e) {
      throw new InvalidKeyException(e);
    }
  }

  @Override
  protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    init(opmode, key, params, random);
  }

  @Override
  protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    init(opmode, key, params, random);
  }

  @Override
  protected void engineUpdateAAD(byte[] src, int offset, int len) {
    delegate.updateAAD(src, offset, len);
  }

  @Override
  protected void engineUpdateAAD(ByteBuffer src) {
    delegate.updateAAD(src);
  }

  @Override
  protected byte[] engineUpdate(byte[] input, int offset, int len) {
    return delegate.update(input, offset, len);
  }

  @Override
  protected int engineUpdate(byte[] input, int offset, int len, byte[] output, int outputOffset)
      throws ShortBufferException {
    return delegate.update(input, offset, len, output, outputOffset);
  }

  @Override
  protected int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
    return delegate.update(input, output);
  }

  @Override
  protected byte[] engineDoFinal(byte[] input, int offset, int len)
      throws IllegalBlockSizeException, BadPaddingException {
    return counted(delegate.doFinal(input, offset, len));
  }

  @Override
  protected int engineDoFinal(byte[] input, int offset, int len, byte[] output, int outputOffset)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    return counted(delegate.doFinal(input, offset, len, output, outputOffset));
  }

  @Override
  protected int engineDoFinal(ByteBuffer input, ByteBuffer output)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    return counted(delegate.doFinal(input, output));
  }

  @Override
  protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
    return counted(delegate.wrap(key));
  }

  @Override
  protected Key engineUnwrap(byte[] wrapped, String wrappedAlgorithm, int wrappedType)
      throws InvalidKeyException, NoSuchAlgorithmException {
    return counted(delegate.unwrap(wrapped, wrappedAlgorithm, wrappedType));
  }
}
