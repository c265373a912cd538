// Natives of dev.carbide.kdf.KdfNative. A derivation is one crossing: the inputs are copied in
// (small, and wanted whole by the engine), the output copied out, and both native copies
// cleansed.
#include <jni.h>

#include <algorithm>
#include <limits>
#include <string>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "carbide/kdf.h"

namespace carbide::jni {
namespace {

jlong Find(JNIEnv* env, jclass, jlong md) {
  return Guard(env, [&] {
    // A zero md is a digest the loaded OpenSSL lacks, so there is no HKDF over it either.
    return ToHandle(Hkdf::Find(md != 0 ? &FromHandle<const EVP_MD>(md) : nullptr));
  });
}

jint HashSize(JNIEnv* env, jclass, jlong hkdf) {
  return Guard(env, [&] { return static_cast<jint>(FromHandle<const Hkdf>(hkdf).hash_size()); });
}

// An HKDF with no info limit says Integer.MAX_VALUE: no Java array is longer.
jint MaxInfoSize(JNIEnv* env, jclass, jlong hkdf) {
  return Guard(env, [&] {
    size_t limit = FromHandle<const Hkdf>(hkdf).max_info_size();
    return static_cast<jint>(std::min<size_t>(limit, std::numeric_limits<jint>::max()));
  });
}

HkdfMode ToMode(jint mode) {
  switch (mode) {
    case static_cast<jint>(HkdfMode::kExtract):
      return HkdfMode::kExtract;
    case static_cast<jint>(HkdfMode::kExpand):
      return HkdfMode::kExpand;
    case static_cast<jint>(HkdfMode::kExtractThenExpand):
      return HkdfMode::kExtractThenExpand;
  }
  throw Error(ErrorKind::kIllegalArgument, "unknown HKDF mode " + std::to_string(mode));
}

void Derive(JNIEnv* env, jclass, jlong hkdf, jint mode, jbyteArray key, jbyteArray salt,
            jbyteArray info, jbyteArray out) {
  Guard(env, [&] {
    const Hkdf& algorithm = FromHandle<const Hkdf>(hkdf);
    HkdfMode hkdf_mode = ToMode(mode);
    CheckArrayRange(env, out, 0, 0);  // out must not be null
    SecretBytes key_copy(env, key), salt_copy(env, salt), info_copy(env, info);
    SecretBytes result(static_cast<size_t>(env->GetArrayLength(out)));
    algorithm.Derive(hkdf_mode, {key_copy.span(), salt_copy.span(), info_copy.span()},
                     result.span());
    CopyToArray(env, result.data(), static_cast<jint>(result.size()), out, 0);
  });
}

}  // namespace

bool RegisterKdfNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("find", "(J)J", Find),
      Method("hashSize", "(J)I", HashSize),
      Method("maxInfoSize", "(J)I", MaxInfoSize),
      Method("derive", "(JI[B[B[B[B)V", Derive),
  };
  return RegisterNatives(env, "dev/carbide/kdf/KdfNative", methods);
}

}  // namespace carbide::jni
