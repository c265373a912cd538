// Natives of dev.carbide.random.RandomNative. They hold no state: OpenSSL's DRBGs are process-wide
// (per thread underneath), so there is no handle to pass and nothing to free. The Java side serves
// small requests from a buffer it refills with one generate() call, so these run for large
// requests, refills and the rare seeding calls.
#include <jni.h>

#include <vector>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "carbide/random.h"

namespace carbide::jni {
namespace {

// Additional input must reach OpenSSL in one piece, so it is copied whole rather than streamed in
// chunks. It is short in practice, and cleansed afterwards, since callers may diversify with
// secrets. A null array means none.
class AdditionalInput {
 public:
  AdditionalInput(JNIEnv* env, jbyteArray array) {
    if (array != nullptr) {
      AssertNothingPinned();
      jint len = env->GetArrayLength(array);
      bytes_.resize(static_cast<size_t>(len));
      env->GetByteArrayRegion(array, 0, len, reinterpret_cast<jbyte*>(bytes_.data()));
    }
  }
  ~AdditionalInput() { Cleanse(bytes_.data(), bytes_.size()); }
  AdditionalInput(const AdditionalInput&) = delete;
  AdditionalInput& operator=(const AdditionalInput&) = delete;

  const uint8_t* data() const noexcept { return bytes_.data(); }
  size_t size() const noexcept { return bytes_.size(); }

 private:
  std::vector<uint8_t> bytes_;
};

jint Strength(JNIEnv*, jclass) { return static_cast<jint>(random::Strength()); }

jstring MechanismName(JNIEnv* env, jclass) {
  return Guard(env, [&] { return env->NewStringUTF(random::MechanismName().c_str()); });
}

void Generate(JNIEnv* env, jclass, jbyteArray out, jint off, jint len) {
  Guard(env, [&] {
    ForEachOutputChunk(env, out, off, len,
                       [](uint8_t* data, size_t n) { random::Generate(data, n); });
  });
}

void GenerateWith(JNIEnv* env, jclass, jbyteArray out, jint off, jint len, jint strength,
                  jboolean prediction_resistance, jbyteArray additional) {
  Guard(env, [&] {
    if (strength < 0) {
      throw Error(ErrorKind::kIllegalArgument, "strength must not be negative");
    }
    AdditionalInput input(env, additional);
    // Prediction resistance is a property of the request: only its first piece needs the reseed.
    bool resist = prediction_resistance == JNI_TRUE;
    ForEachOutputChunk(env, out, off, len, [&](uint8_t* data, size_t n) {
      random::Generate(data, n, static_cast<unsigned>(strength), resist, input.data(),
                       input.size());
      resist = false;
    });
  });
}

void GenerateSeed(JNIEnv* env, jclass, jbyteArray out, jint off, jint len) {
  Guard(env, [&] { ForEachOutputChunk(env, out, off, len, random::GenerateSeed); });
}

void AddSeed(JNIEnv* env, jclass, jbyteArray seed, jint off, jint len) {
  Guard(env, [&] { ForEachInputChunk(env, seed, off, len, random::AddSeed); });
}

void Reseed(JNIEnv* env, jclass, jboolean prediction_resistance, jbyteArray additional) {
  Guard(env, [&] {
    AdditionalInput input(env, additional);
    random::Reseed(prediction_resistance == JNI_TRUE, input.data(), input.size());
  });
}

}  // namespace

bool RegisterRandomNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("strength", "()I", Strength),
      Method("mechanismName", "()Ljava/lang/String;", MechanismName),
      Method("generate", "([BII)V", Generate),
      Method("generateWith", "([BIIIZ[B)V", GenerateWith),
      Method("generateSeed", "([BII)V", GenerateSeed),
      Method("addSeed", "([BII)V", AddSeed),
      Method("reseed", "(Z[B)V", Reseed),
  };
  return RegisterNatives(env, "dev/carbide/random/RandomNative", methods);
}

}  // namespace carbide::jni
