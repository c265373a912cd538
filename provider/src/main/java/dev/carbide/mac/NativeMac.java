package dev.carbide.mac;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;

/**
 * An HMAC over one reusable native context, keyed once per {@code init} and restarted under the
 * same key after every {@code doFinal}: the key handling here, the message mechanics in {@link
 * SessionMac}.
 */
final class NativeMac extends SessionMac {
  private final int size;

  NativeMac(long md, int size) {
    super(MacNative.newSession(md));
    this.size = size;
  }

  @Override
  protected int engineGetMacLength() {
    return size;
  }

  @Override
  protected void engineInit(Key key, AlgorithmParameterSpec params)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    // Everything is checked before the native state changes, so a failed init keeps the old key,
    // as SunJCE's does.
    if (params != null) {
      throw new InvalidAlgorithmParameterException("HMAC does not use parameters");
    }
    byte[] encoded = rawKeyBytes(key, "HMAC");
    try {
      session.restart(handle -> MacNative.init(handle, encoded, 0, encoded.length));
    } finally {
      Arrays.fill(encoded, (byte) 0);
    }
  }
}
