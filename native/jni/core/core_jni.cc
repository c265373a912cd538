// Natives of dev.carbide.internal.NativeCore: facts about the loaded OpenSSL.
#include "carbide/library.h"
#include "families.h"
#include "jni_support.h"

namespace carbide::jni {
namespace {

jstring OpensslVersionNative(JNIEnv* env, jclass) {
  return Guard(env, [&] { return env->NewStringUTF(OpensslVersion().c_str()); });
}

jboolean FipsEnabledNative(JNIEnv* env, jclass) {
  return Guard(env, [&] { return static_cast<jboolean>(FipsEnabled()); });
}

}  // namespace

bool RegisterCoreNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("opensslVersion", "()Ljava/lang/String;", OpensslVersionNative),
      Method("fipsEnabled", "()Z", FipsEnabledNative),
  };
  return RegisterNatives(env, "dev/carbide/internal/NativeCore", methods);
}

}  // namespace carbide::jni
