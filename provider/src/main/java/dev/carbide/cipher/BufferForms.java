package dev.carbide.cipher;

import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Arrays;
import javax.crypto.BadPaddingException;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.ShortBufferException;

/**
 * The ByteBuffer forms of update and doFinal. Two direct buffers go to native code zero-copy, even
 * when they share memory (in place or overlapping: the native side copies the input only when the
 * output would overrun unread input). Heap buffers go as their backing arrays, so JSSE's in-place
 * record (the same array) costs no copy either. Only a read-only heap input or a mix of direct and
 * heap buffers is copied through an array. Positions move only on success.
 */
final class BufferForms {
  private BufferForms() {}

  static int run(CipherCore core, ByteBuffer in, ByteBuffer out, boolean isFinal)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    if (out.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int inPos = in.position();
    int inLen = in.remaining();
    int outPos = out.position();
    int outCap = out.remaining();
    int n;
    if (in.isDirect() && out.isDirect()) {
      n = step(core, isFinal, in, inPos, inLen, out, outPos, outCap);
    } else {
      byte[] inArray;
      int inOff;
      if (in.hasArray()) {
        inArray = in.array();
        inOff = in.arrayOffset() + inPos;
      } else {
        inArray = new byte[inLen];
        in.get(inPos, inArray);
        inOff = 0;
      }
      try {
        n = arraysStep(core, isFinal, inArray, inOff, inLen, out, outPos, outCap);
      } finally {
        if (!in.hasArray()) {
          Arrays.fill(inArray, (byte) 0); // plaintext, when encrypting
        }
      }
    }
    in.position(inPos + inLen);
    out.position(outPos + n);
    return n;
  }

  /** A step from an array into {@code out}: its backing array, or a temporary one copied in. */
  private static int arraysStep(
      CipherCore core,
      boolean isFinal,
      byte[] in,
      int inOff,
      int inLen,
      ByteBuffer out,
      int outPos,
      int outCap)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    if (out.hasArray()) {
      return step(core, isFinal, in, inOff, inLen, out.array(), out.arrayOffset() + outPos, outCap);
    }
    int total = Math.addExact(core.buffered, inLen);
    int need = isFinal ? core.finalLength(total) : core.updateLength(total);
    byte[] temp = new byte[Math.max(0, Math.min(need, outCap))];
    try {
      int n = step(core, isFinal, in, inOff, inLen, temp, 0, temp.length);
      out.put(outPos, temp, 0, n);
      return n;
    } finally {
      Arrays.fill(temp, (byte) 0); // plaintext, when decrypting
    }
  }

  private static int step(
      CipherCore core,
      boolean isFinal,
      Object in,
      int inOff,
      int inLen,
      Object out,
      int outOff,
      int outCap)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    return isFinal
        ? core.doFinal(in, inOff, inLen, out, outOff, outCap)
        : core.update(in, inOff, inLen, out, outOff, outCap);
  }

  /** A copy of {@code inLen} bytes of a byte[] or a ByteBuffer (at an absolute index). */
  static byte[] copyOf(Object in, int inOff, int inLen) {
    if (inLen == 0) {
      return CipherSteps.EMPTY;
    }
    byte[] copy = new byte[inLen];
    copy(in, inOff, copy, 0, inLen);
    return copy;
  }

  /** Copies from a byte[] or a ByteBuffer (at an absolute index) into an array. */
  static void copy(Object in, int inOff, byte[] to, int toOff, int len) {
    if (in instanceof byte[] array) {
      System.arraycopy(array, inOff, to, toOff, len);
    } else {
      ((ByteBuffer) in).get(inOff, to, toOff, len);
    }
  }
}
