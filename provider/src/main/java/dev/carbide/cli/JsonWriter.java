package dev.carbide.cli;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

/**
 * Writes one JSON value, in the spacing {@code {"a": 1, "b": [2, 3]}}. The jar has no dependencies,
 * so this is the whole of its JSON support: enough for the commands' output.
 */
final class JsonWriter {
  private final StringBuilder text = new StringBuilder();
  // One entry per open object or array: whether it has a member yet.
  private final Deque<Boolean> hasMembers = new ArrayDeque<>();
  private boolean afterName;

  JsonWriter beginObject() {
    return open('{');
  }

  JsonWriter endObject() {
    return close('}');
  }

  JsonWriter beginArray() {
    return open('[');
  }

  JsonWriter endArray() {
    return close(']');
  }

  /** Starts an object member; its value comes next. */
  JsonWriter name(String name) {
    separate();
    quote(name);
    text.append(": ");
    afterName = true;
    return this;
  }

  JsonWriter value(String value) {
    separate();
    quote(value);
    return this;
  }

  JsonWriter nullValue() {
    separate();
    text.append("null");
    return this;
  }

  JsonWriter value(boolean value) {
    separate();
    text.append(value);
    return this;
  }

  /** A finite number, written with three decimals and never in exponent form. */
  JsonWriter value(double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("JSON has no " + value);
    }
    separate();
    text.append(String.format(Locale.ROOT, "%.3f", value));
    return this;
  }

  @Override
  public String toString() {
    if (!hasMembers.isEmpty()) {
      throw new IllegalStateException("unclosed JSON object or array");
    }
    return text.toString();
  }

  private JsonWriter open(char bracket) {
    separate();
    text.append(bracket);
    hasMembers.push(false);
    return this;
  }

  private JsonWriter close(char bracket) {
    hasMembers.pop();
    text.append(bracket);
    return this;
  }

  private void separate() {
    if (afterName) {
      afterName = false;
    } else if (!hasMembers.isEmpty() && hasMembers.peek()) {
      text.append(", ");
    } else if (!hasMembers.isEmpty()) {
      hasMembers.pop();
      hasMembers.push(true);
    }
  }

  // Escapes every control and non-ASCII character, so the output is ASCII whatever the console.
  private void quote(String value) {
    text.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> text.append("\\\"");
        case '\\' -> text.append("\\\\");
        case '\n' -> text.append("\\n");
        case '\r' -> text.append("\\r");
        case '\t' -> text.append("\\t");
        case '\b' -> text.append("\\b");
        case '\f' -> text.append("\\f");
        default -> {
          if (c < 0x20 || c > 0x7e) {
            text.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            text.append(c);
          }
        }
      }
    }
    text.append('"');
  }
}
