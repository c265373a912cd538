package dev.carbide.fuzz;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Divergences from the JDK that are known and being fixed on other branches (issue 13). The fuzzer
 * still asserts the JDK's behaviour; a case that matches an entry here is counted and skipped
 * instead of failing the run. Empty this list as the fixes merge: once an entry matches nothing in
 * a long run, delete it.
 */
final class KnownDivergences {
  private KnownDivergences() {}

  /** One known divergence: the issue item, the target, and which cases it explains. */
  record Known(String item, String target, Predicate<Divergence> matches) {}

  private static Predicate<Divergence> what(String regex) {
    Pattern pattern = Pattern.compile(regex);
    return d -> pattern.matcher(d.what()).find();
  }

  /** Divergences whose fix is on a branch not merged yet. Empty: every fix so far has landed. */
  static final List<Known> PENDING_MERGE = List.of();

  /**
   * Where Carbide is deliberately stricter than the JDK, as issue 13 allows ("accept nothing SunEC
   * rejects, unless you document why"): not counted as divergences at all.
   */
  static final List<Known> DELIBERATE =
      List.of(
          // Issue 13 item 10: an output offset near Integer.MAX_VALUE is a short buffer, as the
          // JCA says (ShortBufferException); SunJCE lets an ArrayIndexOutOfBoundsException out.
          new Known(
              "output offset near Integer.MAX_VALUE: ShortBufferException, as the JCA says",
              "Cipher",
              d ->
                  d.what().contains(" hostile call ")
                      && d.carbide().failure() instanceof javax.crypto.ShortBufferException
                      && d.jdk().failure() instanceof IndexOutOfBoundsException),
          // SunJCE's bug, not Carbide's: an AES-GCM update in place (output at the input's offset)
          // while a partial block is buffered overwrites input SunJCE has not read yet, so its
          // ciphertext differs from its own separate-buffer result from byte 16 on (JDK 17 and
          // 25). The JCA requires updates to be copy-safe; Carbide's in-place result equals both
          // providers' separate-buffer one (CipherBufferFormsTest checks in-place calls).
          new Known(
              "SunJCE's AES-GCM in-place update after a partial block is not copy-safe",
              "Cipher",
              what(
                  "^(en|de)crypt AES/GCM/NoPadding .*\\], Piece\\[length=[1-9]\\d*, carrier=ARRAY,"
                      + " offset=(0|3|6|9|12|15|18|21|24|27|30|33|36|39)\\]")),
          // Issue 13 item 5: Carbide refuses any call that would run ChaCha20's 32-bit block
          // counter past its end (IllegalStateException); SunJCE wraps it and reuses keystream.
          new Known(
              "ChaCha20 counter exhaustion refused",
              "Cipher",
              d ->
                  d.what()
                          .matches(
                              "(?s)^(en|de)crypt ChaCha20 key 32 ChaCha20\\(nonce 12, counter.*")
                      && d.carbide().failure() instanceof IllegalStateException
                      && d.carbide().failure().getMessage().startsWith("Counter exhausted")),
          // An EdDSA signature whose R is not a point on the curve: OpenSSL's verify answers
          // "invalid", so Carbide returns false where SunEC throws SignatureException("Invalid
          // point"). Either way the signature is refused; finding it out first would cost a point
          // decompression on every verify. Listed in docs/elliptic-curves.md.
          new Known(
              "EdDSA signature with R off the curve: false, not SignatureException",
              "Signature",
              d ->
                  d.what().matches("(?s)^verify a signature with .*: (EdDSA|Ed25519|Ed448) on Ed.*")
                      && falseAgainst(d.carbide(), d.jdk())),
          // An ECDSA DER signature holding a negative INTEGER: Carbide throws SignatureException,
          // SunEC reads it as unsigned and returns false (docs/elliptic-curves.md).
          new Known(
              "ECDSA DER signature with a negative integer: SignatureException, not false",
              "Signature",
              d ->
                  d.what().matches("(?s)^verify a signature with .*ECDSA on secp.*")
                      && falseAgainst(d.jdk(), d.carbide())),
          // A mutated key encoding that SunEC takes and Carbide refuses: Carbide reads keys
          // strictly (DER only, RFC 5915 and RFC 8410 fields, the EC pairwise check, its three
          // curves), as docs/elliptic-curves.md lists. keys/KeyFactoryFuzzTest, which sees the
          // bytes, checks every such refusal against that list; here the refusal only has to be
          // the JCA's InvalidKeySpecException. Accepting what SunEC refuses still fails.
          new Known(
              "a mutated key encoding refused where SunEC is lenient (docs/elliptic-curves.md)",
              "KeyFactory",
              d ->
                  d.what().matches("^\\S+ \\S+ (X\\.509|PKCS#8) (?!intact).*")
                      && d.carbide().failure() instanceof java.security.spec.InvalidKeySpecException
                      && !d.jdk().failed()),
          // A key of the wrong size and a nonce of the wrong length at once: both providers refuse
          // the init, Carbide naming the key (InvalidKeyException) and SunJCE the nonce first
          // (InvalidAlgorithmParameterException). Each alone gets SunJCE's exception.
          new Known(
              "init with a bad key and a bad nonce: the key is reported first",
              "Cipher",
              d ->
                  d.what().matches("(?s)^(en|de)crypt \\S+ key (15|17|23|25|31|33) .*")
                      && d.carbide().failed()
                      && d.jdk().failed()
                      && d.carbide().step().equals("init")
                      && d.jdk().step().equals("init")),
          // A DSA signature SUN cannot even read: null, or an empty P1363 one. SUN lets a
          // NullPointerException or NumberFormatException out of verify; Carbide answers with the
          // JCA's SignatureException, as its other signatures do (DsaBadInputTest).
          new Known(
              "DSA verify of a null or empty P1363 signature: SignatureException, not SUN's"
                  + " RuntimeException",
              "Signature",
              d ->
                  d.what().matches("(?s)^verify a signature with .*withDSA.* on DSA-.*")
                      && d.carbide().failure() instanceof java.security.SignatureException
                      && (d.jdk().failure() instanceof NullPointerException
                          || d.jdk().failure() instanceof NumberFormatException)),
          // NONEwithDSA fed a byte past its 20: SUN's update(byte) throws
          // ArrayIndexOutOfBoundsException; Carbide keeps the overflow and refuses it at sign or
          // verify with SUN's own SignatureException, as for any other update (RawDsaSignature).
          new Known(
              "NONEwithDSA update(byte) past 20 bytes: SignatureException at the end, not SUN's"
                  + " ArrayIndexOutOfBoundsException",
              "Signature",
              d ->
                  d.what().contains("NONEwithDSA")
                      && d.jdk().failure() instanceof ArrayIndexOutOfBoundsException
                      && d.carbide().failure() instanceof java.security.SignatureException),
          // An EC public key whose point is not on the curve: SunEC's KeyFactory takes it (and
          // fails later, in use); Carbide's KeyFactory refuses it at once. Only for mutated
          // encodings: an intact one must be accepted.
          new Known(
              "EC point validated at parse",
              "KeyFactory",
              d ->
                  d.what().matches("^EC secp\\d+r1 X\\.509 (?!intact).*")
                      && d.carbide().failure() instanceof java.security.spec.InvalidKeySpecException
                      && !d.jdk().failed()));

  /**
   * Engines that still crash or throw an Error when shared between threads on this branch, by the
   * name SharedEngineMisuse gives them, with the issue item whose fix is pending merge.
   */
  static final Map<String, String> SHARED_ENGINES_PENDING_MERGE = Map.of();

  static Optional<String> sharedEngine(String engine) {
    return Optional.ofNullable(SHARED_ENGINES_PENDING_MERGE.get(engine));
  }

  /** {@code verdict} returned false where {@code other} threw SignatureException. */
  private static boolean falseAgainst(Outcome verdict, Outcome other) {
    return !verdict.failed()
        && verdict.bytes().length == 1
        && verdict.bytes()[0] == 0
        && other.failure() instanceof java.security.SignatureException;
  }

  /** The known divergence that explains this one, if any. */
  static Optional<Known> explain(String target, Divergence divergence) {
    return java.util.stream.Stream.concat(PENDING_MERGE.stream(), DELIBERATE.stream())
        .filter(k -> k.target.equals(target) && k.matches.test(divergence))
        .findFirst();
  }
}
