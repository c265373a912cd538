// Natives of dev.carbide.digest.DigestNative. Java buffers small updates in the session's scratch
// memory, so a short message costs one crossing whose arguments are all primitives: finish()
// absorbs the scratch bytes and leaves the digest there.
#include <jni.h>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "../core/session.h"
#include "carbide/digest.h"
#include "carbide/library.h"

namespace carbide::jni {
namespace {

using DigestSession = Session<Digest>;
static_assert(kScratchCapacity >= static_cast<jint>(kMaxDigestSize),
              "digests are returned in scratch");

jlong Fetch(JNIEnv* env, jclass, jstring name) {
  return Guard(env, [&] { return ToHandle(FindDigest(JavaString(env, name))); });
}

jint Size(JNIEnv* env, jclass, jlong md) {
  return Guard(env,
               [&] { return static_cast<jint>(Digest::SizeOf(&FromHandle<const EVP_MD>(md))); });
}

jlong NewSession(JNIEnv* env, jclass, jlong md) {
  return Guard(env, [&] { return ToHandle(new DigestSession(&FromHandle<const EVP_MD>(md))); });
}

jlong CopySession(JNIEnv* env, jclass, jlong session) {
  return Guard(env,
               [&] { return ToHandle(new DigestSession(FromHandle<DigestSession>(session))); });
}

void FreeSession(JNIEnv*, jclass, jlong session) {
  delete reinterpret_cast<DigestSession*>(static_cast<intptr_t>(session));
}

jobject Scratch(JNIEnv* env, jclass, jlong session) {
  return Guard(env, [&] { return FromHandle<DigestSession>(session).NewView(env); });
}

void Reset(JNIEnv* env, jclass, jlong session) {
  Guard(env, [&] { FromHandle<DigestSession>(session).engine().Reset(); });
}

// Absorbs scratch[0, pending_len) and wipes it, since a message may be secret.
Digest& AbsorbPending(DigestSession& session, jint pending_len) {
  uint8_t* pending = session.scratch(pending_len);
  session.engine().Update(pending, static_cast<size_t>(pending_len));
  Cleanse(pending, static_cast<size_t>(pending_len));
  return session.engine();
}

void Update(JNIEnv* env, jclass, jlong session, jint pending_len, jbyteArray in, jint off,
            jint len) {
  Guard(env, [&] {
    Digest& digest = AbsorbPending(FromHandle<DigestSession>(session), pending_len);
    if (in != nullptr) {
      ForEachInputChunk(env, in, off, len,
                        [&](const uint8_t* data, size_t n) { digest.Update(data, n); });
    }
  });
}

void UpdateDirect(JNIEnv* env, jclass, jlong session, jint pending_len, jobject buffer,
                  jint position, jint len) {
  Guard(env, [&] {
    Digest& digest = AbsorbPending(FromHandle<DigestSession>(session), pending_len);
    digest.Update(DirectBufferRange(env, buffer, position, len), static_cast<size_t>(len));
  });
}

jint Finish(JNIEnv* env, jclass, jlong session, jint pending_len) {
  return Guard(env, [&] {
    auto& digest_session = FromHandle<DigestSession>(session);
    Digest& digest = AbsorbPending(digest_session, pending_len);
    return static_cast<jint>(digest.Finish(digest_session.scratch(0)));
  });
}

}  // namespace

bool RegisterDigestNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("fetch", "(Ljava/lang/String;)J", Fetch),
      Method("size", "(J)I", Size),
      Method("newSession", "(J)J", NewSession),
      Method("copySession", "(J)J", CopySession),
      Method("freeSession", "(J)V", FreeSession),
      Method("scratch", "(J)Ljava/nio/ByteBuffer;", Scratch),
      Method("reset", "(J)V", Reset),
      Method("update", "(JI[BII)V", Update),
      Method("updateDirect", "(JILjava/nio/ByteBuffer;II)V", UpdateDirect),
      Method("finish", "(JI)I", Finish),
  };
  return RegisterNatives(env, "dev/carbide/digest/DigestNative", methods);
}

}  // namespace carbide::jni
