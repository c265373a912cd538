package dev.carbide.storm;

import static dev.carbide.storm.SharedEngines.expect;

import dev.carbide.storm.ThreadStorm.Scenario;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import javax.security.auth.DestroyFailedException;

/**
 * Keys shared by threads, which is legal (unlike sharing an engine): each thread signs and verifies
 * with engines of its own, reads the keys' lazily computed views (encodings, the EC point and
 * scalar), and now and then one thread replaces the pair and destroys the old private key while
 * others still use it. Every view a call returns must be the key's one true value, and every
 * signature made must verify; a destroyed key may only be refused, with InvalidKeyException or
 * IllegalStateException.
 *
 * <p>A generated EC pair's public key shares the private key's native reference until its point is
 * read or the private key is destroyed, so these races also cover the end of that sharing. A key of
 * another provider (SunEC's) exercises the translation cache.
 */
final class SharedKeys {
  private final String signatureAlgorithm;
  private final Callable<KeyPair> newPair;
  private final AtomicReference<KeyPair> current = new AtomicReference<>();
  private final ThreadLocal<Signature> signers;
  private final ThreadLocal<Signature> verifiers;

  /** The first value each key's view was seen with, by key identity and view. */
  private final Map<Key, Map<String, byte[]>> seen =
      Collections.synchronizedMap(new IdentityHashMap<>());

  private SharedKeys(String signatureAlgorithm, Callable<KeyPair> newPair) throws Exception {
    this.signatureAlgorithm = signatureAlgorithm;
    this.newPair = newPair;
    this.signers = ThreadLocal.withInitial(() -> SharedEngines.newSignature(signatureAlgorithm));
    this.verifiers = ThreadLocal.withInitial(() -> SharedEngines.newSignature(signatureAlgorithm));
    current.set(newPair.call());
  }

  static Scenario of(String signatureAlgorithm, Callable<KeyPair> newPair) throws Exception {
    SharedKeys keys = new SharedKeys(signatureAlgorithm, newPair);
    return new Scenario() {
      @Override
      public void step(Random random) throws Exception {
        keys.step(random);
      }

      @Override
      public void checkAlone() throws Exception {
        keys.signAndVerify(keys.current.get());
      }
    };
  }

  private void step(Random random) throws Exception {
    KeyPair pair = current.get();
    switch (random.nextInt(9)) {
      case 0 -> same(pair.getPrivate(), "encoded", pair.getPrivate().getEncoded());
      case 1 -> same(pair.getPublic(), "encoded", pair.getPublic().getEncoded());
      case 2, 3 -> checkPoint(pair);
      case 4 -> {
        if (pair.getPrivate() instanceof ECPrivateKey ec) {
          same(pair.getPrivate(), "s", ec.getS().toByteArray());
        }
      }
      case 5, 6, 7 -> signAndVerify(pair);
      default -> {
        if (random.nextInt(8) == 0) {
          replace(pair);
        }
      }
    }
  }

  /** Every thread must see the same value for one key's view, whichever computed it first. */
  private void same(Key key, String view, byte[] value) {
    Map<String, byte[]> views = seen.computeIfAbsent(key, k -> new ConcurrentHashMap<>());
    byte[] first = views.putIfAbsent(view, value);
    expect(first == null || Arrays.equals(first, value), key + ": two values for " + view);
  }

  /** An EC public key's point must be the one its encoding holds, read by the JDK. */
  private void checkPoint(KeyPair pair) throws Exception {
    if (!(pair.getPublic() instanceof ECPublicKey ec)) {
      return;
    }
    ECPublicKey decoded =
        (ECPublicKey)
            KeyFactory.getInstance("EC", "SunEC")
                .generatePublic(new X509EncodedKeySpec(ec.getEncoded()));
    expect(decoded.getW().equals(ec.getW()), ec + ": the point differs from the encoding");
  }

  private void signAndVerify(KeyPair pair) throws Exception {
    byte[] message = {4, 5, 6};
    Signature signer = signers.get();
    signer.initSign(pair.getPrivate());
    signer.update(message);
    byte[] signature = signer.sign();
    Signature verifier = verifiers.get();
    verifier.initVerify(pair.getPublic());
    verifier.update(message);
    expect(verifier.verify(signature), signatureAlgorithm + " signature of a shared key fails");
  }

  private void replace(KeyPair old) throws Exception {
    if (current.compareAndSet(old, newPair.call())) {
      seen.remove(old.getPrivate());
      seen.remove(old.getPublic());
      destroy(old.getPrivate());
    }
  }

  private static void destroy(PrivateKey key) throws DestroyFailedException {
    try {
      key.destroy();
    } catch (DestroyFailedException e) {
      // A foreign key (SunEC's) may not be destroyable; it is the translation that is shared.
    }
  }
}
