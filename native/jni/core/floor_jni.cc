// Natives of dev.carbide.internal.JniFloor: crossings that do no work, so that a benchmark can put
// a figure on the bridge's share of an operation's fixed cost (bench's JcaFloorBenchmark). Each is
// one of the ways a real call crosses (docs/native-calls.md), with nothing behind it: an operation
// whose time is its native limit plus this floor plus the JCA's own floor is at the physical limit.
// They touch no engine and no secret.
#include <jni.h>

#include <cstdint>

#include "carbide/error.h"
#include "families.h"
#include "jni_support.h"

namespace carbide::jni {
namespace {

// Primitive arguments only, through Guard: what a call over session scratch memory pays.
jint Crossing(JNIEnv* env, jclass, jint value) {
  return Guard(env, [&] { return value; });
}

// Copies array[0, len) to the stack with GetByteArrayRegion, as keys, IVs and short inputs are
// copied, and returns its first byte so the copy is not optimised away.
jint Region(JNIEnv* env, jclass, jbyteArray array, jint len) {
  return Guard(env, [&]() -> jint {
    if (len > kStackCopyLimit) {
      throw Error(ErrorKind::kIllegalArgument, "the floor copies at most 1 KiB");
    }
    CheckArrayRange(env, array, 0, len);
    uint8_t copy[kStackCopyLimit];
    env->GetByteArrayRegion(array, 0, len, reinterpret_cast<jbyte*>(copy));
    return len == 0 ? 0 : copy[0];
  });
}

// Pins the array with GetPrimitiveArrayCritical, as bulk data is pinned, and reads its first byte.
jint Critical(JNIEnv* env, jclass, jbyteArray array) {
  return Guard(env, [&]() -> jint {
    CheckArrayRange(env, array, 0, 0);  // not null
    if (env->GetArrayLength(array) == 0) {
      return 0;
    }
    PinnedArray pinned(env, array, /*commit=*/false);
    return pinned.data()[0];
  });
}

}  // namespace

// The critical FFM downcall's floor (Java 22 and later): the Java array is passed as it lies, as
// carbide_session_finish and carbide_cipher_step take theirs; returns its first byte.
extern "C" __attribute__((visibility("default"))) int32_t carbide_floor_critical(
    const uint8_t* array, int32_t len) noexcept {
  return array == nullptr || len <= 0 ? 0 : array[0];
}

bool RegisterFloorNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("crossing", "(I)I", Crossing),
      Method("region", "([BI)I", Region),
      Method("critical", "([B)I", Critical),
  };
  return RegisterNatives(env, "dev/carbide/internal/JniFloor", methods);
}

}  // namespace carbide::jni
