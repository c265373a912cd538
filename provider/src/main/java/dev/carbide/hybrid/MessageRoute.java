package dev.carbide.hybrid;

import dev.carbide.internal.EntryGuard;
import java.util.function.Supplier;

/**
 * The engines of a routed digest or MAC, and the one serving the current message: chosen at the
 * message's first update (the JDK's if that update's size is in the JDK's span, else Carbide's; a
 * message without updates counts as 0 bytes) and held until the message ends at {@code digest()},
 * {@code doFinal()} or {@code reset()}. Every step runs under the one {@link EntryGuard}, so a
 * second thread gets the same exception on either route. A copy carries the engine in use with its
 * state.
 *
 * @param <E> the JCA engine type, {@code MessageDigest} or {@code Mac}
 */
final class MessageRoute<E> {
  /** A step on the engine in use, returning its result. */
  @FunctionalInterface
  interface Step<E, R, X extends Exception> {
    R apply(E engine) throws X;
  }

  /** A step on the engine in use, without a result. */
  @FunctionalInterface
  interface Action<E, X extends Exception> {
    void accept(E engine) throws X;
  }

  /** How to copy an engine with its state: the JCA's {@code clone()}, typed. */
  @FunctionalInterface
  interface Copier<E> {
    E copy(E engine) throws CloneNotSupportedException;
  }

  /** A step that does not depend on the route (an init), guarded like the others. */
  @FunctionalInterface
  interface Body<X1 extends Exception, X2 extends Exception> {
    void run() throws X1, X2;
  }

  private final RouteTable.Span jdkSizes;
  private final Copier<E> copier;
  private final Action<E, RuntimeException> resetter;
  private EntryGuard guard = new EntryGuard();
  private E carbide;
  private E jdk;
  private E active;

  MessageRoute(
      RouteTable.Span jdkSizes, E carbide, Copier<E> copier, Action<E, RuntimeException> resetter) {
    this.jdkSizes = jdkSizes;
    this.carbide = carbide;
    this.copier = copier;
    this.resetter = resetter;
  }

  /** Carbide's engine, which answers everything that does not depend on the route. */
  E carbide() {
    return carbide;
  }

  /** The JDK's engine, or null before one was made. */
  E jdk() {
    return jdk;
  }

  /** Keeps the JDK's engine (null drops it, after it refused what Carbide accepted). */
  void jdk(E engine) {
    jdk = engine;
  }

  /** The engine serving the current message, or null before its first update. */
  E engine() {
    return active;
  }

  /**
   * One update of {@code length} bytes: on the message's first, {@code jdkEngine} gives the JDK's
   * engine if the length calls for it (or Carbide's, if the JDK cannot serve).
   */
  <X extends Exception> void update(int length, Supplier<E> jdkEngine, Action<E, X> action)
      throws X {
    guard.enter();
    try {
      action.accept(choose(length, jdkEngine));
    } finally {
      guard.exit();
    }
  }

  /** The message's last step: its result, after which the next message chooses again. */
  <R, X extends Exception> R finish(Supplier<E> jdkEngine, Step<E, R, X> step) throws X {
    guard.enter();
    try {
      R result = step.apply(choose(0, jdkEngine));
      active = null;
      return result;
    } finally {
      guard.exit();
    }
  }

  /** Runs {@code body} (an init) under the guard, then abandons the current message. */
  <X1 extends Exception, X2 extends Exception> void restart(Body<X1, X2> body) throws X1, X2 {
    guard.enter();
    try {
      body.run();
      abandon();
    } finally {
      guard.exit();
    }
  }

  /** Abandons the current message, resetting the engine that held it. */
  void reset() {
    restart(() -> {});
  }

  /** A copy for a cloned digest or MAC: both engines copied, the one in use still in use. */
  MessageRoute<E> copy() throws CloneNotSupportedException {
    MessageRoute<E> copy = new MessageRoute<>(jdkSizes, copier.copy(carbide), copier, resetter);
    copy.jdk = jdk == null ? null : copier.copy(jdk);
    copy.active = active == null ? null : active == jdk ? copy.jdk : copy.carbide;
    return copy;
  }

  private void abandon() {
    if (active != null) {
      resetter.accept(active);
      active = null;
    }
  }

  private E choose(int length, Supplier<E> jdkEngine) {
    if (active == null) {
      active = jdkSizes.contains(length) ? jdkEngine.get() : carbide;
    }
    return active;
  }
}
