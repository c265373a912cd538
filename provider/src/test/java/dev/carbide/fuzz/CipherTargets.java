package dev.carbide.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import java.util.List;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Every Cipher mode: random keys (sometimes of a wrong size), parameters (sometimes wrong), AAD,
 * input split over array, offset-array, heap, direct and read-only buffer updates and in-place
 * calls; an encryption, then a decryption of the JDK's ciphertext, sometimes mutated; and now and
 * then a hostile call (an offset near Integer.MAX_VALUE, a negative length). AES/CCM, AES/GCM-SIV
 * and AES/XTS are not here: the JDK serves none of them (OneShotCrossCheckTest compares the first
 * two with Bouncy Castle, and OneShotWycheproofTest runs all three).
 */
final class CipherTargets {
  private CipherTargets() {}

  private static final List<String> TRANSFORMATIONS =
      List.of(
          "AES/ECB/NoPadding",
          "AES/ECB/PKCS5Padding",
          "AES/CBC/NoPadding",
          "AES/CBC/PKCS5Padding",
          "AES/CTR/NoPadding",
          "AES/OFB/NoPadding",
          "AES/CFB/NoPadding",
          "AES/CFB8/NoPadding",
          "AES/GCM/NoPadding",
          "AES/KW/NoPadding",
          "AES/KWP/NoPadding",
          "ChaCha20",
          "ChaCha20-Poly1305",
          "DESede/ECB/NoPadding",
          "DESede/ECB/PKCS5Padding",
          "DESede/CBC/NoPadding",
          "DESede/CBC/PKCS5Padding");

  static FuzzTarget target() {
    return PrimitiveTargets.target("Cipher", CipherTargets::cipher);
  }

  /** Everything drawn for one case; replayed on both providers. */
  private record Plan(
      String transformation,
      byte[] key,
      AlgorithmParameterSpec params,
      byte[] aad,
      byte[] data,
      List<Inputs.Piece> pieces,
      int hostile,
      int mutateAt) {
    boolean wraps() {
      return transformation.contains("/KW");
    }

    boolean aead() {
      return transformation.contains("GCM") || transformation.equals("ChaCha20-Poly1305");
    }

    @Override
    public String toString() {
      return transformation
          + " key "
          + key.length
          + " "
          + describe(params)
          + " aad "
          + (aad == null ? "-" : aad.length)
          + ", "
          + data.length
          + " bytes in "
          + pieces
          + (hostile >= 0 ? " hostile call " + hostile : "")
          + (mutateAt >= 0 ? " ciphertext byte " + mutateAt + " flipped" : "");
    }
  }

  private static String describe(AlgorithmParameterSpec params) {
    if (params instanceof GCMParameterSpec gcm) {
      return "GCM(tag " + gcm.getTLen() + ", iv " + gcm.getIV().length + ")";
    }
    if (params instanceof ChaCha20ParameterSpec chacha) {
      return "ChaCha20(nonce "
          + chacha.getNonce().length
          + ", counter "
          + Integer.toUnsignedString(chacha.getCounter())
          + ")";
    }
    if (params instanceof IvParameterSpec iv) {
      return "IV " + iv.getIV().length;
    }
    return "no params";
  }

