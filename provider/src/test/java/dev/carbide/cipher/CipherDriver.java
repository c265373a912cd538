package dev.carbide.cipher;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.crypto.Cipher;

/**
 * Drives an initialised Cipher through AAD and data in pieces, through one of the data forms, and
 * records what every call returned, so two providers' runs can be compared call by call.
 */
final class CipherDriver {
  private CipherDriver() {}

  enum Form {
    ARRAY,
    HEAP,
    DIRECT,
    HEAP_IN_PLACE,
    DIRECT_IN_PLACE
  }

  /** The output of every update and of doFinal, and getOutputSize before each call. */
  record Trace(List<byte[]> outputs, List<Integer> outputSizes) {
    byte[] joined() {
      int len = outputs.stream().mapToInt(o -> o.length).sum();
      ByteBuffer all = ByteBuffer.allocate(len);
      outputs.forEach(all::put);
      return all.array();
    }
  }

  /** Random cut points splitting {@code len} bytes into a few pieces, some of them empty. */
  static int[] splits(Random random, int len) {
    int pieces = random.nextInt(4);
    int[] cuts = new int[pieces + 2];
    cuts[pieces + 1] = len;
    for (int i = 1; i <= pieces; i++) {
      cuts[i] = random.nextInt(len + 1);
    }
    java.util.Arrays.sort(cuts);
    return cuts;
  }

  static Trace run(Cipher cipher, byte[] aad, byte[] input, int[] cuts, Form form)
      throws Exception {
    if (aad != null && aad.length > 0) {
      int half = aad.length / 2;
      cipher.updateAAD(aad, 0, half);
      cipher.updateAAD(ByteBuffer.wrap(aad, half, aad.length - half));
    }
    List<byte[]> outputs = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    int room = cipher.getOutputSize(input.length) + 64;
    ByteBuffer shared = buffer(form, Math.max(room, input.length));
    shared.put(0, input);
    int written = 0;
    for (int i = 0; i + 1 < cuts.length; i++) {
      boolean last = i + 2 == cuts.length;
      int from = cuts[i];
      int len = cuts[i + 1] - from;
      sizes.add(cipher.getOutputSize(len));
      byte[] out;
      switch (form) {
        case ARRAY -> {
          if (last) {
            out = cipher.doFinal(input, from, len);
          } else {
            out = cipher.update(input, from, len);
            out = out == null ? new byte[0] : out;
          }
        }
        case HEAP, DIRECT -> {
          ByteBuffer in = buffer(form, len).put(0, input, from, len);
          ByteBuffer dst = buffer(form, cipher.getOutputSize(len) + 16);
          int n = last ? cipher.doFinal(in, dst) : cipher.update(in, dst);
          out = new byte[n];
          dst.get(0, out);
        }
        default -> {
          ByteBuffer in = shared.duplicate().limit(from + len).position(from);
          ByteBuffer dst = shared.duplicate().position(written);
          int n = last ? cipher.doFinal(in, dst) : cipher.update(in, dst);
          out = new byte[n];
          shared.get(written, out);
          written += n;
        }
      }
      outputs.add(out);
    }
    return new Trace(outputs, sizes);
  }

  private static ByteBuffer buffer(Form form, int size) {
    boolean direct = form == Form.DIRECT || form == Form.DIRECT_IN_PLACE;
    return direct ? ByteBuffer.allocateDirect(size) : ByteBuffer.allocate(size);
  }
}
