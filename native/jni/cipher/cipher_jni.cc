// Natives of dev.carbide.cipher.CipherNative. Java decides how much data each call transforms, so
// output sizes are exactly SunJCE's; one call carries everything a step needs (a pending restart
// with its key and IV, buffered AAD, Java's buffered bytes as a prefix, the input, and the end of
// the message), so that a TLS record costs one crossing. The IV and AAD come in the session's
// scratch memory (cipher_session.h), as lengths.
#include <jni.h>

#include <algorithm>
#include <climits>
#include <optional>
#include <span>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "carbide/cipher.h"
#include "carbide/library.h"
#include "cipher_arrays.h"
#include "cipher_session.h"
#include "cipher_step.h"

namespace carbide::jni {
namespace {

// A copy of array[0, len), or nothing at all when len is 0: most steps carry no buffered prefix,
// and skipping it saves two JNI calls.
class OptionalRegion {
 public:
  OptionalRegion(JNIEnv* env, jbyteArray array, jint len) {
    if (len != 0) {
      bytes_.emplace(env, array, 0, len);
    }
  }
  std::span<const uint8_t> span() const {
    return bytes_ ? bytes_->span() : std::span<const uint8_t>();
  }

 private:
  std::optional<SecretBytes> bytes_;
};

// One JNI call's step: copies of the key and prefix, read before any array is pinned, and the
// step over them and the IV and AAD in the session's scratch.
struct JniStep {
  JniStep(JNIEnv* env, CipherSession& session, jlong cipher_handle, jint flags,
          jbyteArray key_array, jint iv_len, jint aad_len, jbyteArray prefix_array, jint prefix_len,
          jint in_len, jint tag_len)
      : key(env, key_array),
        prefix(env, prefix_array, prefix_len),
        step(cipher_handle == 0 ? nullptr : &FromHandle<const EVP_CIPHER>(cipher_handle), flags,
             key.span(), session.Span(0, iv_len), session.Span(iv_len, aad_len), prefix.span(),
             in_len, tag_len) {}

