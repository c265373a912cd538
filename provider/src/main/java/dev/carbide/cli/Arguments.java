package dev.carbide.cli;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A command's options: {@code --flag} or {@code --name value}; nothing else. */
final class Arguments {
  /** A command line that cannot be understood; the command's synopsis follows its message. */
  static final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }

  private static final String NO_VALUE = "";

  private final Map<String, String> options;
  private final Set<String> consumed = new HashSet<>();

  private Arguments(Map<String, String> options) {
    this.options = options;
  }

  /** Splits the options; which ones take a value is decided later, by the command's queries. */
  static Arguments of(List<String> args) throws UsageException {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (!arg.startsWith("--") || arg.length() == 2) {
        throw new UsageException("unexpected argument '" + arg + "'");
      }
      boolean hasValue = i + 1 < args.size() && !args.get(i + 1).startsWith("--");
      if (options.put(arg, hasValue ? args.get(++i) : NO_VALUE) != null) {
        throw new UsageException("option " + arg + " given twice");
      }
    }
    return new Arguments(options);
  }

  /** True if the flag {@code --name} was given. */
  boolean flag(String name) throws UsageException {
    String value = take(name);
    if (value != null && !value.equals(NO_VALUE)) {
      throw new UsageException("option " + name + " takes no value, but got '" + value + "'");
    }
    return value != null;
  }

  /** The value of {@code --name value}, or {@code fallback} if the option was not given. */
  String value(String name, String fallback) throws UsageException {
    String value = take(name);
    if (value != null && value.equals(NO_VALUE)) {
      throw new UsageException("option " + name + " needs a value");
    }
    return value == null ? fallback : value;
  }

  /** The positive integer value of {@code --name N}, or {@code fallback}. */
  int positiveInt(String name, int fallback) throws UsageException {
    String value = value(name, null);
    if (value == null) {
      return fallback;
    }
    try {
      int number = Integer.parseInt(value);
      if (number > 0) {
        return number;
      }
    } catch (NumberFormatException e) {
      // Reported below, with the option's name.
    }
    throw new UsageException("option " + name + " needs a positive integer, not '" + value + "'");
  }

  /** Fails on any option the command did not ask about; call after reading them all. */
  void rejectOthers() throws UsageException {
    for (String name : options.keySet()) {
      if (!consumed.contains(name)) {
        throw new UsageException("unknown option " + name);
      }
    }
  }

  private String take(String name) {
    consumed.add(name);
    return options.get(name);
  }
}
