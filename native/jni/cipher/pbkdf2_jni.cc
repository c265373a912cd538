// Natives of dev.carbide.cipher.Pbkdf2Native: one derivation per call. The password and the
// derived key cross as native copies that are cleansed on the way out.
#include <jni.h>

#include "../core/jni_support.h"
#include "carbide/pbkdf2.h"

namespace carbide::jni {

namespace {

jbyteArray Derive(JNIEnv* env, jclass, jlong md, jbyteArray password, jbyteArray salt,
                  jint iterations, jint key_bytes) {
  return Guard(env, [&]() -> jbyteArray {
    if (iterations <= 0 || key_bytes <= 0) {
      throw Error(ErrorKind::kInvalidParameter, "iterations and key length must be positive");
    }
    SecretBytes pass(env, password);
    SecretBytes salt_copy(env, salt);
    SecretBytes out(static_cast<size_t>(key_bytes));
    Pbkdf2(&FromHandle<const EVP_MD>(md), pass.span(), salt_copy.span(),
           static_cast<uint32_t>(iterations), out.span());
    jbyteArray result = env->NewByteArray(key_bytes);
    if (result == nullptr) {
      throw JavaExceptionPending{};
    }
    CopyToArray(env, out.data(), key_bytes, result, 0);
    return result;
  });
}

}  // namespace

bool RegisterPbkdf2Natives(JNIEnv* env) {
  static const JNINativeMethod kMethods[] = {
      Method("derive", "(J[B[BII)[B", Derive),
  };
  return RegisterNatives(env, "dev/carbide/cipher/Pbkdf2Native", kMethods);
}

}  // namespace carbide::jni
