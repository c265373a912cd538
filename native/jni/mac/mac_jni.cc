#include "../core/families.h"

namespace carbide::jni {

bool RegisterMacNatives(JNIEnv*) { return true; }

}  // namespace carbide::jni
