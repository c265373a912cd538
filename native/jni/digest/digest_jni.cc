// Natives of dev.carbide.digest.DigestNative: finding digests and creating contexts. Everything
// else a context does goes through the shared message natives (../core/message_natives.h), so a
// short message costs one crossing: finish() absorbs the Java buffer and writes the digest.
#include <jni.h>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "../core/message_natives.h"
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
  return Guard(env, [&] { return NewMessageHandle<Digest>(&FromHandle<const EVP_MD>(md)); });
}

}  // namespace

bool RegisterDigestNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("fetch", "(Ljava/lang/String;)J", Fetch),
      Method("size", "(J)I", Size),
      Method("newContext", "(J)J", NewContext),
  };
  return RegisterNatives(env, "dev/carbide/digest/DigestNative", methods);
}

}  // namespace carbide::jni
