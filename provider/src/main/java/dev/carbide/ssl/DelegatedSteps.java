package dev.carbide.ssl;

import javax.net.ssl.SSLException;

/**
 * The delegated tasks of a {@link CarbideSslEngine} (docs/tls.md, "Keys only Java can use"). When
 * this side's key is one only Java can use (an HSM's, whose signature may take milliseconds), the
 * native handshake pauses once its credentials are chosen and before it signs; from then on, until
 * the key has signed, each handshake step runs in a task that {@code getDelegatedTask()} hands out,
 * so that the thread calling {@code wrap} and {@code unwrap} never waits for the signer. Engines
 * with keys OpenSSL holds never pause, and never make a task. A stapling server whose OCSP response
 * is not cached pauses the same way once, and its one task waits for the fetch ({@link
 * OcspStapler}) before the step; that pause alone delegates no later step. Guarded by the engine's
 * lock.
 */
final class DelegatedSteps {
  private boolean delegating; // a Java key's signature is still ahead
  private Runnable task; // the step waiting to run, handed out or not
  private boolean handedOut;
  private SSLException failure; // what the task's step threw, for the next wrap or unwrap

  /** Whether handshake steps go to tasks (a Java key chosen, and not yet signed with). */
  boolean delegating() {
    return delegating;
  }

  /** The native handshake paused before a Java key signs: {@code step} runs next, in a task. */
  void pausedForSigner(Runnable step) {
    delegating = true;
    schedule(step);
  }

  /**
   * The Java key signed, or the handshake ended: steps run in {@code wrap}/{@code unwrap} again.
   */
  void signed() {
    delegating = false;
  }

  void schedule(Runnable step) {
    task = step;
    handedOut = false;
  }

  /** Whether a task waits to run: the engine answers NEED_TASK and touches no native state. */
  boolean waiting() {
    return task != null;
  }

  /** The waiting task, once (as SunJSSE hands out each task once), else null. */
  Runnable handOut() {
    if (task == null || handedOut) {
      return null;
    }
    handedOut = true;
    return task;
  }

  /** Whether {@code step} is the task waiting to run; it no longer waits once this says so. */
  boolean begin(Runnable step) {
    if (task != step) {
      return false; // run twice, or dropped by a close
    }
    task = null;
    return true;
  }

  void failed(SSLException e) {
    failure = e;
  }

  /** Throws what the last task's step threw, once, as SunJSSE's next wrap or unwrap does. */
  void throwFailure() throws SSLException {
    SSLException e = failure;
    if (e != null) {
      failure = null;
      throw e;
    }
  }

  /**
   * The engine closed or freed: a waiting task will do nothing. A step after it (an unwrap still
   * reading) is still a task while the Java key's signature is ahead.
   */
  void drop() {
    task = null;
  }
}
