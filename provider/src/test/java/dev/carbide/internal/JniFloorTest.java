package dev.carbide.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The bridge's no-op crossings that the floor benchmark times do cross and read what they are
 * given, and refuse bad arguments through Guard like every other native, so that a benchmark
 * mistake throws instead of reading past an array.
 */
class JniFloorTest {
  @Test
  void eachCrossingReadsItsArgument() {
    byte[] array = {42, 1, 2};
    assertEquals(7, JniFloor.crossing(7));
    assertEquals(42, JniFloor.region(array, 3));
    assertEquals(0, JniFloor.region(array, 0));
    assertEquals(42, JniFloor.critical(array));
    assertEquals(0, JniFloor.critical(new byte[0]));
    if (JniFloor.hasDowncall()) {
      assertEquals(42, JniFloor.downcall(array, 3));
      assertEquals(0, JniFloor.downcall(array, 0));
    }
  }

  @Test
  void badArgumentsThrow() {
    assertThrows(ArrayIndexOutOfBoundsException.class, () -> JniFloor.region(new byte[3], 4));
    assertThrows(ArrayIndexOutOfBoundsException.class, () -> JniFloor.region(new byte[3], -1));
    assertThrows(IllegalArgumentException.class, () -> JniFloor.region(new byte[2000], 2000));
    assertThrows(NullPointerException.class, () -> JniFloor.region(null, 0));
    assertThrows(NullPointerException.class, () -> JniFloor.critical(null));
    if (JniFloor.hasDowncall()) {
      assertThrows(IndexOutOfBoundsException.class, () -> JniFloor.downcall(new byte[3], 4));
    }
  }
}
