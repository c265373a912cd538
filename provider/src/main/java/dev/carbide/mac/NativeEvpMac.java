package dev.carbide.mac;

import dev.carbide.KmacParameterSpec;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.spec.IvParameterSpec;

/**
 * A MAC of OpenSSL's EVP_MAC family other than HMAC (CMAC, GMAC, KMAC, Poly1305), over one reusable
 * native context: the key and parameter checks here, driven by the {@link EvpMacAlgorithm} row, and
 * the message mechanics in {@link SessionMac}, as for HMAC. Everything is checked before the native
 * state changes, so a refused init keeps the previous key. A GMAC IV serves one message, as in
 * Bouncy Castle: after doFinal it needs init with a new IV, and it cannot be cloned. The JDK has
 * none of these MACs; Bouncy Castle's names and parameter specs are the reference.
 */
final class NativeEvpMac extends SessionMac {
  /** The largest tag the session's scratch memory returns, in bytes. */
  private static final int MAX_OUTPUT_BYTES = 1024;

  /** OpenSSL's bounds on a KMAC key and customisation string (providers/implementations/macs). */
  private static final int KMAC_MIN_KEY = 4;

  private static final int KMAC_MAX_KEY = 512;
  private static final int KMAC_MAX_CUSTOMISATION = 512;

  private final EvpMacAlgorithm algorithm;
  private int size;

  NativeEvpMac(EvpMacAlgorithm algorithm, long mac) {
    super(MacNative.newEvpSession(mac, algorithm.parameterKind()));
    this.algorithm = algorithm;
    this.size = algorithm.defaultOutputBytes();
  }

  @Override
  protected int engineGetMacLength() {
    return size;
  }

  @Override
  protected void engineInit(Key key, AlgorithmParameterSpec params)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    byte[] parameter = null;
    int outputBytes = algorithm.defaultOutputBytes();
    switch (algorithm.parameterKind()) {
      case MacNative.PARAMETER_NONE -> {
        if (params != null) {
          throw new InvalidAlgorithmParameterException(
              algorithm.name() + " does not use parameters");
        }
      }
      case MacNative.PARAMETER_IV -> {
        if (!(params instanceof IvParameterSpec iv)) {
          throw new InvalidAlgorithmParameterException(
              algorithm.name() + " needs an IvParameterSpec");
        }
        parameter = iv.getIV();
        if (parameter.length == 0) {
          throw new InvalidAlgorithmParameterException("IV must not be empty");
        }
      }
      default -> {
        if (params instanceof KmacParameterSpec kmac) {
          parameter = kmac.getCustomizationString();
          outputBytes = kmac.getMacSizeInBits() / 8;
        } else if (params != null) {
          throw new InvalidAlgorithmParameterException(
              "unknown parameter spec for KMAC: " + params.getClass().getName());
        }
        if (parameter != null && parameter.length > KMAC_MAX_CUSTOMISATION) {
          throw new InvalidAlgorithmParameterException(
              "KMAC customisation string longer than " + KMAC_MAX_CUSTOMISATION + " bytes");
        }
        if (outputBytes > MAX_OUTPUT_BYTES) {
          throw new InvalidAlgorithmParameterException(
              "KMAC output longer than " + MAX_OUTPUT_BYTES * 8 + " bits");
        }
      }
    }
    byte[] encoded = rawKeyBytes(key, algorithm.name());
    try {
      checkKeyLength(encoded.length);
      // A GMAC's next message under the same key, the way GMAC is used: only the IV goes in, with
      // no array crossing JNI.
      if (algorithm.parameterKind() == MacNative.PARAMETER_IV
          && session.restartFromScratch(encoded, parameter, MacNative::renewEvp)) {
        size = outputBytes;
        return;
      }
      byte[] iv = parameter;
      int output = outputBytes;
      session.restart(
          handle ->
              MacNative.initEvp(handle, encoded, algorithm.cipherFor(encoded.length), iv, output));
      size = outputBytes;
    } finally {
      Arrays.fill(encoded, (byte) 0);
    }
  }

  private void checkKeyLength(int length) throws InvalidKeyException {
    int[] lengths = algorithm.keyLengths();
    if (lengths.length == 0) {
      // KMAC: OpenSSL's bounds.
      if (length < KMAC_MIN_KEY || length > KMAC_MAX_KEY) {
        throw new InvalidKeyException(
            "KMAC key must be " + KMAC_MIN_KEY + " to " + KMAC_MAX_KEY + " bytes, not " + length);
      }
      return;
    }
    for (int allowed : lengths) {
      if (allowed == length) {
        return;
      }
    }
    throw new InvalidKeyException(
        "Invalid " + algorithm.name() + " key length: " + length + " bytes");
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    if (algorithm.parameterKind() == MacNative.PARAMETER_IV) {
      // Two copies of a GMAC could finish two messages under one IV, which gives away the hash
      // key: each message needs its own IV.
      throw new CloneNotSupportedException(algorithm.name() + " cannot be cloned");
    }
    return super.clone();
  }
}
