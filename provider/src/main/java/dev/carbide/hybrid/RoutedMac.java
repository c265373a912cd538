package dev.carbide.hybrid;

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
  private MessageRoute<Mac> route;
  private boolean jdkKeyed;
  private Key key;
  private AlgorithmParameterSpec params;

  RoutedMac(String algorithm, Provider jdkProvider, RouteTable.Span jdkSizes)
      throws GeneralSecurityException {
    this.algorithm = algorithm;
    this.jdkProvider = jdkProvider;
    this.route =
        new MessageRoute<>(
            jdkSizes,
            Mac.getInstance(algorithm, Routing.unrouted()),
            engine -> (Mac) engine.clone(),
            Mac::reset);
  }

  /** The engine serving the current message, or null before its first update. */
  Mac engine() {
    return route.engine();
  }

  @Override
  protected int engineGetMacLength() {
    return route.carbide().getMacLength();
  }

  @Override
  protected void engineInit(Key key, AlgorithmParameterSpec params)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    // The restart resets the engine of an abandoned message: SunJCE hashes a key longer than a
    // block with the digest that holds that message, so the JDK's engine is reset before it is
    // keyed again.
    route.<InvalidKeyException, InvalidAlgorithmParameterException>restart(
        () -> {
          route.carbide().init(key, params);
          this.key = key;
          this.params = params;
          jdkKeyed = false;
        });
  }

  @Override
  protected void engineUpdate(byte input) {
    route.update(1, this::keyedJdk, engine -> engine.update(input));
  }

  @Override
  protected void engineUpdate(byte[] input, int offset, int length) {
    route.update(length, this::keyedJdk, engine -> engine.update(input, offset, length));
  }

  @Override
  protected void engineUpdate(ByteBuffer input) {
    route.update(input.remaining(), this::keyedJdk, engine -> engine.update(input));
  }

  @Override
  protected byte[] engineDoFinal() {
    return route.finish(this::keyedJdk, Mac::doFinal);
  }

  @Override
  protected void engineReset() {
    route.reset();
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    RoutedMac copy = (RoutedMac) super.clone();
    copy.route = route.copy();
    return copy;
  }

  /** The JDK's engine keyed like Carbide's, or Carbide's if the JDK refuses the key. */
  private Mac keyedJdk() {
    if (!jdkKeyed) {
      try {
        if (route.jdk() == null) {
          route.jdk(Mac.getInstance(algorithm, jdkProvider));
        }
        route.jdk().init(key, params);
        jdkKeyed = true;
      } catch (GeneralSecurityException | RuntimeException e) {
        route.jdk(null);
        return route.carbide();
      }
    }
    return route.jdk();
  }
}
