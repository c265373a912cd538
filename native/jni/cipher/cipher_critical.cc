// The one cipher call that Java 22 and later make through the FFM API instead of JNI: a small
// step between Java arrays, as a critical downcall (dev.carbide.cipher.CipherCalls in the jar's
// Java 25 part). A critical downcall skips the JNI wrapper's thread-state transitions and hands
// native code the Java arrays themselves, so a TLS record is encrypted where it lies: no copy into
// the scratch memory and back, no pinning, no copy of the key, IV or AAD.
//
// Critical calls must be short and may not call back into Java, hence the size bound. And only
// steps that release nothing unchecked come this way: encryptions, decryptions with neither a tag
// nor padding to check (CBC or CTR without padding, ChaCha20), and decryptions into a private
// array (kPrivateOutput: the allocating Cipher.doFinal's new array, which nobody sees unless the
// step succeeds, and which a failed check cleanses). An AEAD or padded decryption into the
// caller's own array must not release plaintext there before its check passes, which its JNI path
// ensures by staging through native memory.
//
// A critical call cannot raise a Java exception, so a failure is parked in the session and the
// Java side asks for it through the JNI native throwDeferred, which raises it through Guard: the
// same translation as every other error.
#include <cstdint>
#include <span>

#include "../core/critical_call.h"
#include "carbide/error.h"
#include "cipher_session.h"
#include "cipher_step.h"

namespace carbide::jni {
namespace {

// The most input (buffered prefix and new data) one critical call takes; keep in step with
// NativeCipherContext.CRITICAL_DATA_LIMIT. AES-GCM runs at gigabytes a second, so this is a few
// microseconds.
constexpr int32_t kCriticalLimit = 16 * 1024;

}  // namespace

// Runs one step (see CipherNative.process) with the key in key[0, key_len) (null when not
// rekeying), the IV in iv[0, iv_len) (null when not starting), the AAD in aad[0, aad_len), the
// prefix in prefix[0, prefix_len), from in[in_off, + in_len) into out[out_off, + out_capacity).
// Each array comes with its length, so every range is checked before OpenSSL sees it. Returns the
// bytes written, or -1 with the failure parked (critical_call.h).
extern "C" __attribute__((visibility("default"))) int32_t carbide_cipher_step(
    int64_t context, int64_t cipher, int32_t flags, const uint8_t* key, int32_t key_len,
    const uint8_t* iv, int32_t iv_len, const uint8_t* aad, int32_t aad_array_len, int32_t aad_len,
    const uint8_t* prefix, int32_t prefix_array_len, int32_t prefix_len, const uint8_t* in,
    int32_t in_array_len, int32_t in_off, int32_t in_len, uint8_t* out, int32_t out_array_len,
    int32_t out_off, int32_t out_capacity, int32_t tag_len) noexcept {
  return RunCritical<CipherSession>(context, [&](CipherSession& session) {
    const bool unchecked_decryption = (flags & kPad) == 0 && tag_len == 0;
    const bool private_output = (flags & kPrivateOutput) != 0;
    if ((flags & kWrap) != 0 ||
        ((flags & kEncrypt) == 0 && !unchecked_decryption && !private_output)) {
      throw Error(ErrorKind::kIllegalState,
                  "only encryptions, unchecked decryptions and decryptions into a private array "
                  "take the critical path");
    }
    std::span<const uint8_t> key_span = CheckedPrefix(key, key_len, key_len);
    std::span<const uint8_t> iv_span = CheckedPrefix(iv, iv_len, iv_len);
    std::span<const uint8_t> aad_span = CheckedPrefix(aad, aad_array_len, aad_len);
    std::span<const uint8_t> prefix_span = CheckedPrefix(prefix, prefix_array_len, prefix_len);
    const uint8_t* in_data = CheckedArrayRange(in, in_array_len, in_off, in_len);
    uint8_t* out_data = CheckedArrayRange(out, out_array_len, out_off, out_capacity);
    if (in_len > kCriticalLimit || prefix_len > kCriticalLimit - in_len) {
      throw Error(ErrorKind::kIllegalArgument, "step too large for a critical call");
    }
    CipherStep step(
        cipher == 0 ? nullptr : reinterpret_cast<const EVP_CIPHER*>(static_cast<intptr_t>(cipher)),
        flags, key_span, iv_span, aad_span, prefix_span, in_len, tag_len);
    if (step.max_out() > static_cast<size_t>(out_capacity)) {
      throw Error(ErrorKind::kShortBuffer, "output buffer too short");
    }
    return static_cast<int32_t>(
        step.Run(session.engine(), in_data, out_data, CipherStep::Output::kCallers));
  });
}

}  // namespace carbide::jni
