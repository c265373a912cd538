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
#include <vector>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "carbide/cipher.h"
#include "carbide/library.h"
#include "cipher_session.h"

namespace carbide::jni {
namespace {

// The flags of CipherNative.process; keep in step with the Java constants.
constexpr jint kEncrypt = 1;
constexpr jint kStart = 2;    // start a message: key (if given) and IV
constexpr jint kFinish = 4;   // end the message: tag, padding
constexpr jint kPad = 8;      // PKCS#5 padding for this final step
constexpr jint kRewind = 16;  // afterwards, return to the chaining state before this call
constexpr jint kWrap = 32;    // key wrapping: the whole message in this one step

constexpr size_t kBlockSize = 16;  // of the padded modes (AES)

// A copy of array[0, len), or nothing at all when len is 0: most steps carry no buffered prefix,
// and skipping it saves two JNI calls.
class OptionalRegion {
 public:
  OptionalRegion(JNIEnv* env, jbyteArray array, jint len) {
    if (len != 0) {
      bytes_.emplace(env, array, 0, len);
    }
  }
  const uint8_t* data() { return bytes_ ? bytes_->data() : nullptr; }
  size_t size() const { return bytes_ ? bytes_->size() : 0; }

 private:
  std::optional<SecretBytes> bytes_;
};

// One call's arguments that are not data, read before any array is pinned.
struct Step {
  Step(JNIEnv* env, CipherSession& session, jlong cipher_handle, jint flags, jbyteArray key_array,
       jint iv_len, jint aad_len, jbyteArray prefix_array, jint prefix_len, jint in_len,
       jint tag_len)
      : cipher(cipher_handle == 0 ? nullptr : &FromHandle<const EVP_CIPHER>(cipher_handle)),
        flags(flags),
        key(env, key_array),
        iv(session.Scratch(0, iv_len), static_cast<size_t>(iv_len)),
        aad(session.Scratch(iv_len, aad_len), static_cast<size_t>(aad_len)),
        prefix(env, prefix_array, prefix_len),
        in_len(static_cast<size_t>(in_len)),
        tag_len(static_cast<size_t>(tag_len)) {
    if (in_len < 0 || tag_len < 0 || tag_len > static_cast<jint>(kMaxTagSize)) {
      throw Error(ErrorKind::kIllegalArgument, "length out of range");
    }
    size_t total = prefix.size() + this->in_len;
    tag_in = Has(kFinish) && !Has(kEncrypt) ? this->tag_len : 0;
    if (total < tag_in) {
      throw Error(ErrorKind::kBadTag, "input too short for the tag");
    }
    data_len = total - tag_in;
    // Padding an encryption fills its last block; unpadding a decryption only shortens it.
    size_t padding = Has(kPad) && Has(kEncrypt) ? kBlockSize - data_len % kBlockSize : 0;
    max_out = data_len + padding + (Has(kFinish) && Has(kEncrypt) ? this->tag_len : 0);
    if (Has(kWrap)) {
      // Wrapping adds a semiblock to the data padded to semiblocks; unwrapping removes one.
      constexpr size_t kSemiblock = 8;
      max_out = Has(kEncrypt) ? (data_len + kSemiblock - 1) / kSemiblock * kSemiblock + kSemiblock
                              : data_len - std::min(data_len, kSemiblock);
    }
  }

  bool Has(jint flag) const { return (flags & flag) != 0; }

