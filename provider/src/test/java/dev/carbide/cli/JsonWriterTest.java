package dev.carbide.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class JsonWriterTest {
  @Test
  void writesTheCommandsSpacing() {
    String json =
        new JsonWriter()
            .beginObject()
            .name("a")
            .value("x")
            .name("b")
            .value(false)
            .name("c")
            .beginArray()
            .beginObject()
            .name("d")
            .value(1.5)
            .endObject()
            .beginObject()
            .endObject()
            .endArray()
            .name("e")
            .beginArray()
            .endArray()
            .endObject()
            .toString();
    assertEquals("{\"a\": \"x\", \"b\": false, \"c\": [{\"d\": 1.500}, {}], \"e\": []}", json);
  }

  @Test
  void escapesEveryCharacterThatNeedsIt() throws Exception {
    String nasty = "q\"b\\s/\n\r\t\b\f\u0000\u001f\u007f é €😀";
    String json = new JsonWriter().value(nasty).toString();
    assertEquals(
        "\"q\\\"b\\\\s/\\n\\r\\t\\b\\f\\u0000\\u001f\\u007f \\u00e9 \\u20ac\\ud83d\\ude00\"", json);
    assertEquals(nasty, new ObjectMapper().readValue(json, String.class));
  }

  @Test
  void numbersNeverUseExponents() {
    assertEquals(
        "[12345678901.000, 0.000]",
        new JsonWriter().beginArray().value(12345678901.0).value(1e-9).endArray().toString());
  }

  @Test
  void refusesWhatJsonCannotHold() {
    assertThrows(IllegalArgumentException.class, () -> new JsonWriter().value(Double.NaN));
    assertThrows(IllegalStateException.class, () -> new JsonWriter().beginArray().toString());
  }
}
