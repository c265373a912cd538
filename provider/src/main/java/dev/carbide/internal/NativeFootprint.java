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
  /**
   * An EC key (any served curve): the EC_KEY carries its own copy of the curve's group (1.4 KB of a
   * P-256 key's 2.1 KB, measured in session 14), which OpenSSL gives no way to share.
   */
  EC_KEY(2048),
  /** An X25519, X448, Ed25519 or Ed448 key; also an SLH-DSA key (0.5 KB measured). */
  CURVE_KEY(512),
  // The post-quantum keys hold their expanded forms: an ML-KEM key its matrix and vectors, an
  // ML-DSA key its expanded matrix, and these are what a generated key holds (measured 2026-12-02
  // as above, session 13). A public key read alone holds less; accounting it as a pair errs on the
  // side of collecting early.
  /** An ML-KEM-512 key (4.6 KB). */
  ML_KEM_512_KEY(4736),
  /** An ML-KEM-768 key (8.2 KB). */
  ML_KEM_768_KEY(8448),
  /** An ML-KEM-1024 key (12.8 KB). */
  ML_KEM_1024_KEY(13120),
  /** An ML-DSA-44 key (20.9 KB). */
  ML_DSA_44_KEY(21440),
  /** An ML-DSA-65 key (30.2 KB). */
  ML_DSA_65_KEY(30976),
  /** An ML-DSA-87 key (39.8 KB). */
  ML_DSA_87_KEY(40768),
  /** An X25519MLKEM768 key (8.9 KB). */
  X25519_MLKEM768_KEY(9152),
  /** A SecP256r1MLKEM768 key (10.6 KB). */
  SECP256R1_MLKEM768_KEY(10880),
  /**
   * A SecP384r1MLKEM1024 key: not measured; its ML-KEM-1024 half and a P-384 key, as the P-256
   * hybrid is its two halves.
   */
  SECP384R1_MLKEM1024_KEY(15168),
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
