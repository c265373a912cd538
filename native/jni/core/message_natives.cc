// Natives of dev.carbide.internal.MessageNative (see message_natives.h).
#include "message_natives.h"

#include "families.h"

namespace carbide::jni {
namespace {

void AbsorbPending(JNIEnv* env, MessageHandle& message, jbyteArray pending, jint pending_len) {
  if (pending_len != 0) {
    ForEachInputChunk(env, pending, 0, pending_len,
                      [&](const uint8_t* data, size_t len) { message.Update(data, len); });
  }
}

jlong Copy(JNIEnv* env, jclass, jlong ctx) {
  return Guard(env, [&] { return ToHandle(FromHandle<MessageHandle>(ctx).Copy()); });
}

void Free(JNIEnv*, jclass, jlong ctx) {
  delete reinterpret_cast<MessageHandle*>(static_cast<intptr_t>(ctx));
}

void Reset(JNIEnv* env, jclass, jlong ctx) {
  Guard(env, [&] { FromHandle<MessageHandle>(ctx).Reset(); });
}

void Update(JNIEnv* env, jclass, jlong ctx, jbyteArray pending, jint pending_len, jbyteArray in,
            jint off, jint len) {
  Guard(env, [&] {
    MessageHandle& message = FromHandle<MessageHandle>(ctx);
    AbsorbPending(env, message, pending, pending_len);
    // A null input of length 0 flushes the pending bytes alone (update(byte) on a full buffer).
    if (in != nullptr || len != 0) {
      ForEachInputChunk(env, in, off, len,
                        [&](const uint8_t* data, size_t n) { message.Update(data, n); });
    }
  });
}

void UpdateDirect(JNIEnv* env, jclass, jlong ctx, jbyteArray pending, jint pending_len,
                  jobject buffer, jint position, jint len) {
  Guard(env, [&] {
    MessageHandle& message = FromHandle<MessageHandle>(ctx);
    AbsorbPending(env, message, pending, pending_len);
    message.Update(DirectBufferRange(env, buffer, position, len), static_cast<size_t>(len));
  });
}

jint Finish(JNIEnv* env, jclass, jlong ctx, jbyteArray pending, jint pending_len, jbyteArray out,
            jint out_off) {
  return Guard(env, [&] {
    MessageHandle& message = FromHandle<MessageHandle>(ctx);
    CheckArrayRange(env, out, out_off, static_cast<jint>(message.size()));
    AbsorbPending(env, message, pending, pending_len);
    uint8_t result[kMaxMessageOutput];
    auto written = static_cast<jint>(message.Finish(result));
    CopyToArray(env, result, written, out, out_off);
    return written;
  });
}

}  // namespace

bool RegisterMessageNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("copy", "(J)J", Copy),
      Method("free", "(J)V", Free),
      Method("reset", "(J)V", Reset),
      Method("update", "(J[BI[BII)V", Update),
      Method("updateDirect", "(J[BILjava/nio/ByteBuffer;II)V", UpdateDirect),
      Method("finish", "(J[BI[BI)I", Finish),
  };
  return RegisterNatives(env, "dev/carbide/internal/MessageNative", methods);
}

}  // namespace carbide::jni
