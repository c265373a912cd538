package dev.carbide.hybrid;

import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.MessageDigestSpi;
import java.security.Provider;

/**
 * A digest that chooses its engine per message, at the message's first update: the JDK's if that
 * update's size is in the JDK's span, else Carbide's. A one-shot {@code digest(input)} is one
 * update of the whole message. The engine holds until {@code digest()} or {@code reset()}; a clone
 * copies the engine in use with its state ({@link MessageRoute}).
 */
final class RoutedDigest extends MessageDigestSpi implements Cloneable {
  private final String algorithm;
  private final Provider jdkProvider;
  private MessageRoute<MessageDigest> route;

  RoutedDigest(String algorithm, Provider jdkProvider, RouteTable.Span jdkSizes)
      throws GeneralSecurityException {
    this.algorithm = algorithm;
    this.jdkProvider = jdkProvider;
    this.route =
        new MessageRoute<>(
            jdkSizes,
            MessageDigest.getInstance(algorithm, Routing.unrouted()),
            engine -> (MessageDigest) engine.clone(),
            MessageDigest::reset);
  }

  /** The engine serving the current message, or null before its first update. */
  MessageDigest engine() {
    return route.engine();
  }

  @Override
  protected int engineGetDigestLength() {
    return route.carbide().getDigestLength();
  }

  @Override
  protected void engineUpdate(byte input) {
    route.update(1, this::jdk, engine -> engine.update(input));
  }

  @Override
  protected void engineUpdate(byte[] input, int offset, int length) {
    route.update(length, this::jdk, engine -> engine.update(input, offset, length));
  }

  @Override
  protected void engineUpdate(ByteBuffer input) {
    route.update(input.remaining(), this::jdk, engine -> engine.update(input));
  }

  @Override
  protected byte[] engineDigest() {
    return route.finish(this::jdk, MessageDigest::digest);
  }

  @Override
  protected int engineDigest(byte[] output, int offset, int length) throws DigestException {
    return route.finish(this::jdk, engine -> engine.digest(output, offset, length));
  }

  @Override
  protected void engineReset() {
    route.reset();
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    RoutedDigest copy = (RoutedDigest) super.clone();
    copy.route = route.copy();
    return copy;
  }

  /** The JDK's engine, made on first use, or Carbide's if the JDK's cannot be had. */
  private MessageDigest jdk() {
    if (route.jdk() == null) {
      try {
        route.jdk(MessageDigest.getInstance(algorithm, jdkProvider));
      } catch (GeneralSecurityException e) {
        return route.carbide();
      }
    }
    return route.jdk();
  }
}
