// Natives of dev.carbide.kdf.KdfNative. A derivation is one crossing: the inputs are copied in
// (small, and wanted whole by the engine), the output copied out, and both native copies
// cleansed.
#include <jni.h>

#include <algorithm>
#include <limits>
#include <span>
#include <string>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "carbide/evp_kdf.h"
#include "carbide/kdf.h"
#include "carbide/library.h"

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

// The EVP_KDF called `name` ("SCRYPT"), fetched once for the life of the process, or 0 if the
// loaded OpenSSL lacks it.
jlong FetchKdf(JNIEnv* env, jclass, jstring name) {
  return Guard(env, [&] { return ToHandle(FindKdf(JavaString(env, name))); });
}

// The parameters ids[i], bytes[i] (a null element is empty) and numbers[i], their bytes copied one
// after another into one native buffer (on the stack up to 1 KiB) that is cleansed when this goes:
// a derivation's few short inputs then cost no heap allocation each.
class JavaKdfParams {
 public:
  // More than KdfTemplate sets in one call is refused there anyway.
  static constexpr jsize kMaxCount = 16;

  JavaKdfParams(JNIEnv* env, jintArray ids, jobjectArray bytes, jlongArray numbers)
      : copies_(TotalLength(env, ids, bytes, numbers)) {
    jint id_values[kMaxCount];
    jlong number_values[kMaxCount];
    env->GetIntArrayRegion(ids, 0, count_, id_values);
    env->GetLongArrayRegion(numbers, 0, count_, number_values);
    size_t at = 0;
    for (jsize i = 0; i < count_; ++i) {
      auto element = static_cast<jbyteArray>(env->GetObjectArrayElement(bytes, i));
      if (env->ExceptionCheck()) {
        throw JavaExceptionPending{};
      }
      // The lengths were read in TotalLength: a longer array put in meanwhile is read only so far.
      auto length = static_cast<size_t>(lengths_[i]);
      if (length != 0) {
        // An element replaced by a shorter array meanwhile (another thread) throws here.
        env->GetByteArrayRegion(element, 0, lengths_[i],
                                reinterpret_cast<jbyte*>(copies_.data() + at));
      }
      env->DeleteLocalRef(element);
      if (env->ExceptionCheck()) {
        throw JavaExceptionPending{};
      }
      if (number_values[i] < 0) {
        throw Error(ErrorKind::kInvalidParameter, "negative KDF parameter");
      }
      params_[i] = {static_cast<KdfParamId>(id_values[i]), copies_.span().subspan(at, length),
                    static_cast<uint64_t>(number_values[i])};
      at += length;
    }
  }

  std::span<const KdfParam> params() const noexcept {
    return {params_, static_cast<size_t>(count_)};
  }

 private:
  // Checks the arrays and reads each element's length (into lengths_ and count_); returns their
  // sum.
  size_t TotalLength(JNIEnv* env, jintArray ids, jobjectArray bytes, jlongArray numbers) {
    CheckArrayRange(env, ids, 0, 0);  // none of the arrays may be null
    CheckArrayRange(env, bytes, 0, 0);
    CheckArrayRange(env, numbers, 0, 0);
    count_ = env->GetArrayLength(ids);
    if (env->GetArrayLength(bytes) != count_ || env->GetArrayLength(numbers) != count_) {
      throw Error(ErrorKind::kIllegalArgument, "KDF parameter arrays differ in length");
    }
    if (count_ > kMaxCount) {
      throw Error(ErrorKind::kInvalidParameter, "too many KDF parameters");
    }
    size_t total = 0;
    for (jsize i = 0; i < count_; ++i) {
      auto element = static_cast<jbyteArray>(env->GetObjectArrayElement(bytes, i));
      if (env->ExceptionCheck()) {
        throw JavaExceptionPending{};
      }
      lengths_[i] = element != nullptr ? env->GetArrayLength(element) : 0;
      env->DeleteLocalRef(element);
      total += static_cast<size_t>(lengths_[i]);
    }
    return total;
  }

  jsize count_ = 0;
  jsize lengths_[kMaxCount] = {};
  SecretBytes copies_;
  KdfParam params_[kMaxCount];
};

// A KdfTemplate over EVP_KDF `kdf` with the given fixed parameters, kept for the life of the
// process (the Java side makes one per service and caches it).
jlong NewTemplate(JNIEnv* env, jclass, jlong kdf, jintArray ids, jobjectArray bytes,
                  jlongArray numbers) {
  return Guard(env, [&] {
    JavaKdfParams fixed(env, ids, bytes, numbers);
    return ToHandle(new KdfTemplate(&FromHandle<const EVP_KDF>(kdf), fixed.params()));
  });
}

// One derivation from template `kdf_template` filling `out`.
void DeriveEvpKdf(JNIEnv* env, jclass, jlong kdf_template, jintArray ids, jobjectArray bytes,
                  jlongArray numbers, jbyteArray out) {
  Guard(env, [&] {
    const KdfTemplate& algorithm = FromHandle<const KdfTemplate>(kdf_template);
    CheckArrayRange(env, out, 0, 0);  // out must not be null
    JavaKdfParams params(env, ids, bytes, numbers);
    SecretBytes result(static_cast<size_t>(env->GetArrayLength(out)));
    algorithm.Derive(params.params(), result.span());
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
      Method("fetchKdf", "(Ljava/lang/String;)J", FetchKdf),
      Method("newTemplate", "(J[I[[B[J)J", NewTemplate),
      Method("deriveEvpKdf", "(J[I[[B[J[B)V", DeriveEvpKdf),
  };
  return RegisterNatives(env, "dev/carbide/kdf/KdfNative", methods);
}

}  // namespace carbide::jni
