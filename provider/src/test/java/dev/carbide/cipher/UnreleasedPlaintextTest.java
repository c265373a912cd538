package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.ChildJvm;
import java.io.File;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * A decryption whose tag or padding fails must never let its plaintext into the caller's memory,
 * not even for a moment: a second thread scans the output (array or direct buffer, separate or in
 * place) while failing 1 MiB decryptions run, and must never see a block of the plaintext, and the
 * output must hold none afterwards. The plaintext is one 16-byte marker repeated, so any released
 * block is recognisable.
 */
class UnreleasedPlaintextTest {
  private static final byte[] MARKER = "plaintext-marker".getBytes(StandardCharsets.US_ASCII);
  private static final int SIZE = 1 << 20;
  private static final int MIN_SCANS = 30;
  private static final int MAX_ROUNDS = 400;

  /** A failing decryption: the transformation, and how its ciphertext was spoiled. */
  record Case(String transformation, Where where) {
    @Override
    public String toString() {
      return transformation + " " + where;
    }
  }

  enum Where {
    ARRAY,
    ARRAY_IN_PLACE,
    DIRECT,
    DIRECT_IN_PLACE
  }

  static final List<Case> CASES =
      List.of("AES/GCM/NoPadding", "ChaCha20-Poly1305", "AES/CBC/PKCS5Padding").stream()
          .flatMap(t -> Arrays.stream(Where.values()).map(w -> new Case(t, w)))
          .toList();

  @ParameterizedTest
  @FieldSource("CASES")
  void failingDecryptionNeverShowsPlaintext(Case c) throws Exception {
    check(c, watch(c));
  }