  const EVP_CIPHER* cipher;
  jint flags;
  SecretBytes key;
  std::span<const uint8_t> iv;   // in the session's scratch
  std::span<const uint8_t> aad;  // in the session's scratch, after the IV
  OptionalRegion prefix;
  size_t in_len;
  size_t tag_len;
  size_t tag_in;    // tag bytes at the end of prefix + input (decrypting)
  size_t data_len;  // bytes to transform
  size_t max_out;   // the most this step can write
};

bool Overlap(const uint8_t* a, size_t a_len, const uint8_t* b, size_t b_len) {
  return a_len != 0 && b_len != 0 && a < b + b_len && b < a + a_len;
}

// Runs one step over `in` (step.in_len bytes) into `out` (room for step.max_out bytes) and returns
// the number of bytes written. Makes no JNI calls.
size_t Run(CipherContext& context, Step& step, const uint8_t* in, uint8_t* out) {
  const bool encrypt = step.Has(kEncrypt);
  if (step.Has(kStart)) {
    context.Start(step.cipher, encrypt, step.key.size() == 0 ? nullptr : step.key.data(),
                  step.key.size(), step.iv.empty() ? nullptr : step.iv.data(), step.iv.size());
  }
  uint8_t saved_iv[kMaxIvSize];
  size_t saved_iv_len = step.Has(kRewind) ? context.RunningIv(saved_iv) : 0;
  if (!step.aad.empty()) {
    context.UpdateAad(step.aad.data(), step.aad.size());
  }
  // The prefix is written before the input is read, so output may not run into unread input
  // except in exact place.
  std::vector<uint8_t> copy;
  if (Overlap(in, step.in_len, out, step.max_out) && (in != out || step.prefix.size() != 0)) {
    copy.assign(in, in + step.in_len);
    in = copy.data();
  }
  if (step.Has(kPad)) {
    context.SetPadding(true);
  }
  size_t from_prefix = std::min(step.prefix.size(), step.data_len);
  size_t written = context.Update(step.prefix.data(), from_prefix, out);
  written += context.Update(in, step.data_len - from_prefix, out + written);
  if (step.Has(kFinish)) {
    if (step.tag_in != 0) {
      uint8_t tag[kMaxTagSize];
      for (size_t i = 0; i < step.tag_in; ++i) {
        size_t at = step.data_len + i;
        tag[i] = at < step.prefix.size() ? step.prefix.data()[at] : in[at - step.prefix.size()];
      }
      context.SetExpectedTag(tag, step.tag_in);
    }
    try {
      written += context.Finish(out + written);
    } catch (const Error&) {
      // A decryption that fails its tag or padding releases nothing it wrote.
      Cleanse(out, written);
      throw;
    }
    if (encrypt && step.tag_len != 0) {
      context.GetTag(out + written, step.tag_len);
      written += step.tag_len;
    }
  }
  if (step.Has(kRewind)) {
    context.Start(step.cipher, encrypt, nullptr, 0, saved_iv_len == 0 ? nullptr : saved_iv,
                  saved_iv_len);
  }
  Cleanse(copy.data(), copy.size());
  return written;
}

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
    Step step(env, session, cipher, flags, key, iv_len, aad_len, prefix, prefix_len, in_len,
              tag_len);
    CheckArrayRange(env, in, in_off, in_len);
    CheckArrayRange(env, out, out_off, out_capacity);
    if (step.max_out > static_cast<size_t>(out_capacity)) {
      throw Error(ErrorKind::kShortBuffer, "output buffer too short");
    }
    if (!step.Has(kEncrypt) && step.in_len <= kStackCopyLimit &&
        step.max_out <= kStackCopyLimit + 2 * kMaxTagSize) {
      // Small decryptions copy through the stack, so plaintext reaches the Java array only once
      // the whole step (and its tag check) has succeeded. Encryptions have nothing to hold back,
      // so they are pinned: no copies, no cleansing. (Small ones usually take ProcessScratch.)
      uint8_t in_copy[kStackCopyLimit];
      uint8_t out_copy[kStackCopyLimit + 2 * kMaxTagSize];
      CleanseOnExit wipe_in{in_copy, step.in_len};
      CleanseOnExit wipe_out{out_copy, step.max_out};
      env->GetByteArrayRegion(in, in_off, in_len, reinterpret_cast<jbyte*>(in_copy));
      size_t written = Run(engine, step, in_copy, out_copy);
      env->SetByteArrayRegion(out, out_off, static_cast<jint>(written),
                              reinterpret_cast<const jbyte*>(out_copy));
      return static_cast<jint>(written);
    }
    PinnedInOut pinned(env, in, out);
    return static_cast<jint>(Run(engine, step, pinned.in() + in_off, pinned.out() + out_off));
  });
}

jint ProcessScratch(JNIEnv* env, jclass, jlong context, jlong cipher, jint flags, jbyteArray key,
                    jint iv_len, jint aad_len, jbyteArray prefix, jint prefix_len, jint in_len,
                    jint out_capacity, jint tag_len) {
  return Guard(env, [&]() -> jint {
    CipherSession& session = FromHandle<CipherSession>(context);
    Step step(env, session, cipher, flags, key, iv_len, aad_len, prefix, prefix_len, in_len,
              tag_len);
    if (!step.Has(kEncrypt)) {
      // Plaintext would stay behind in the scratch memory.
      throw Error(ErrorKind::kIllegalState, "only encryptions run in scratch memory");
    }
    if (step.max_out > static_cast<size_t>(out_capacity)) {
      throw Error(ErrorKind::kShortBuffer, "output buffer too short");
    }
    // The ciphertext overwrites the plaintext in place and runs on past it by padding and tag.
    size_t room = std::max(step.in_len, step.max_out);
    if (room > INT_MAX) {
      throw Error(ErrorKind::kIndexOutOfBounds, "step too large for scratch memory");
    }
    uint8_t* data = session.Scratch(iv_len + aad_len, static_cast<jint>(room));
    return static_cast<jint>(Run(session.engine(), step, data, data));
  });
}

jint ProcessDirect(JNIEnv* env, jclass, jlong context, jlong cipher, jint flags, jbyteArray key,
                   jint iv_len, jint aad_len, jbyteArray prefix, jint prefix_len, jobject in,
                   jint in_pos, jint in_len, jobject out, jint out_pos, jint out_capacity,
                   jint tag_len) {
  return Guard(env, [&]() -> jint {
    CipherSession& session = FromHandle<CipherSession>(context);
    CipherContext& engine = session.engine();
    Step step(env, session, cipher, flags, key, iv_len, aad_len, prefix, prefix_len, in_len,
              tag_len);
    const uint8_t* in_data = DirectBufferRange(env, in, in_pos, in_len);
    uint8_t* out_data = DirectBufferRange(env, out, out_pos, out_capacity);
    if (step.max_out > static_cast<size_t>(out_capacity)) {
      throw Error(ErrorKind::kShortBuffer, "output buffer too short");
    }
    return static_cast<jint>(Run(engine, step, in_data, out_data));
  });
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
  };
  return RegisterNatives(env, "dev/carbide/cipher/CipherNative", kMethods) &&
         RegisterPbkdf2Natives(env);
}

}  // namespace carbide::jni
