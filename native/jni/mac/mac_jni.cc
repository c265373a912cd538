// Natives of dev.carbide.mac.MacNative: they create HMAC sessions and key them, in one crossing per
// init. Everything after that (buffered updates, finish, reset, clone) is the shared message
// session's (core/session_natives.cc); an HMAC's finish restarts under the same key.
#include <jni.h>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "../core/session.h"
#include "carbide/library.h"
#include "carbide/mac.h"

namespace carbide::jni {
namespace {

using HmacSession = EngineSession<Hmac>;
static_assert(kScratchCapacity >= static_cast<jint>(kMaxMacSize), "tags are returned in scratch");

jboolean Available(JNIEnv* env, jclass) {
  return Guard(env, [&] { return static_cast<jboolean>(FindMac("HMAC") != nullptr); });
}

jint Size(JNIEnv* env, jclass, jlong md) {
  return Guard(env, [&] { return static_cast<jint>(Hmac::SizeOf(&FromHandle<const EVP_MD>(md))); });
}

jlong NewSession(JNIEnv* env, jclass, jlong md) {
  return Guard(env, [&] { return HmacSession::New(&FromHandle<const EVP_MD>(md)); });
}

// The key crosses as a native copy that is cleansed on the way out; OpenSSL keeps its own copy.
void Init(JNIEnv* env, jclass, jlong session, jbyteArray key, jint off, jint len) {
  Guard(env, [&] {
    Hmac& hmac = HmacSession::From(session).engine();
    SecretBytes copy(env, key, off, len);
    hmac.SetKey(copy.data(), copy.size());
  });
}

}  // namespace

bool RegisterMacNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("available", "()Z", Available),
      Method("size", "(J)I", Size),
      Method("newSession", "(J)J", NewSession),
      Method("init", "(J[BII)V", Init),
  };
  return RegisterNatives(env, "dev/carbide/mac/MacNative", methods);
}

}  // namespace carbide::jni
