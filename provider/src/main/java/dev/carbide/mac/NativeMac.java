package dev.carbide.mac;

import dev.carbide.internal.MessageSession;
import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.MacSpi;
import javax.crypto.SecretKey;

/**
 * An HMAC over one reusable native context, keyed once per {@code init} and restarted under the
 * same key after every {@code doFinal}: the key handling here, the buffering and the crossings in
 * {@link MessageSession}. A short message costs one JNI crossing with primitive arguments, and
 * {@code update(byte)} costs none. {@link javax.crypto.Mac} checks every input range before the SPI
 * sees it, as it does for SunJCE's HmacCore, so no check is repeated here.
 */
final class NativeMac extends MacSpi implements Cloneable {
  private final int size;
  private MessageSession session;

  NativeMac(long md, int size) {
    this.size = size;
    this.session = new MessageSession(MacNative.newSession(md));
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
    byte[] encoded = rawKeyBytes(key);
    try {
      session.restart(handle -> MacNative.init(handle, encoded, 0, encoded.length));
    } finally {
      Arrays.fill(encoded, (byte) 0);
    }
  }

  /**
   * The bytes of any secret key in RAW format, whatever its algorithm name: JSSE's HKDF keys a Mac
   * with keys named "TlsEarlySecret" and the like. The caller must zero the returned copy.
   */
  private static byte[] rawKeyBytes(Key key) throws InvalidKeyException {
    if (!(key instanceof SecretKey)) {
      throw new InvalidKeyException("Secret key expected");
    }
    String format = key.getFormat();
    if (!"RAW".equalsIgnoreCase(format)) {
      throw new InvalidKeyException("HMAC needs a key in RAW format, not " + format);
    }
    byte[] encoded = key.getEncoded();
    if (encoded == null) {
      throw new InvalidKeyException("Missing key data");
    }
    return encoded;
  }

  @Override
  protected void engineUpdate(byte input) {
    session.update(input);
  }

  @Override
  protected void engineUpdate(byte[] input, int offset, int len) {
    session.update(input, offset, len);
  }

  @Override
  protected void engineUpdate(ByteBuffer input) {
    session.update(input);
  }

  @Override
  protected byte[] engineDoFinal() {
    // An HMAC output is often a key (HKDF's PRK and traffic secrets), so it does not linger.
    return session.finishSecret(size);
  }

  @Override
  protected void engineReset() {
    // Mac.doFinal() calls this right after engineDoFinal(), which has already restarted the
    // native context: then there is nothing to do and no crossing.
    session.reset();
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    NativeMac copy = (NativeMac) super.clone();
    copy.session = session.copy();
    return copy;
  }
}
