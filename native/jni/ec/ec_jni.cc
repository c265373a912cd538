// Natives of dev.carbide.ec.EcNative: EC keys built from and taken apart into the components of
// java.security.interfaces.ECKey. Keys are handles of the shared key model (PkeyNative).
#include <jni.h>

#include <vector>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "carbide/ec.h"

namespace carbide::jni {
namespace {

jlong FromComponents(JNIEnv* env, jclass, jstring group, jbyteArray point, jbyteArray scalar) {
  return Guard(env, [&] {
    std::string name = JavaString(env, group);
    SecretBytes point_copy(env, point);
    SecretBytes scalar_copy(env, scalar);
    return ToHandle(EcKeyFromComponents(name, point_copy.span(), scalar_copy.span()).release());
  });
}

jbyteArray PublicPoint(JNIEnv* env, jclass, jlong key) {
  return Guard(env, [&] {
    std::vector<uint8_t> point = EcPublicPoint(&FromHandle<EVP_PKEY>(key));
    return NewByteArray(env, point.data(), point.size());
  });
}

jbyteArray PrivateScalar(JNIEnv* env, jclass, jlong key, jint size) {
  return Guard(env, [&] {
    if (size <= 0 || size > 128) {
      throw Error(ErrorKind::kIllegalArgument, "scalar size out of range");
    }
    SecretBuffer scalar = EcPrivateScalar(&FromHandle<EVP_PKEY>(key), static_cast<size_t>(size));
    return NewByteArray(env, scalar.data(), scalar.size());
  });
}

jstring GroupName(JNIEnv* env, jclass, jlong key) {
  return Guard(env,
               [&] { return env->NewStringUTF(EcGroupName(&FromHandle<EVP_PKEY>(key)).c_str()); });
}

}  // namespace

bool RegisterEcNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("fromComponents", "(Ljava/lang/String;[B[B)J", FromComponents),
      Method("publicPoint", "(J)[B", PublicPoint),
      Method("privateScalar", "(JI)[B", PrivateScalar),
      Method("groupName", "(J)Ljava/lang/String;", GroupName),
  };
  return RegisterNatives(env, "dev/carbide/ec/EcNative", methods);
}

}  // namespace carbide::jni
