// The library's only exported symbols. Everything else is hidden (-fvisibility=hidden), so the
// natives are reachable only through the tables registered here.
#include <jni.h>

#include "families.h"
#include "jni_support.h"

namespace {

using Register = bool (*)(JNIEnv*);

constexpr Register kFamilies[] = {
    // One family per line, so that adding one is a one-line change.
    // clang-format off
    carbide::jni::RegisterCoreNatives,
    carbide::jni::RegisterSessionNatives,
    carbide::jni::RegisterDigestNatives,
    carbide::jni::RegisterMacNatives,
    carbide::jni::RegisterRandomNatives,
    carbide::jni::RegisterKdfNatives,
    carbide::jni::RegisterCipherNatives,
    carbide::jni::RegisterPkeyNatives,
    carbide::jni::RegisterEcNatives,
    carbide::jni::RegisterPqcNatives,
    carbide::jni::RegisterRsaNatives,
    carbide::jni::RegisterDhNatives,
    carbide::jni::RegisterDsaNatives,
    // clang-format on
};

}  // namespace

extern "C" JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void* /*reserved*/) {
  JNIEnv* env = nullptr;
  if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_10) != JNI_OK) {
    return JNI_ERR;
  }
  if (!carbide::jni::InitExceptionClasses(env)) {
    return JNI_ERR;
  }
  for (Register register_family : kFamilies) {
    if (!register_family(env)) {
      return JNI_ERR;
    }
  }
  return JNI_VERSION_10;
}

extern "C" JNIEXPORT void JNICALL JNI_OnUnload(JavaVM* /*vm*/, void* /*reserved*/) {}
