#include "../core/families.h"

namespace carbide::jni {

bool RegisterRandomNatives(JNIEnv*) { return true; }

}  // namespace carbide::jni