  private static Plan plan(Random random) {
    String transformation = Providers.pick(random, Providers.registered("Cipher", TRANSFORMATIONS));
    boolean chacha = transformation.startsWith("ChaCha20");
    boolean odd = random.nextInt(12) == 0; // a wrong size now and then
    boolean desede = transformation.startsWith("DESede");
    int keyLength = chacha ? 32 : desede ? 24 : 16 + 8 * random.nextInt(3);
    if (odd) {
      keyLength += random.nextBoolean() ? 1 : -1;
    }
    byte[] key = Inputs.bytes(random, keyLength);
    AlgorithmParameterSpec params = params(random, transformation);
    byte[] aad = null;
    Plan shape = new Plan(transformation, key, params, null, new byte[0], List.of(), -1, -1);
    if (shape.aead() && random.nextBoolean()) {
      aad = Inputs.bytes(random, Inputs.length(random, 300));
    }
    int length = Inputs.length(random, 3000);
    if (random.nextInt(3) > 0
        && !transformation.contains("PKCS5")
        && !transformation.contains("CTR")
        && !chacha
        && !shape.aead()) {
      length =
          (transformation.contains("KW/") || desede ? 8 : 16)
              * (random.nextInt(40) + (shape.wraps() ? 2 : 0));
    }
    byte[] data = Inputs.bytes(random, length);
    List<Inputs.Piece> pieces = Inputs.split(random, data.length);
    int hostile = random.nextInt(25) == 0 ? random.nextInt(4) : -1;
    int mutateAt = random.nextInt(3) == 0 ? random.nextInt(length + 32) : -1;
    return new Plan(transformation, key, params, aad, data, pieces, hostile, mutateAt);
  }

  private static AlgorithmParameterSpec params(Random random, String transformation) {
    boolean odd = random.nextInt(15) == 0;
    if (transformation.equals("ChaCha20")) {
      int counter = random.nextInt(3) == 0 ? -1 - random.nextInt(3) : random.nextInt();
      return new ChaCha20ParameterSpec(Inputs.bytes(random, 12), counter);
    }
    if (transformation.contains("GCM")) {
      int[] tags = {128, 120, 112, 104, 96};
      int tagBits = odd ? 8 * random.nextInt(17) : tags[random.nextInt(tags.length)];
      return new GCMParameterSpec(tagBits, Inputs.bytes(random, odd ? random.nextInt(30) : 12));
    }
    if (transformation.equals("ChaCha20-Poly1305")) {
      return new IvParameterSpec(Inputs.bytes(random, odd ? 8 + random.nextInt(8) : 12));
    }
    if (transformation.contains("/KW/")) {
      return random.nextBoolean() ? null : new IvParameterSpec(Inputs.bytes(random, odd ? 4 : 8));
    }
    if (transformation.contains("/KWP/")) {
      // The standard ICV, or another 4-byte value (issue 13 item 9), or none.
      byte[] icv = {(byte) 0xa6, 0x59, 0x59, (byte) 0xa6};
      return switch (random.nextInt(3)) {
        case 0 -> null;
        case 1 -> new IvParameterSpec(icv);
        default -> new IvParameterSpec(Inputs.bytes(random, odd ? 8 : 4));
      };
    }
    int block = transformation.startsWith("DESede") ? 8 : 16;
    if (transformation.contains("ECB")) {
      return odd ? new IvParameterSpec(Inputs.bytes(random, block)) : null;
    }
    return new IvParameterSpec(Inputs.bytes(random, odd ? random.nextInt(20) : block));
  }

  private static void cipher(Random random) throws Exception {
    Plan plan = plan(random);
    if (Boolean.getBoolean("carbide.fuzz.trace")) { // says what a case runs before it can crash
      System.err.println("fuzz: running " + plan);
    }
    Outcome carbide =
        Outcome.of(s -> run(s, Providers.carbide(), plan, Cipher.ENCRYPT_MODE, plan.data));
    Outcome jdk =
        Outcome.of(s -> run(s, Providers.jdk("SunJCE"), plan, Cipher.ENCRYPT_MODE, plan.data));
    Divergence.check("encrypt " + plan, carbide, jdk);
    if (jdk.failed()) {
      return;
    }
    byte[] ciphertext = jdk.bytes().clone();
    if (plan.mutateAt >= 0 && ciphertext.length > 0) {
      ciphertext[plan.mutateAt % ciphertext.length] ^= 1;
    }
    List<Inputs.Piece> pieces = Inputs.split(new Random(plan.data.length), ciphertext.length);
    Plan decryption =
        new Plan(
            plan.transformation,
            plan.key,
            plan.params,
            plan.aad,
            ciphertext,
            pieces,
            -1,
            plan.mutateAt);
    if (Boolean.getBoolean("carbide.fuzz.trace")) {
      System.err.println("fuzz: running decrypt " + decryption);
    }
    Outcome carbideBack =
        Outcome.of(s -> run(s, Providers.carbide(), decryption, Cipher.DECRYPT_MODE, ciphertext));
    Outcome jdkBack =
        Outcome.of(
            s -> run(s, Providers.jdk("SunJCE"), decryption, Cipher.DECRYPT_MODE, ciphertext));
    Divergence.check("decrypt " + decryption, carbideBack, jdkBack);
  }

