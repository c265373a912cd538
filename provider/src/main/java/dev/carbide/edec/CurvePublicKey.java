package dev.carbide.edec;

import dev.carbide.keys.NativePublicKey;
import dev.carbide.keys.PkeyNative;
import java.security.InvalidKeyException;
import java.security.ProviderException;
import java.security.spec.NamedParameterSpec;

/** What EdDSA and XDH public keys share: a named curve and raw public bytes. */
abstract class CurvePublicKey extends NativePublicKey implements EdEcKey {
  private static final long serialVersionUID = 1L;

  private final transient EdEcCurve curve;

  /** The raw public bytes when the key was made from them, else null (read natively). */
  private final transient byte[] raw;

  /** Takes ownership of native key {@code handle}. */
  CurvePublicKey(EdEcCurve curve, long handle) {
    super(curve.family(), handle);
    this.curve = curve;
    this.raw = null;
  }

  /**
   * The key with public bytes {@code raw} (a generated pair's), made natively only when an
   * operation needs it: a TLS ephemeral X25519 key is only ever read through getU(), and copying
   * the public half into a key of its own cost a fifth of the key generation.
   */
  CurvePublicKey(EdEcCurve curve, byte[] raw) {
    super(curve.family(), () -> importRaw(curve, raw));
    this.curve = curve;
    this.raw = raw;
  }

  private static long importRaw(EdEcCurve curve, byte[] raw) {
    try {
      return PkeyNative.newRawKey(curve.opensslName, raw, false);
    } catch (InvalidKeyException e) {
      throw new ProviderException("generated public bytes were refused", e);
    }
  }

  @Override
  public final EdEcCurve curve() {
    return curve;
  }

  final byte[] rawBytes() {
    return raw != null ? raw.clone() : query(handle -> PkeyNative.rawBytes(handle, false));
  }

  public final NamedParameterSpec getParams() {
    return curve.spec;
  }

  @Override
  public final String toString() {
    return "Carbide " + curve.jcaName() + " public key";
  }
}
