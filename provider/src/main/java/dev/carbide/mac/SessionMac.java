package dev.carbide.mac;

import dev.carbide.internal.MessageSession;
import java.nio.ByteBuffer;
import java.security.InvalidKeyException;
import java.security.Key;
import javax.crypto.MacSpi;
import javax.crypto.SecretKey;

/**
 * What every Carbide Mac shares: the message mechanics over a native {@link MessageSession} (a
 * short message costs one JNI crossing with primitive arguments, and {@code update(byte)} none),
 * reset, clone and the reading of a RAW key. Each subclass keys its session in {@code engineInit}.
 * {@link javax.crypto.Mac} checks every input range before the SPI sees it, as it does for SunJCE's
 * HmacCore, so no check is repeated here.
 */
abstract class SessionMac extends MacSpi implements Cloneable {
  MessageSession session;

  SessionMac(long sessionHandle) {
    this.session = new MessageSession(sessionHandle);
  }

  /**
   * The bytes of any secret key in RAW format, whatever its algorithm name: JSSE's HKDF keys a Mac
   * with keys named "TlsEarlySecret" and the like. The caller must zero the returned copy.
   */
  static byte[] rawKeyBytes(Key key, String macName) throws InvalidKeyException {
    if (!(key instanceof SecretKey)) {
      throw new InvalidKeyException("Secret key expected");
    }
    String format = key.getFormat();
    if (!"RAW".equalsIgnoreCase(format)) {
      throw new InvalidKeyException(macName + " needs a key in RAW format, not " + format);
    }
    byte[] encoded = key.getEncoded();
    if (encoded == null) {
      throw new InvalidKeyException("Missing key data");
    }
    return encoded;
  }

  @Override
  protected final void engineUpdate(byte input) {
    session.update(input);
  }

  @Override
  protected final void engineUpdate(byte[] input, int offset, int len) {
    session.update(input, offset, len);
  }

  @Override
  protected final void engineUpdate(ByteBuffer input) {
    session.update(input);
  }

  @Override
  protected final byte[] engineDoFinal() {
    // A MAC's output is often a key (HKDF's PRK and traffic secrets, KMAC as a KDF), so it does
    // not linger.
    return session.finishSecret(engineGetMacLength());
  }

  @Override
  protected final void engineReset() {
    // Mac.doFinal() calls this right after engineDoFinal(), which has already restarted the
    // native context: then there is nothing to do and no crossing.
    session.reset();
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    SessionMac copy = (SessionMac) super.clone();
    copy.session = session.copy();
    return copy;
  }
}
