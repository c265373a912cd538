// Natives of dev.carbide.kdf.KdfNative. A derivation is one crossing: the inputs are copied in
// (small, and wanted whole by the engine), the output copied out, and both native copies
// cleansed.
#include <jni.h>

#include <algorithm>
#include <cstdint>
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

// The `count` parameters in `packed`, as EvpKdf.Params packs them: one 12-byte record per
// parameter (a little-endian 4-byte KdfParamId and 8-byte number), then the byte parameters one
// after another, a byte parameter (KdfParamTakesBytes) taking as many as its number says. One
// region copy in all (three flat arrays cost three, and their lengths three more calls), into one
// native copy (on the stack up to 1 KiB) that is cleansed when this goes.
class JavaKdfParams {
 public:
  // More than KdfTemplate sets in one call is refused there anyway.
  static constexpr jint kMaxCount = 16;
  static constexpr size_t kRecord = 12;

  JavaKdfParams(JNIEnv* env, jint count, jbyteArray packed) : count_(count), bytes_(env, packed) {
    if (count < 0 || count > kMaxCount) {
      throw Error(ErrorKind::kInvalidParameter, "too many KDF parameters");
    }
    std::span<const uint8_t> all = bytes_.span();
    const size_t records = static_cast<size_t>(count) * kRecord;
    if (records > all.size()) {
      throw Error(ErrorKind::kIllegalArgument, "packed KDF parameters too short");
    }
    std::span<const uint8_t> rest = all.subspan(records);
    for (jint i = 0; i < count; ++i) {
      const uint8_t* record = all.data() + static_cast<size_t>(i) * kRecord;
      const auto id = static_cast<KdfParamId>(static_cast<int32_t>(LittleEndian(record, 4)));
      const uint64_t number = LittleEndian(record + 4, 8);
      if (static_cast<int64_t>(number) < 0) {
        throw Error(ErrorKind::kInvalidParameter, "negative KDF parameter");
      }
      if (KdfParamTakesBytes(id)) {
        if (number > rest.size()) {
          throw Error(ErrorKind::kIllegalArgument, "KDF parameter runs past the packed bytes");
        }
        params_[i] = {id, rest.first(number), 0};
        rest = rest.subspan(number);
      } else {
        params_[i] = {id, {}, number};
      }
    }
    if (!rest.empty()) {
      throw Error(ErrorKind::kIllegalArgument, "packed KDF bytes left over");
    }
  }

  std::span<const KdfParam> params() const noexcept {
    return {params_, static_cast<size_t>(count_)};
  }

 private:
  static uint64_t LittleEndian(const uint8_t* bytes, size_t size) {
    uint64_t value = 0;
    for (size_t i = size; i-- > 0;) {
      value = (value << 8) | bytes[i];
    }
    return value;
  }

  jint count_;
  SecretBytes bytes_;
  KdfParam params_[kMaxCount];
};

// A KdfTemplate over EVP_KDF `kdf` with the given fixed parameters, kept for the life of the
// process (the Java side makes one per service and caches it).
jlong NewTemplate(JNIEnv* env, jclass, jlong kdf, jint count, jbyteArray packed) {
  return Guard(env, [&] {
    JavaKdfParams fixed(env, count, packed);
    return ToHandle(new KdfTemplate(&FromHandle<const EVP_KDF>(kdf), fixed.params()));
  });
}

// One derivation from template `kdf_template` filling `out`, through a native copy that is
// cleansed (on the stack up to 1 KiB, as a derived key is).
void DeriveEvpKdf(JNIEnv* env, jclass, jlong kdf_template, jint count, jbyteArray packed,
                  jbyteArray out) {
  Guard(env, [&] {
    const KdfTemplate& algorithm = FromHandle<const KdfTemplate>(kdf_template);
    CheckArrayRange(env, out, 0, 0);  // out must not be null
    JavaKdfParams params(env, count, packed);
    const jsize out_len = env->GetArrayLength(out);
    SecretBytes result(static_cast<size_t>(out_len));
    algorithm.Derive(params.params(), result.span());
    env->SetByteArrayRegion(out, 0, out_len, reinterpret_cast<const jbyte*>(result.data()));
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
      Method("newTemplate", "(JI[B)J", NewTemplate),
      Method("deriveEvpKdf", "(JI[B[B)V", DeriveEvpKdf),
  };
  return RegisterNatives(env, "dev/carbide/kdf/KdfNative", methods);
}

}  // namespace carbide::jni
