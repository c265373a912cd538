// Natives of dev.carbide.digest.DigestNative. Java buffers small updates in the session's scratch
// memory, so a short message costs one crossing whose arguments are all primitives: finish()
// absorbs the scratch bytes and leaves the digest there.
#include <jni.h>

#include <vector>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "../core/session.h"
#include "../core/session_natives.h"
#include "carbide/digest.h"
#include "carbide/library.h"

namespace carbide::jni {
namespace {

using DigestSession = Session<Digest>;
using DigestNatives = SessionNatives<Digest>;
static_assert(kScratchCapacity >= static_cast<jint>(kMaxDigestSize),
              "digests are returned in scratch");

jlong Fetch(JNIEnv* env, jclass, jstring name) {
  return Guard(env, [&] { return ToHandle(FindDigest(JavaString(env, name))); });
}

jint Size(JNIEnv* env, jclass, jlong md) {
  return Guard(env,
               [&] { return static_cast<jint>(Digest::SizeOf(&FromHandle<const EVP_MD>(md))); });
}

jlong NewSession(JNIEnv* env, jclass, jlong md) {
  return Guard(env, [&] { return ToHandle(new DigestSession(&FromHandle<const EVP_MD>(md))); });
}

}  // namespace

bool RegisterDigestNatives(JNIEnv* env) {
  std::vector<JNINativeMethod> methods = DigestNatives::Methods();
  methods.insert(methods.end(), {
                                    Method("fetch", "(Ljava/lang/String;)J", Fetch),
                                    Method("size", "(J)I", Size),
                                    Method("newSession", "(J)J", NewSession),
                                });
  return RegisterNatives(env, "dev/carbide/digest/DigestNative", methods.data(), methods.size());
}

}  // namespace carbide::jni