  SecretBytes key;
  OptionalRegion prefix;
  CipherStep step;
};

jlong Find(JNIEnv* env, jclass, jstring name) {
  return Guard(env, [&] { return ToHandle(FindCipher(JavaString(env, name))); });
}

jlong NewContext(JNIEnv* env, jclass) {
  return Guard(env, [&] { return ToHandle(new CipherSession()); });
}

void FreeContext(JNIEnv*, jclass, jlong context) {
  delete reinterpret_cast<CipherSession*>(static_cast<intptr_t>(context));
}

jobject Scratch(JNIEnv* env, jclass, jlong context, jint min_size) {
  return Guard(env, [&] { return FromHandle<CipherSession>(context).View(env, min_size); });
}

jint Process(JNIEnv* env, jclass, jlong context, jlong cipher, jint flags, jbyteArray key,
             jint iv_len, jint aad_len, jbyteArray prefix, jint prefix_len, jbyteArray in,
             jint in_off, jint in_len, jbyteArray out, jint out_off, jint out_capacity,
             jint tag_len) {
  return Guard(env, [&]() -> jint {
    CipherSession& session = FromHandle<CipherSession>(context);
    CipherContext& engine = session.engine();
    JniStep call(env, session, cipher, flags, key, iv_len, aad_len, prefix, prefix_len, in_len,
                 tag_len);
    const CipherStep& step = call.step;
    CheckArrayRange(env, in, in_off, in_len);
    CheckArrayRange(env, out, out_off, out_capacity);
    if (step.max_out() > static_cast<size_t>(out_capacity)) {
      throw Error(ErrorKind::kShortBuffer, "output buffer too short");
    }
    // A 1 KiB message and its tag fit, so such a TLS record needs no heap staging memory.
    constexpr size_t kStackStep = kStackCopyLimit + 2 * kMaxTagSize;
    if (!step.Has(kEncrypt) && step.in_len() <= kStackStep && step.max_out() <= kStackStep) {
      // Small decryptions copy through the stack, so plaintext reaches the Java array only once
      // the whole step (and its tag check) has succeeded. Larger steps, and encryptions (small
      // ones usually take ProcessScratch), go through bounded pins, staging only what must wait
      // for a check.
      uint8_t in_copy[kStackStep];
      uint8_t out_copy[kStackStep];
      CleanseOnExit wipe_in{in_copy, step.in_len()};
      CleanseOnExit wipe_out{out_copy, step.max_out()};
      env->GetByteArrayRegion(in, in_off, in_len, reinterpret_cast<jbyte*>(in_copy));
      size_t written = step.Run(engine, in_copy, out_copy, CipherStep::Output::kPrivate);
      env->SetByteArrayRegion(out, out_off, static_cast<jint>(written),
                              reinterpret_cast<const jbyte*>(out_copy));
      return static_cast<jint>(written);
    }
    return static_cast<jint>(RunBetweenArrays(env, step, engine, in, in_off, out, out_off));
  });
}

jint ProcessScratch(JNIEnv* env, jclass, jlong context, jlong cipher, jint flags, jbyteArray key,
                    jint iv_len, jint aad_len, jbyteArray prefix, jint prefix_len, jint in_len,
                    jint out_capacity, jint tag_len) {
  return Guard(env, [&]() -> jint {
    CipherSession& session = FromHandle<CipherSession>(context);
    JniStep call(env, session, cipher, flags, key, iv_len, aad_len, prefix, prefix_len, in_len,
                 tag_len);
    const CipherStep& step = call.step;
    if (!step.Has(kEncrypt)) {
      // Plaintext would stay behind in the scratch memory.
      throw Error(ErrorKind::kIllegalState, "only encryptions run in scratch memory");
    }
    if (step.max_out() > static_cast<size_t>(out_capacity)) {
      throw Error(ErrorKind::kShortBuffer, "output buffer too short");
    }
    // The ciphertext overwrites the plaintext in place and runs on past it by padding and tag.
    size_t room = std::max(step.in_len(), step.max_out());
    if (room > INT_MAX) {
      throw Error(ErrorKind::kIndexOutOfBounds, "step too large for scratch memory");
    }
    uint8_t* data = session.Scratch(iv_len + aad_len, static_cast<jint>(room));
    return static_cast<jint>(step.Run(session.engine(), data, data, CipherStep::Output::kPrivate));
  });
}

jint ProcessDirect(JNIEnv* env, jclass, jlong context, jlong cipher, jint flags, jbyteArray key,
                   jint iv_len, jint aad_len, jbyteArray prefix, jint prefix_len, jobject in,
                   jint in_pos, jint in_len, jobject out, jint out_pos, jint out_capacity,
                   jint tag_len) {
  return Guard(env, [&]() -> jint {
    CipherSession& session = FromHandle<CipherSession>(context);
    CipherContext& engine = session.engine();
    JniStep call(env, session, cipher, flags, key, iv_len, aad_len, prefix, prefix_len, in_len,
                 tag_len);
    const CipherStep& step = call.step;
    const uint8_t* in_data = DirectBufferRange(env, in, in_pos, in_len);
    uint8_t* out_data = DirectBufferRange(env, out, out_pos, out_capacity);
    if (step.max_out() > static_cast<size_t>(out_capacity)) {
      throw Error(ErrorKind::kShortBuffer, "output buffer too short");
    }
    return static_cast<jint>(step.Run(engine, in_data, out_data, CipherStep::Output::kCallers));
  });
}

void ThrowDeferred(JNIEnv* env, jclass, jlong context) {
  Guard(env, [&] { FromHandle<CipherSession>(context).deferred().Rethrow(); });
}

}  // namespace

bool RegisterCipherNatives(JNIEnv* env) {
  static const JNINativeMethod kMethods[] = {
      Method("find", "(Ljava/lang/String;)J", Find),
      Method("newContext", "()J", NewContext),
      Method("freeContext", "(J)V", FreeContext),
      Method("scratch", "(JI)Ljava/nio/ByteBuffer;", Scratch),
      Method("process", "(JJI[BII[BI[BII[BIII)I", Process),
      Method("processScratch", "(JJI[BII[BIIII)I", ProcessScratch),
      Method("processDirect", "(JJI[BII[BILjava/nio/ByteBuffer;IILjava/nio/ByteBuffer;III)I",
             ProcessDirect),
      Method("throwDeferred", "(J)V", ThrowDeferred),
  };
  return RegisterNatives(env, "dev/carbide/cipher/CipherNative", kMethods) &&
         RegisterPbkdf2Natives(env);
}

}  // namespace carbide::jni