  private static byte[] run(
      Outcome.Steps steps, Provider provider, Plan plan, int mode, byte[] input) throws Exception {
    Cipher cipher = Cipher.getInstance(plan.transformation, provider);
    steps.at("init");
    String keyAlgorithm =
        plan.transformation.startsWith("ChaCha20")
            ? "ChaCha20"
            : plan.transformation.startsWith("DESede") ? "DESede" : "AES";
    SecretKeySpec key =
        new SecretKeySpec(plan.key.length == 0 ? new byte[1] : plan.key, keyAlgorithm);
    if (plan.params == null) {
      cipher.init(mode, key);
    } else {
      cipher.init(mode, key, plan.params);
    }
    if (plan.aad != null) {
      steps.at("updateAAD");
      int half = plan.aad.length / 2;
      cipher.updateAAD(plan.aad, 0, half);
      cipher.updateAAD(ByteBuffer.wrap(plan.aad, half, plan.aad.length - half));
    }
    if (plan.wraps()) {
      steps.at("doFinal");
      return cipher.doFinal(input);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    if (plan.hostile >= 0) {
      steps.at("hostile " + plan.hostile);
      hostile(cipher, plan.hostile, input);
    }
    steps.at("update");
    Inputs.feed(
        plan.pieces,
        input,
        new Inputs.Sink() {
          @Override
          public void array(byte[] array, int offset, int length) throws Exception {
            if (offset % 3 == 0) {
              // In place: output over the input, at the same offset.
              byte[] room = new byte[offset + Math.max(length, cipher.getOutputSize(length)) + 3];
              System.arraycopy(array, offset, room, offset, length);
              int n = cipher.update(room, offset, length, room, offset);
              out.write(room, offset, n);
            } else if (offset % 3 == 1) {
              byte[] result = cipher.update(array, offset, length);
              if (result != null) {
                out.write(result, 0, result.length);
              }
            } else {
              byte[] target = new byte[offset + cipher.getOutputSize(length)];
              int n = cipher.update(array, offset, length, target, offset);
              out.write(target, offset, n);
            }
          }

          @Override
          public void buffer(ByteBuffer buffer) throws Exception {
            int room = cipher.getOutputSize(buffer.remaining());
            ByteBuffer target =
                buffer.isDirect()
                    ? ByteBuffer.allocateDirect(room + 4)
                    : ByteBuffer.allocate(room + 4);
            target.position(2);
            int n = cipher.update(buffer, target);
            byte[] written = new byte[n];
            target.flip().position(2);
            target.get(written);
            out.write(written, 0, n);
          }

          @Override
          public void single(byte b) throws Exception {
            byte[] result = cipher.update(new byte[] {b});
            if (result != null) {
              out.write(result, 0, result.length);
            }
          }
        });
    steps.at("doFinal");
    byte[] last = cipher.doFinal();
    out.write(last, 0, last.length);
    return out.toByteArray();
  }

  /** A call a careless caller makes; both providers must refuse it the same way. */
  private static void hostile(Cipher cipher, int which, byte[] input) throws Exception {
    byte[] small = new byte[16];
    switch (which) {
      case 0 -> cipher.update(small, 0, 16, new byte[8], Integer.MAX_VALUE - 4);
      case 1 -> cipher.update(small, 8, 16);
      case 2 -> cipher.update(small, 0, -1, new byte[32], 0);
      default -> cipher.update(small, 0, 16, new byte[32], -1);
    }
  }
}
