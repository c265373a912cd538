// libcarbide-ssl.so's only exported symbols. Carbide loads this library (and libssl beside it)
// only when an SSLContext is first asked for, after libcarbide.so, whose libcrypto it shares.
#include <jni.h>

#include "../core/jni_support.h"
#include "tls_jni.h"

extern "C" JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void* /*reserved*/) {
  JNIEnv* env = nullptr;
  if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_10) != JNI_OK) {
    return JNI_ERR;
  }
  if (!carbide::jni::InitExceptionClasses(env) || !carbide::jni::RegisterTlsNatives(env) ||
      !carbide::jni::RegisterTlsSessionNatives(env) ||
      !carbide::jni::RegisterTlsRecordNatives(env) || !carbide::jni::RegisterTlsOcspNatives(env)) {
    return JNI_ERR;
  }
  return JNI_VERSION_10;
}

extern "C" JNIEXPORT void JNICALL JNI_OnUnload(JavaVM* /*vm*/, void* /*reserved*/) {}
