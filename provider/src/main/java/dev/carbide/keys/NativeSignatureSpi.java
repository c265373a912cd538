package dev.carbide.keys;

import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import java.lang.ref.Cleaner;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.SignatureSpi;
import java.security.spec.AlgorithmParameterSpec;

/**
 * The shared part of signatures over a native signer (ECDSA, EdDSA, later RSA): binding a signer to
 * a key, which takes a native reference of its own, and refusing parameters by default.
 */
public abstract class NativeSignatureSpi extends SignatureSpi {
  private long signer;
  private Cleaner.Cleanable cleanable;

  /** Binds a new native signer to {@code key} with digest {@code md} (0 for none). */
  protected final void bindSigner(NativeKey key, long md, boolean sign) throws InvalidKeyException {
    long ref = key.retain();
    try {
      replaceSigner(PkeyNative.newSigner(ref, md, sign));
    } finally {
      PkeyNative.free(ref);
    }
  }

  /**
   * Binds a new native signer to the key {@code keyHandle} (which stays the caller's) with OpenSSL
   * signature parameters, as {@link PkeyNative#newSignerWith}. The previous signer stays bound if
   * OpenSSL refuses the parameters.
   */
  protected final void bindSigner(
      long keyHandle,
      long md,
      boolean sign,
      boolean deterministicNonce,
      String instance,
      byte[] context)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    replaceSigner(
        PkeyNative.newSignerWith(keyHandle, md, sign, deterministicNonce, instance, context));
  }

  private void replaceSigner(long created) {
    if (cleanable != null) {
      cleanable.clean();
    }
    signer = created;
    cleanable =
        NativeCleaner.register(this, created, PkeyNative::freeSigner, NativeFootprint.SIGNER);
  }

  /** The bound signer's handle; callers fence {@code this} across the native call. */
  protected final long signer() {
    return signer;
  }

  @Override
  protected void engineSetParameter(AlgorithmParameterSpec params)
      throws InvalidAlgorithmParameterException {
    if (params != null) {
      throw new InvalidAlgorithmParameterException("No parameter accepted");
    }
  }

  @Override
  @Deprecated
  protected void engineSetParameter(String param, Object value) {
    throw new UnsupportedOperationException("setParameter() not supported");
  }

  @Override
  @Deprecated
  protected Object engineGetParameter(String param) {
    throw new UnsupportedOperationException("getParameter() not supported");
  }
}
