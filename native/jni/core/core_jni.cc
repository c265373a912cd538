// Natives of dev.carbide.internal.NativeCore: facts about the loaded OpenSSL.
#include <cstdint>

#include "carbide/kem.h"
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

void EnableFipsNative(JNIEnv* env, jclass, jstring config, jstring module_dir) {
  Guard(env, [&] { EnableFips(JavaString(env, config), JavaString(env, module_dir)); });
}

jboolean KeyTypeAvailableNative(JNIEnv* env, jclass, jstring name) {
  return Guard(
      env, [&] { return static_cast<jboolean>(KeyTypeAvailable(JavaString(env, name).c_str())); });
}

jlong UnapprovedCountNative(JNIEnv* env, jclass) {
  return Guard(env, [&] { return static_cast<jlong>(UnapprovedCount()); });
}

jstring TakeUnapprovedNative(JNIEnv* env, jclass) {
  return Guard(env, [&]() -> jstring {
    std::string last = TakeUnapproved();
    return last.empty() ? nullptr : env->NewStringUTF(last.c_str());
  });
}

// The library context as a handle for the TLS engine's library (TlsNative.useLibraryContext); 0 for
// OpenSSL's default one.
jlong LibraryContextNative(JNIEnv*, jclass) {
  return static_cast<jlong>(reinterpret_cast<intptr_t>(LibraryContext()));
}

jstring FipsModuleNative(JNIEnv* env, jclass) {
  return Guard(env, [&] { return env->NewStringUTF(FipsModuleDescription().c_str()); });
}

}  // namespace

bool RegisterCoreNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("opensslVersion", "()Ljava/lang/String;", OpensslVersionNative),
      Method("fipsEnabled", "()Z", FipsEnabledNative),
      Method("enableFips", "(Ljava/lang/String;Ljava/lang/String;)V", EnableFipsNative),
      Method("fipsModule", "()Ljava/lang/String;", FipsModuleNative),
      Method("libraryContext", "()J", LibraryContextNative),
      Method("keyTypeAvailable", "(Ljava/lang/String;)Z", KeyTypeAvailableNative),
      Method("unapprovedCount", "()J", UnapprovedCountNative),
      Method("takeUnapproved", "()Ljava/lang/String;", TakeUnapprovedNative),
  };
  return RegisterNatives(env, "dev/carbide/internal/NativeCore", methods) &&
         RegisterFloorNatives(env);
}

}  // namespace carbide::jni
