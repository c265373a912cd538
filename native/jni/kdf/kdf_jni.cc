#include "../core/families.h"

namespace carbide::jni {

bool RegisterKdfNatives(JNIEnv*) { return true; }

}  // namespace carbide::jni
