package dev.carbide.hybrid;

import dev.carbide.internal.EntryGuard;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.Mac;
import javax.crypto.MacSpi;

/**
 * A MAC that chooses its engine per message, at the message's first update, as {@link RoutedDigest}
 * does. Carbide's engine takes every {@code init}, so key acceptance and its exceptions are
 * Carbide's; the JDK's engine is keyed with the same key when a message first needs it, and if it
 * refuses the key the message stays on Carbide.
 */
final class RoutedMac extends MacSpi implements Cloneable {
  private final String algorithm;
  private final Provider jdkProvider;
  private final int jdkFrom;
  private Mac carbide;
  private Mac jdk;
  private boolean jdkKeyed;
  private Mac active;
  private Key key;
  private AlgorithmParameterSpec params;
  private EntryGuard guard = new EntryGuard();

  RoutedMac(String algorithm, Provider jdkProvider, int jdkFrom) throws GeneralSecurityException {
    this.algorithm = algorithm;
    this.jdkProvider = jdkProvider;
    this.jdkFrom = jdkFrom;
    this.carbide = Mac.getInstance(algorithm, Routing.unrouted());
  }

  /** The engine serving the current message, or null before its first update. */
  Mac engine() {
    return active;
  }

  @Override
  protected int engineGetMacLength() {
    return carbide.getMacLength();
  }

  @Override
  protected void engineInit(Key key, AlgorithmParameterSpec params)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    guard.enter();
    try {
      carbide.init(key, params);
      if (active != null) {
        // SunJCE hashes a key longer than a block with the digest that holds the abandoned
        // message, so the JDK's engine is reset before it is keyed again.
        active.reset();
      }
      this.key = key;
      this.params = params;
      jdkKeyed = false;
      active = null;
    } finally {
      guard.exit();
    }
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
  protected byte[] engineDoFinal() {
    guard.enter();
    try {
      byte[] mac = choose(0).doFinal();
      active = null;
      return mac;
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
    RoutedMac copy = (RoutedMac) super.clone();
    copy.guard = new EntryGuard();
    copy.carbide = (Mac) carbide.clone();
    copy.jdk = jdk == null ? null : (Mac) jdk.clone();
    copy.active = active == null ? null : active == jdk ? copy.jdk : copy.carbide;
    return copy;
  }

  private Mac choose(int length) {
    if (active == null) {
      active = length >= jdkFrom ? keyedJdk() : carbide;
    }
    return active;
  }

  private Mac keyedJdk() {
    if (!jdkKeyed) {
      try {
        if (jdk == null) {
          jdk = Mac.getInstance(algorithm, jdkProvider);
        }
        jdk.init(key, params);
        jdkKeyed = true;
      } catch (GeneralSecurityException | RuntimeException e) {
        jdk = null;
        return carbide;
      }
    }
    return jdk;
  }
}
