// Natives of dev.carbide.digest.DigestNative: they find digests and create sessions over them.
// Everything after that (buffered updates, finish, reset, clone) is the shared message session's
// (core/session_natives.cc).
#include <jni.h>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "../core/session.h"
#include "carbide/digest.h"
#include "carbide/error.h"
#include "carbide/library.h"

namespace carbide::jni {
namespace {

using DigestSession = EngineSession<Digest>;
static_assert(kScratchCapacity >= static_cast<jint>(kMaxDigestSize),
              "digests are returned in scratch");

jlong Fetch(JNIEnv* env, jclass, jstring name) {
  return Guard(env, [&] { return ToHandle(FindDigest(JavaString(env, name))); });
}

jint Size(JNIEnv* env, jclass, jlong md) {
  return Guard(env,
               [&] { return static_cast<jint>(Digest::SizeOf(&FromHandle<const EVP_MD>(md))); });
}

// `size` is the output length: the digest's own, or the fixed length a JCA name gives an XOF.
jlong NewSession(JNIEnv* env, jclass, jlong md, jint size) {
  return Guard(env, [&] {
    if (size <= 0) {
      throw Error(ErrorKind::kIllegalArgument, "digest output length must be positive");
    }
    return DigestSession::New(&FromHandle<const EVP_MD>(md), static_cast<size_t>(size));
  });
}

}  // namespace

bool RegisterDigestNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("fetch", "(Ljava/lang/String;)J", Fetch),
      Method("size", "(J)I", Size),
      Method("newSession", "(JI)J", NewSession),
  };
  return RegisterNatives(env, "dev/carbide/digest/DigestNative", methods);
}

}  // namespace carbide::jni
