package dev.carbide.mac;

import dev.carbide.internal.NativeCleaner;
import java.lang.ref.Reference;
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
 * same key after every {@code doFinal}.
 *
 * <p>Updates that fit stay in the session's scratch memory, written from Java through a direct
 * ByteBuffer; the native side sees them only when the buffer fills or at {@code doFinal()}. So a
 * short message costs one JNI crossing with primitive arguments, and {@code update(byte)} costs
 * none.
 */
final class NativeMac extends MacSpi implements Cloneable {
  private static final int CAPACITY = MacNative.SCRATCH_CAPACITY;
  private static final byte[] ZEROS = new byte[64];

  private final int size;
  private long session;
  private ByteBuffer scratch;
  private int pendingLen;

  /** True once data has reached the native context since the last doFinal, reset or init. */
  private boolean nativeDirty;

  NativeMac(long md, int size) {
    this.size = size;
    attach(MacNative.newSession(md));
  }

  private void attach(long newSession) {
    session = newSession;
    NativeCleaner.register(this, newSession, MacNative::freeSession);
    scratch = MacNative.scratch(newSession);
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
      MacNative.init(session, encoded, 0, encoded.length);
    } finally {
      Arrays.fill(encoded, (byte) 0);
      Reference.reachabilityFence(this);
    }
    pendingLen = 0;
    nativeDirty = false;
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
    if (pendingLen == CAPACITY) {
      flush(null, 0, 0);
    }
    scratch.put(pendingLen++, input);
  }

  @Override
  protected void engineUpdate(byte[] input, int offset, int len) {
    if (len <= CAPACITY - pendingLen) {
      scratch.put(pendingLen, input, offset, len);
      pendingLen += len;
    } else {
      flush(input, offset, len);
    }
  }

  @Override
  protected void engineUpdate(ByteBuffer input) {
    int position = input.position();
    int len = input.limit() - position;
    if (len <= CAPACITY - pendingLen) {
      // A bulk copy into scratch is cheaper than a crossing, whatever the kind of buffer.
      scratch.put(pendingLen, input, position, len);
      pendingLen += len;
      input.position(position + len);
    } else if (input.isDirect()) {
      updateDirect(input, position, len); // zero-copy, read-only buffers included
    } else {
      super.engineUpdate(input); // heap buffers arrive as arrays through engineUpdate(byte[])
    }
  }

  private void updateDirect(ByteBuffer input, int position, int len) {
    try {
      MacNative.updateDirect(session, pendingLen, input, position, len);
    } finally {
      Reference.reachabilityFence(this);
      Reference.reachabilityFence(input);
    }
    pendingLen = 0;
    nativeDirty = true;
    input.position(position + len);
  }

  private void flush(byte[] input, int offset, int len) {
    try {
      MacNative.update(session, pendingLen, input, offset, len);
    } finally {
      Reference.reachabilityFence(this);
    }
    pendingLen = 0;
    nativeDirty = true;
  }

  @Override
  protected byte[] engineDoFinal() {
    try {
      MacNative.finish(session, pendingLen);
    } finally {
      Reference.reachabilityFence(this);
    }
    byte[] out = new byte[size];
    scratch.get(0, out, 0, size);
    // An HMAC output is often a key (HKDF's PRK and traffic secrets), so it does not linger.
    scratch.put(0, ZEROS, 0, size);
    pendingLen = 0;
    nativeDirty = false;
    return out;
  }

  @Override
  protected void engineReset() {
    // Mac.doFinal() calls this right after engineDoFinal(), which has already restarted the
    // native context: then there is nothing to do and no crossing.
    pendingLen = 0;
    if (nativeDirty) {
      try {
        MacNative.reset(session);
      } finally {
        Reference.reachabilityFence(this);
      }
      nativeDirty = false;
    }
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    NativeMac copy = (NativeMac) super.clone();
    try {
      copy.attach(MacNative.copySession(session));
    } finally {
      Reference.reachabilityFence(this);
    }
    return copy;
  }
}