  /**
   * The array cases again in a JVM without -Xcheck:jni, which the tests otherwise run with: it
   * hands native code a copy of a pinned array rather than the array, which would hide plaintext
   * written into the array's own memory.
   */
  @Test
  void failingDecryptionNeverShowsPlaintextInArraysWithoutCheckJni() throws Exception {
    List<String> command = new ArrayList<>(List.of(ChildJvm.java(), "-Xmx512m"));
    String openssl = System.getProperty("carbide.openssl.path");
    if (openssl != null) {
      command.add("-Dcarbide.openssl.path=" + openssl);
    }
    command.addAll(
        List.of(
            "-cp",
            String.join(File.pathSeparator, ChildJvm.classPath()),
            ArrayCases.class.getName()));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, child.waitFor(), output);
    List<String> results = output.lines().filter(l -> l.startsWith("case ")).toList();
    assertEquals(arrayCases().size(), results.size(), output);
    for (String line : results) {
      String[] fields = line.split(" ");
      Case c = arrayCases().get(Integer.parseInt(fields[1]));
      check(c, new int[] {Integer.parseInt(fields[2]), Integer.parseInt(fields[3])});
    }
  }

  /** The child JVM's main: prints "case index scans seen" for each array case. */
  static final class ArrayCases {
    public static void main(String[] args) throws Exception {
      List<Case> cases = arrayCases();
      for (int i = 0; i < cases.size(); i++) {
        int[] outcome = watch(cases.get(i));
        System.out.println("case " + i + " " + outcome[0] + " " + outcome[1]);
      }
    }
  }

  private static List<Case> arrayCases() {
    return CASES.stream()
        .filter(c -> c.where() == Where.ARRAY || c.where() == Where.ARRAY_IN_PLACE)
        .toList();
  }

  private static void check(Case c, int[] outcome) {
    assertTrue(outcome[0] >= MIN_SCANS, c + ": the watcher scanned too rarely");
    assertEquals(0, outcome[1], c + ": the watcher saw plaintext during the decryption");
  }

  /**
   * Runs failing decryptions of case {@code c} while a watcher scans the output, until it has
   * scanned often enough; checks after each that the output holds no plaintext. Returns the
   * watcher's scans and the marker blocks it saw.
   */
  static int[] watch(Case c) throws Exception {
    byte[] ciphertext = spoiledCiphertext(c.transformation());
    Cipher cipher = Cipher.getInstance(c.transformation(), Carbide.provider());
    Class<? extends Exception> expected =
        c.transformation().endsWith("PKCS5Padding")
            ? BadPaddingException.class
            : AEADBadTagException.class;
    // Output and input sit at odd offsets, in place at the same one.
    int offset = 3;
    byte[] array = new byte[offset + ciphertext.length + 16];
    ByteBuffer direct = ByteBuffer.allocateDirect(array.length);
    boolean isDirect = c.where() == Where.DIRECT || c.where() == Where.DIRECT_IN_PLACE;
    boolean inPlace = c.where() == Where.ARRAY_IN_PLACE || c.where() == Where.DIRECT_IN_PLACE;
    ByteBuffer separateInput = ByteBuffer.allocateDirect(ciphertext.length).put(ciphertext).flip();
    Watcher watcher =
        new Watcher(
            isDirect ? i -> direct.get(offset + i) : i -> array[offset + i], ciphertext.length);
    watcher.start();
    try {
      // Until the watcher has scanned during enough decryptions: the machine may be loaded.
      for (int round = 0; round < MAX_ROUNDS && watcher.scans.get() < MIN_SCANS; round++) {
        init(cipher, Cipher.DECRYPT_MODE, c.transformation());
        if (isDirect) {
          direct.put(0, new byte[array.length]);
          ByteBuffer input;
          if (inPlace) {
            direct.put(offset, ciphertext);
            input = direct.duplicate().position(offset).limit(offset + ciphertext.length);
          } else {
            input = separateInput.duplicate();
          }
          ByteBuffer out = direct.duplicate().position(offset);
          watcher.watching.set(true);
          assertThrows(expected, () -> cipher.doFinal(input, out));
        } else {
          Arrays.fill(array, (byte) 0);
          byte[] input = ciphertext;
          int inputOffset = 0;
          if (inPlace) {
            System.arraycopy(ciphertext, 0, array, offset, ciphertext.length);
            input = array;
            inputOffset = offset;
          }
          byte[] in = input;
          int inOffset = inputOffset;
          watcher.watching.set(true);
          assertThrows(
              expected, () -> cipher.doFinal(in, inOffset, ciphertext.length, array, offset));
        }
        watcher.watching.set(false);
        assertEquals(0, watcher.markerBlocks(), c + ": the output holds plaintext afterwards");
      }
    } finally {
      watcher.stop = true;
      watcher.join();
    }
    return new int[] {watcher.scans.get(), watcher.seen.get()};
  }

  /** Scans the output for marker blocks while watching is set, counting scans and sightings. */
  static final class Watcher extends Thread {
    interface Reader {
      byte at(int index);
    }

    final AtomicBoolean watching = new AtomicBoolean();
    final AtomicInteger scans = new AtomicInteger();
    final AtomicInteger seen = new AtomicInteger();
    volatile boolean stop;
    private final Reader reader;
    private final int length;

    Watcher(Reader reader, int length) {
      this.reader = reader;
      this.length = length;
      setDaemon(true);
    }

    @Override
    public void run() {
      while (!stop) {
        if (watching.get()) {
          // No output ever holds a marker between rounds either, so every sighting counts.
          seen.addAndGet(markerBlocks());
          scans.incrementAndGet();
        } else {
          Thread.onSpinWait();
        }
      }
    }

    /** The output's 16-byte blocks that equal the marker. */
    int markerBlocks() {
      int found = 0;
      for (int block = 0; block + 16 <= length; block += 16) {
        int i = 0;
        while (i < 16 && reader.at(block + i) == MARKER[i]) {
          i++;
        }
        if (i == 16) {
          found++;
        }
      }
      return found;
    }
  }

  /**
   * 1 MiB of marker blocks, encrypted by SunJCE and spoiled: an AEAD's tag is flipped, and a padded
   * CBC message is encrypted without padding, so its last block (a marker) is not valid padding.
   */
  private static byte[] spoiledCiphertext(String transformation) throws GeneralSecurityException {
    byte[] plaintext = new byte[SIZE];
    for (int i = 0; i < SIZE; i += 16) {
      System.arraycopy(MARKER, 0, plaintext, i, 16);
    }
    String sealing = transformation.replace("PKCS5Padding", "NoPadding");
    Cipher jdk = Cipher.getInstance(sealing, "SunJCE");
    init(jdk, Cipher.ENCRYPT_MODE, transformation);
    byte[] ciphertext = jdk.doFinal(plaintext);
    if (!sealing.equals(transformation)) {
      return ciphertext;
    }
    ciphertext[ciphertext.length - 1] ^= 1;
    return ciphertext;
  }

  private static void init(Cipher cipher, int mode, String transformation)
      throws GeneralSecurityException {
    boolean chacha = transformation.startsWith("ChaCha20");
    SecretKeySpec key = new SecretKeySpec(new byte[32], chacha ? "ChaCha20" : "AES");
    byte[] iv = new byte[chacha || transformation.contains("GCM") ? 12 : 16];
    iv[0] = 9;
    AlgorithmParameterSpec params =
        transformation.contains("GCM") ? new GCMParameterSpec(128, iv) : new IvParameterSpec(iv);
    cipher.init(mode, key, params);
  }
}
