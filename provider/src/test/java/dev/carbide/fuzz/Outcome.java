package dev.carbide.fuzz;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * What one provider made of a case: the bytes it produced, or the exception it threw and at which
 * step. Two outcomes agree when both produced the same bytes, or both threw the same exception
 * class at the same step. An {@link Error} (AssertionError above all) never agrees with anything.
 */
public record Outcome(byte[] bytes, String step, Throwable failure) {

  /** A piece of work whose result is compared. */
  @FunctionalInterface
  public interface Work {
    byte[] run(Steps steps) throws Exception;
  }

  /** Lets the work name the step it is at, so a failure says where it happened. */
  public static final class Steps {
    private String current = "start";

    public void at(String step) {
      current = step;
    }
  }

  public static Outcome of(Work work) {
    Steps steps = new Steps();
    try {
      return new Outcome(work.run(steps), null, null);
    } catch (Exception | AssertionError e) {
      return new Outcome(null, steps.current, e);
    }
  }

  public boolean failed() {
    return failure != null;
  }

  public boolean agreesWith(Outcome other) {
    if (failure instanceof Error || other.failure instanceof Error) {
      return false;
    }
    if (failed() || other.failed()) {
      return failed()
          && other.failed()
          && step.equals(other.step)
          && failure.getClass() == other.failure.getClass();
    }
    return Arrays.equals(bytes, other.bytes);
  }

  /** The exception's class name, or "ok". */
  public String kind() {
    return failed() ? failure.getClass().getSimpleName() : "ok";
  }

  @Override
  public String toString() {
    if (failed()) {
      return "threw at " + step + ": " + failure;
    }
    String hex = HexFormat.of().formatHex(bytes);
    return bytes.length + " bytes " + (hex.length() > 96 ? hex.substring(0, 96) + "..." : hex);
  }
}
