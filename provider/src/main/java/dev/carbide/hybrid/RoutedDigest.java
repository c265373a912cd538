package dev.carbide.hybrid;

import dev.carbide.internal.EntryGuard;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.MessageDigestSpi;
import java.security.Provider;

/**
 * A digest that chooses its engine per message, at the message's first update: the JDK's if that
 * update is at least the threshold, else Carbide's. A one-shot {@code digest(input)} is one update
 * of the whole message. The engine holds until {@code digest()} or {@code reset()}; a clone copies
 * the engine in use with its state.
 */
final class RoutedDigest extends MessageDigestSpi implements Cloneable {
  private final String algorithm;
  private final Provider jdkProvider;
  private final int jdkFrom;
  private MessageDigest carbide;
  private MessageDigest jdk;
  private MessageDigest active;
  private EntryGuard guard = new EntryGuard();

  RoutedDigest(String algorithm, Provider jdkProvider, int jdkFrom)
      throws GeneralSecurityException {
    this.algorithm = algorithm;
    this.jdkProvider = jdkProvider;
    this.jdkFrom = jdkFrom;
    this.carbide = MessageDigest.getInstance(algorithm, Routing.unrouted());
  }

  /** The engine serving the current message, or null before its first update. */
  MessageDigest engine() {
    return active;
  }

  @Override
  protected int engineGetDigestLength() {
    return carbide.getDigestLength();
  }

  @Override
  protected void engineUpdate(byte input) {
    guard.enter();
    try {
      choose(1).update(input);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected void engineUpdate(byte[] input, int offset, int length) {
    guard.enter();
    try {
      choose(length).update(input, offset, length);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected void engineUpdate(ByteBuffer input) {
    guard.enter();
    try {
      choose(input.remaining()).update(input);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected byte[] engineDigest() {
    guard.enter();
    try {
      byte[] digest = choose(0).digest();
      active = null;
      return digest;
    } finally {
      guard.exit();
    }
  }

  @Override
  protected int engineDigest(byte[] output, int offset, int length) throws DigestException {
    guard.enter();
    try {
      int written = choose(0).digest(output, offset, length);
      active = null;
      return written;
    } finally {
      guard.exit();
    }
  }

  @Override
  protected void engineReset() {
    guard.enter();
    try {
      if (active != null) {
        active.reset();
        active = null;
      }
    } finally {
      guard.exit();
    }
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    RoutedDigest copy = (RoutedDigest) super.clone();
    copy.guard = new EntryGuard();
    copy.carbide = (MessageDigest) carbide.clone();
    copy.jdk = jdk == null ? null : (MessageDigest) jdk.clone();
    copy.active = active == null ? null : active == jdk ? copy.jdk : copy.carbide;
    return copy;
  }

  private MessageDigest choose(int length) {
    if (active == null) {
      active = length >= jdkFrom ? jdk() : carbide;
    }
    return active;
  }

  private MessageDigest jdk() {
    if (jdk == null) {
      try {
        jdk = MessageDigest.getInstance(algorithm, jdkProvider);
      } catch (GeneralSecurityException e) {
        return carbide;
      }
    }
    return jdk;
  }
}
