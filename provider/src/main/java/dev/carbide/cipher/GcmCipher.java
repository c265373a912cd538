package dev.carbide.cipher;

import dev.carbide.internal.FipsMode;
import dev.carbide.random.RandomServices;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.spec.GCMParameterSpec;

/** AES/GCM/NoPadding, with SunJCE's parameter rules: GCMParameterSpec, tags of 96 to 128 bits. */
final class GcmCipher extends AeadCipher {
  private static final int DEFAULT_IV_BYTES = 12;
  private static final int MAX_IV_BYTES = 128; // OpenSSL's limit; SunJCE has none

  private final AesKeys keys;

  GcmCipher(AesKeys keys) {
    super("GCM", 16, "Must use either different key or iv for GCM encryption");
    this.keys = keys;
  }

  @Override
  void setup(boolean encrypt, byte[] rawKey, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    long cipher = keys.cipherFor(rawKey.length);
    byte[] iv;
    int tagBits;
    if (params == null) {
      if (!encrypt) {
        throw new InvalidAlgorithmParameterException("Parameters required for decryption");
      }
      iv = new byte[DEFAULT_IV_BYTES];
      if (FipsMode.enabled()) {
        RandomServices.fillFromEngine(iv); // generated inside the module, whatever `random` is
      } else {
        (random != null ? random : new SecureRandom()).nextBytes(iv);
      }
      tagBits = 128;
    } else if (params instanceof GCMParameterSpec spec) {
      if (encrypt) {
        FipsMode.refuseCallerGcmIv();
      }
      tagBits = spec.getTLen();
      if (tagBits < 96 || tagBits > 128 || (tagBits & 7) != 0) {
        throw new InvalidAlgorithmParameterException(
            "Unsupported TLen value. Must be one of {128, 120, 112, 104, 96}");
      }
      iv = spec.getIV();
      if (iv.length == 0) {
        throw new InvalidAlgorithmParameterException("IV is empty");
      }
      if (iv.length > MAX_IV_BYTES) {
        throw new InvalidAlgorithmParameterException("IV longer than " + MAX_IV_BYTES + " bytes");
      }
    } else {
      throw new InvalidAlgorithmParameterException("Unsupported parameter: " + params);
    }
    if (!acceptUnlessRepeated(encrypt, rawKey, cipher, iv, tagBits / 8)) {
      throw new InvalidAlgorithmParameterException("Cannot reuse iv for GCM encryption");
    }
  }

  @Override
  protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
    if (!CipherKeys.encrypting(opmode)) {
      throw new InvalidKeyException("No GCMParameterSpec specified");
    }
    super.engineInit(opmode, key, random);
  }

  @Override
  Class<? extends AlgorithmParameterSpec> parameterSpecClass() {
    return GCMParameterSpec.class;
  }

  @Override
  protected int engineGetBlockSize() {
    return 16;
  }

  @Override
  protected int engineGetKeySize(Key key) throws InvalidKeyException {
    return keys.keySizeOf(key);
  }

  @Override
  protected AlgorithmParameters engineGetParameters() {
    if (iv == null) {
      return null;
    }
    return CipherParameters.of("GCM", new GCMParameterSpec(tagLen * 8, iv));
  }
}
