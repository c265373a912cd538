package dev.carbide.ssl;

import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;

/**
 * Signs for the native engine with a private key only Java can use: one whose {@code getEncoded()}
 * is null (an HSM's key through SunPKCS11, a custom provider's), so that OpenSSL cannot hold it.
 * The engine's external key provider (native/src/tls/tls_external_key.cc) calls {@link #sign} from
 * inside the handshake, on the thread running the engine's delegated task (a socket runs it
 * inline), with the TLS signature scheme libssl chose; the key's own {@code Signature}, which the
 * JCA finds by the key, signs. Holds only the key: the native side keeps a global reference to this
 * object for as long as OpenSSL holds the key, and nothing here may reach back to what owns those
 * credentials.
 */
final class JavaKeySigner {
  // The failure of the last signature on this thread, for the handshake step that called it: the
  // native side can only report that signing failed.
  private static final ThreadLocal<Exception> FAILURE = new ThreadLocal<>();
  // Whether a signature was asked for on this thread since the last takeSigned: the engine's
  // delegated task learns from it that the step it ran was the one that signed.
  private static final ThreadLocal<Boolean> SIGNED = new ThreadLocal<>();

  private final PrivateKey key;

  JavaKeySigner(PrivateKey key) {
    this.key = key;
  }

  /**
   * Called by native code: {@code message} signed with the TLS signature scheme {@code scheme}, in
   * the form TLS carries (DER for ECDSA, as the JCA gives it), or null if the key's Signature
   * failed, whose exception {@link #takeFailure} then gives. Never throws (it runs inside OpenSSL).
   */
  byte[] sign(int scheme, byte[] message) {
    SIGNED.set(Boolean.TRUE);
    try {
      Signature signature = SignatureSchemes.signatureFor(scheme, key);
      signature.update(message);
      return signature.sign();
    } catch (GeneralSecurityException | RuntimeException e) {
      FAILURE.set(e);
      return null;
    }
  }

  /** Whether a signature was asked for on this thread since the last call (and clears that). */
  static boolean takeSigned() {
    boolean signed = SIGNED.get() != null;
    SIGNED.remove();
    return signed;
  }

  /** Why the last signature on this thread failed, once, or null. */
  static Exception takeFailure() {
    Exception failure = FAILURE.get();
    if (failure != null) {
      FAILURE.remove();
    }
    return failure;
  }
}
