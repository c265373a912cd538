// Natives of dev.carbide.digest.DigestNative. The Java side buffers small updates, so a short
// message costs one crossing: finish() absorbs the Java buffer and writes the digest.
#include <jni.h>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "carbide/digest.h"
#include "carbide/library.h"

namespace carbide::jni {
namespace {

jlong Fetch(JNIEnv* env, jclass, jstring name) {
  return Guard(env, [&] { return ToHandle(FindDigest(JavaString(env, name))); });
}

jint Size(JNIEnv* env, jclass, jlong md) {
  return Guard(env,
               [&] { return static_cast<jint>(Digest::SizeOf(&FromHandle<const EVP_MD>(md))); });
}

jlong NewContext(JNIEnv* env, jclass, jlong md) {
  return Guard(env, [&] { return ToHandle(new Digest(&FromHandle<const EVP_MD>(md))); });
}

jlong CopyContext(JNIEnv* env, jclass, jlong ctx) {
  return Guard(env, [&] { return ToHandle(new Digest(FromHandle<Digest>(ctx))); });
}

void FreeContext(JNIEnv*, jclass, jlong ctx) {
  delete reinterpret_cast<Digest*>(static_cast<intptr_t>(ctx));
}

void Reset(JNIEnv* env, jclass, jlong ctx) {
  Guard(env, [&] { FromHandle<Digest>(ctx).Reset(); });
}

void AbsorbPending(JNIEnv* env, Digest& digest, jbyteArray pending, jint pending_len) {
  if (pending_len != 0) {
    ForEachInputChunk(env, pending, 0, pending_len,
                      [&](const uint8_t* data, size_t len) { digest.Update(data, len); });
  }
}

void Update(JNIEnv* env, jclass, jlong ctx, jbyteArray pending, jint pending_len, jbyteArray in,
            jint off, jint len) {
  Guard(env, [&] {
    Digest& digest = FromHandle<Digest>(ctx);
    AbsorbPending(env, digest, pending, pending_len);
    ForEachInputChunk(env, in, off, len,
                      [&](const uint8_t* data, size_t n) { digest.Update(data, n); });
  });
}

void UpdateDirect(JNIEnv* env, jclass, jlong ctx, jbyteArray pending, jint pending_len,
                  jobject buffer, jint position, jint len) {
  Guard(env, [&] {
    Digest& digest = FromHandle<Digest>(ctx);
    AbsorbPending(env, digest, pending, pending_len);
    digest.Update(DirectBufferRange(env, buffer, position, len), static_cast<size_t>(len));
  });
}

jint Finish(JNIEnv* env, jclass, jlong ctx, jbyteArray pending, jint pending_len, jbyteArray out,
            jint out_off) {
  return Guard(env, [&] {
    Digest& digest = FromHandle<Digest>(ctx);
    CheckArrayRange(env, out, out_off, static_cast<jint>(digest.size()));
    AbsorbPending(env, digest, pending, pending_len);
    uint8_t result[kMaxDigestSize];
    auto written = static_cast<jint>(digest.Finish(result));
    CopyToArray(env, result, written, out, out_off);
    return written;
  });
}

}  // namespace

bool RegisterDigestNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("fetch", "(Ljava/lang/String;)J", Fetch),
      Method("size", "(J)I", Size),
      Method("newContext", "(J)J", NewContext),
      Method("copyContext", "(J)J", CopyContext),
      Method("freeContext", "(J)V", FreeContext),
      Method("reset", "(J)V", Reset),
      Method("update", "(J[BI[BII)V", Update),
      Method("updateDirect", "(J[BILjava/nio/ByteBuffer;II)V", UpdateDirect),
      Method("finish", "(J[BI[BI)I", Finish),
  };
  return RegisterNatives(env, "dev/carbide/digest/DigestNative", methods);
}

}  // namespace carbide::jni
