package dev.carbide.ssl;

import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.net.ssl.SSLException;

/**
 * The key manager's chains and keys, decoded natively once per alias rather than in every handshake
 * (OpenSSL's PKCS#8 decoding costs about as much as the handshake's signature). An entry is reused
 * only while the key manager returns the same key and chain for its alias: the same objects, or
 * equal ones (a PKCS#8 key compares its encodings in constant time, a certificate its encoding), so
 * a key manager that rotates the key behind an alias is honoured at the next handshake. A few
 * aliases are kept, least recently used first out; the native credentials are freed by a Cleaner
 * once no entry and no engine call holds them, at the latest with the context. A key only Java can
 * use (no encoding) is not decoded but referenced: OpenSSL signs with it through a callback into
 * its {@code Signature} ({@link JavaKeySigner}), released with the last engine that used it.
 */
final class CredentialCache {
  private static final int MAX_ALIASES = 16;

  /** One alias's decoded chain and key, as the key manager last returned them. */
  static final class Decoded {
    private final PrivateKey key;
    private final X509Certificate[] chain;
    private final long handle;

    private Decoded(PrivateKey key, X509Certificate[] chain, long handle) {
      this.key = key;
      this.chain = chain;
      this.handle = handle;
    }

    boolean matches(PrivateKey key, X509Certificate[] chain) {
      return (key == this.key || key.equals(this.key)) && Arrays.equals(chain, this.chain);
    }

    X509Certificate[] chain() {
      return chain;
    }

    /** The native credentials; the caller keeps this entry reachable while it uses them. */
    long handle() {
      return handle;
    }

    /** The engine takes its own references, so the entry may be dropped after this call. */
    void useIn(long engine) {
      try {
        SessionNative.useCredentials(engine, handle);
      } finally {
        java.lang.ref.Reference.reachabilityFence(this);
      }
    }
  }

  private final Map<String, Decoded> entries =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Decoded> eldest) {
          return size() > MAX_ALIASES;
        }
      };

  /**
   * The credentials for {@code alias}'s {@code key} and {@code chain}, decoded now unless the entry
   * for the alias holds the same ones. A key with no encoding (a key only Java can use, an HSM's)
   * signs through its own {@code Signature} ({@link JavaKeySigner}).
   */
  Decoded get(String alias, PrivateKey key, X509Certificate[] chain) throws SSLException {
    synchronized (entries) {
      Decoded entry = entries.get(alias);
      if (entry != null && entry.matches(key, chain)) {
        return entry;
      }
    }
    Decoded fresh = decode(alias, key, chain); // outside the lock: decoding is the slow part
    synchronized (entries) {
      entries.put(alias, fresh);
    }
    return fresh;
  }

  private static Decoded decode(String alias, PrivateKey key, X509Certificate[] chain)
      throws SSLException {
    byte[] pkcs8 = key.getEncoded();
    try {
      byte[][] der = new byte[chain.length][];
      for (int i = 0; i < chain.length; i++) {
        der[i] = chain[i].getEncoded();
      }
      long handle =
          pkcs8 == null
              ? SessionNative.newJavaKeyCredentials(der, new JavaKeySigner(key))
              : SessionNative.newCredentials(der, pkcs8);
      Decoded entry = new Decoded(key, chain.clone(), handle);
      NativeCleaner.register(
          entry, handle, SessionNative::freeCredentials, NativeFootprint.TLS_CREDENTIALS);
      return entry;
    } catch (CertificateEncodingException | InvalidKeyException e) {
      throw new SSLException("cannot use the key of alias " + alias + ": " + e.getMessage(), e);
    } finally {
      if (pkcs8 != null) {
        Arrays.fill(pkcs8, (byte) 0);
      }
    }
  }
}
