// The natives that every Session<Engine> over a message engine needs (an engine that absorbs a
// message in pieces and then finishes it: Digest, Hmac). Java buffers short updates in the
// session's scratch memory, so a short message costs one crossing with primitive arguments:
// Finish absorbs scratch[0, pending_len) and leaves the result at scratch[0].
//
// `Engine` offers Update(const uint8_t*, size_t), Finish(uint8_t*) writing at most
// kScratchCapacity bytes, and Reset(), and is copyable (clone()). A family registers these
// functions on its own natives class beside the ones that create and configure its engine.
#pragma once

#include <jni.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "carbide/cleanse.h"
#include "jni_support.h"
#include "session.h"

namespace carbide::jni {

template <typename Engine>
struct SessionNatives {
  using EngineSession = Session<Engine>;

  static jlong Copy(JNIEnv* env, jclass, jlong session) {
    return Guard(env,
                 [&] { return ToHandle(new EngineSession(FromHandle<EngineSession>(session))); });
  }

  static void Free(JNIEnv*, jclass, jlong session) {
    delete reinterpret_cast<EngineSession*>(static_cast<intptr_t>(session));
  }

  static jobject Scratch(JNIEnv* env, jclass, jlong session) {
    return Guard(env, [&] { return FromHandle<EngineSession>(session).NewView(env); });
  }

  static void Reset(JNIEnv* env, jclass, jlong session) {
    Guard(env, [&] { FromHandle<EngineSession>(session).engine().Reset(); });
  }

  // Absorbs the pending bytes, then in[off, off + len) if `in` is set.
  static void Update(JNIEnv* env, jclass, jlong session, jint pending_len, jbyteArray in, jint off,
                     jint len) {
    Guard(env, [&] {
      Engine& engine = AbsorbPending(FromHandle<EngineSession>(session), pending_len);
      if (in != nullptr) {
        ForEachInputChunk(env, in, off, len,
                          [&](const uint8_t* data, size_t n) { engine.Update(data, n); });
      }
    });
  }

  static void UpdateDirect(JNIEnv* env, jclass, jlong session, jint pending_len, jobject buffer,
                           jint position, jint len) {
    Guard(env, [&] {
      Engine& engine = AbsorbPending(FromHandle<EngineSession>(session), pending_len);
      engine.Update(DirectBufferRange(env, buffer, position, len), static_cast<size_t>(len));
    });
  }

  // Absorbs the pending bytes, leaves the result at scratch[0] and starts a new message.
  static jint Finish(JNIEnv* env, jclass, jlong session, jint pending_len) {
    return Guard(env, [&] {
      auto& engine_session = FromHandle<EngineSession>(session);
      Engine& engine = AbsorbPending(engine_session, pending_len);
      return static_cast<jint>(engine.Finish(engine_session.scratch(0)));
    });
  }

  // The rows for the natives above, under the names and signatures that every family's natives
  // class declares (copySession, freeSession, scratch, reset, update, updateDirect, finish). A
  // family appends the rows that create and configure its engine.
  static std::vector<JNINativeMethod> Methods() {
    return {
        Method("copySession", "(J)J", Copy),
        Method("freeSession", "(J)V", Free),
        Method("scratch", "(J)Ljava/nio/ByteBuffer;", Scratch),
        Method("reset", "(J)V", Reset),
        Method("update", "(JI[BII)V", Update),
        Method("updateDirect", "(JILjava/nio/ByteBuffer;II)V", UpdateDirect),
        Method("finish", "(JI)I", Finish),
    };
  }

  // Absorbs scratch[0, pending_len) and wipes it, since a message may be secret.
  static Engine& AbsorbPending(EngineSession& engine_session, jint pending_len) {
    uint8_t* pending = engine_session.scratch(pending_len);
    engine_session.engine().Update(pending, static_cast<size_t>(pending_len));
    Cleanse(pending, static_cast<size_t>(pending_len));
    return engine_session.engine();
  }
};

}  // namespace carbide::jni
