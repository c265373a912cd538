// Natives of dev.carbide.mac.MacNative: creating and keying HMAC contexts. Everything else a
// context does goes through the shared message natives (../core/message_natives.h): a Mac is keyed
// by one crossing (init) and then costs one crossing per short message (finish), which absorbs the
// Java pending buffer, writes the tag and restarts under the same key.
#include <jni.h>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "../core/message_natives.h"
#include "carbide/library.h"
#include "carbide/mac.h"

namespace carbide::jni {
namespace {

jboolean Available(JNIEnv* env, jclass) {
  return Guard(env, [&] { return static_cast<jboolean>(FindMac("HMAC") != nullptr); });
}

jint Size(JNIEnv* env, jclass, jlong md) {
  return Guard(env, [&] { return static_cast<jint>(Hmac::SizeOf(&FromHandle<const EVP_MD>(md))); });
}

jlong NewContext(JNIEnv* env, jclass, jlong md) {
  return Guard(env, [&] { return NewMessageHandle<Hmac>(&FromHandle<const EVP_MD>(md)); });
}

// The key crosses as a native copy that is cleansed on the way out; OpenSSL keeps its own copy.
void Init(JNIEnv* env, jclass, jlong ctx, jbyteArray key, jint off, jint len) {
  Guard(env, [&] {
    Hmac& hmac = EngineFromHandle<Hmac>(ctx);
    WithSecretCopy(env, key, off, len,
                   [&](const uint8_t* data, size_t n) { hmac.SetKey(data, n); });
  });
}

}  // namespace

bool RegisterMacNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("available", "()Z", Available),
      Method("size", "(J)I", Size),
      Method("newContext", "(J)J", NewContext),
      Method("init", "(J[BII)V", Init),
  };
  return RegisterNatives(env, "dev/carbide/mac/MacNative", methods);
}

}  // namespace carbide::jni
