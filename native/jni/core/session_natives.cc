// Natives of dev.carbide.internal.MessageSessionNative: the message mechanics that every family
// over a MessageSession shares (Digest, Hmac). Java buffers short updates in the session's scratch
// memory, so a short message costs one crossing with primitive arguments: finish absorbs
// scratch[0, pending_len) and leaves the result at scratch[0]. Each family registers only the
// natives that create and configure its engine.
#include <jni.h>

#include <cstddef>
#include <cstdint>

#include "families.h"
#include "jni_support.h"
#include "session.h"

namespace carbide::jni {
namespace {

jlong Copy(JNIEnv* env, jclass, jlong session) {
  return Guard(env, [&] { return ToHandle(FromHandle<MessageSession>(session).Clone()); });
}

void Free(JNIEnv*, jclass, jlong session) {
  delete reinterpret_cast<MessageSession*>(static_cast<intptr_t>(session));
}

jobject Scratch(JNIEnv* env, jclass, jlong session) {
  return Guard(env, [&] { return FromHandle<MessageSession>(session).NewView(env); });
}

void Reset(JNIEnv* env, jclass, jlong session) {
  Guard(env, [&] { FromHandle<MessageSession>(session).Reset(); });
}

// Absorbs the pending bytes, then in[off, off + len) if `in` is set.
void Update(JNIEnv* env, jclass, jlong session, jint pending_len, jbyteArray in, jint off,
            jint len) {
  Guard(env, [&] {
    MessageSession& message = FromHandle<MessageSession>(session);
    message.AbsorbPending(pending_len);
    if (in != nullptr) {
      ForEachInputChunk(env, in, off, len,
                        [&](const uint8_t* data, size_t n) { message.Update(data, n); });
    }
  });
}

void UpdateDirect(JNIEnv* env, jclass, jlong session, jint pending_len, jobject buffer,
                  jint position, jint len) {
  Guard(env, [&] {
    MessageSession& message = FromHandle<MessageSession>(session);
    message.AbsorbPending(pending_len);
    message.Update(DirectBufferRange(env, buffer, position, len), static_cast<size_t>(len));
  });
}

// Absorbs the pending bytes, leaves the result at scratch[0] and starts a new message.
jint Finish(JNIEnv* env, jclass, jlong session, jint pending_len) {
  return Guard(env, [&] {
    MessageSession& message = FromHandle<MessageSession>(session);
    return static_cast<jint>(
        message.FinishPending(pending_len, message.scratch(0), kScratchCapacity));
  });
}

// Raises the failure that a critical finish (session_critical.cc) parked in the session.
void ThrowDeferred(JNIEnv* env, jclass, jlong session) {
  Guard(env, [&] { FromHandle<MessageSession>(session).deferred().Rethrow(); });
}

}  // namespace

bool RegisterSessionNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("copySession", "(J)J", Copy),
      Method("freeSession", "(J)V", Free),
      Method("scratch", "(J)Ljava/nio/ByteBuffer;", Scratch),
      Method("reset", "(J)V", Reset),
      Method("update", "(JI[BII)V", Update),
      Method("updateDirect", "(JILjava/nio/ByteBuffer;II)V", UpdateDirect),
      Method("finish", "(JI)I", Finish),
      Method("throwDeferred", "(J)V", ThrowDeferred),
  };
  return RegisterNatives(env, "dev/carbide/internal/MessageSessionNative", methods);
}

}  // namespace carbide::jni
