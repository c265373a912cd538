package dev.carbide.cipher;

import java.security.AlgorithmParameters;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.SecureRandom;
import javax.crypto.spec.GCMParameterSpec;

/**
 * The AEADs that OpenSSL runs over a whole message in one call, AES/CCM and AES/GCM-SIV, with
 * Bouncy Castle's contract (the JDK has neither): update only buffers (and returns null, as BC's),
 * doFinal transforms the message, AAD and all, in one native step; a decryption releases nothing
 * before its tag verifies. Parameters are a {@link GCMParameterSpec}.
 */
abstract sealed class OneShotAeadCipher extends AeadCipher permits CcmCipher, GcmSivCipher {
  /** The nonce length of an encryption initialized without parameters, as BC's. */
  static final int DEFAULT_NONCE_BYTES = 12;

  final AesKeys keys;
  private final String parametersAlgorithm;

  OneShotAeadCipher(String modeName, String reuseMessage, AesKeys keys, String parameters) {
    super(modeName, 16, reuseMessage);
    this.keys = keys;
    this.parametersAlgorithm = parameters;
  }

  @Override
  final boolean oneShot() {
    return true;
  }

  @Override
  final int updateLength(int total) {
    return 0;
  }

  /** A random nonce for an encryption initialized without parameters. */
  static byte[] randomNonce(SecureRandom random) {
    byte[] nonce = new byte[DEFAULT_NONCE_BYTES];
    (random != null ? random : new SecureRandom()).nextBytes(nonce);
    return nonce;
  }

  @Override
  final Class<GCMParameterSpec> parameterSpecClass() {
    return GCMParameterSpec.class;
  }

  @Override
  protected final int engineGetBlockSize() {
    return 16;
  }

  @Override
  protected final int engineGetKeySize(Key key) throws InvalidKeyException {
    return keys.keySizeOf(key);
  }

  @Override
  protected final AlgorithmParameters engineGetParameters() {
    return iv == null
        ? null
        : CipherParameters.of(parametersAlgorithm, new GCMParameterSpec(tagLen * 8, iv));
  }
}
