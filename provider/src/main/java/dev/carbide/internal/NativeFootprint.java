package dev.carbide.internal;

/**
 * What a native object registered with {@link NativeCleaner} holds in native memory, as {@link
 * NativeMemory} accounts it. The figures are the resident memory that 20,000 live objects of each
 * kind added, divided by 20,000 (OpenSSL 3.5, glibc malloc, rounded up), so they include OpenSSL's
 * allocations under the object and malloc's overhead. They are estimates: what matters is that the
 * total tracks the memory that unreachable owners hold, not the exact byte.
 */
public enum NativeFootprint {
  /**
   * A second reference to a native key (EVP_PKEY_up_ref): it costs no memory of its own, but keeps
   * the key alive after the key object that accounted for it is gone.
   */
  KEY_REFERENCE(0),
  /** An EC key (any served curve): the EC_KEY carries its own copy of the curve's group. */
  EC_KEY(2048),
  /** An X25519, X448, Ed25519 or Ed448 key. */
  CURVE_KEY(512),
  /** A key pair generator's EVP_PKEY_CTX with its curve parameters. */
  KEY_PAIR_GENERATOR(3840),
  /** A signer bound to a key: EVP_MD_CTX, EVP_PKEY_CTX and the digest's context. */
  SIGNER(1024),
  /** A digest or MAC session: the OpenSSL context and the session's 1 KiB scratch memory. */
  MESSAGE_SESSION(2048),
  /** A Cipher's EVP_CIPHER_CTX and its scratch memory as first allocated. */
  CIPHER_CONTEXT(576),
  /** A TLS certificate chain and private key decoded once (an estimate: not measured). */
  TLS_CREDENTIALS(8192),
  /** A TLS session kept for resumption, with the peer's certificates (an estimate). */
  TLS_SESSION(4096),
  /**
   * A TLS engine's SSL object with its memory BIOs and record buffers (an estimate: not measured).
   */
  TLS_ENGINE(40960);

  private final long bytes;

  NativeFootprint(long bytes) {
    this.bytes = bytes;
  }

  /** The estimated native bytes an object of this kind holds. */
  public long bytes() {
    return bytes;
  }
}
