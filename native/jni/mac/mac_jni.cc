// Natives of dev.carbide.mac.MacNative. A Mac is keyed by one crossing (init); after that Java
// buffers short updates in the session's scratch memory, so a short message costs one crossing
// with primitive arguments: finish() absorbs the scratch bytes, leaves the tag there and restarts
// under the same key.
#include <jni.h>

#include <vector>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "../core/session.h"
#include "../core/session_natives.h"
#include "carbide/library.h"
#include "carbide/mac.h"

namespace carbide::jni {
namespace {

using HmacSession = Session<Hmac>;
using HmacNatives = SessionNatives<Hmac>;
static_assert(kScratchCapacity >= static_cast<jint>(kMaxMacSize), "tags are returned in scratch");

jboolean Available(JNIEnv* env, jclass) {
  return Guard(env, [&] { return static_cast<jboolean>(FindMac("HMAC") != nullptr); });
}

jint Size(JNIEnv* env, jclass, jlong md) {
  return Guard(env, [&] { return static_cast<jint>(Hmac::SizeOf(&FromHandle<const EVP_MD>(md))); });
}

jlong NewSession(JNIEnv* env, jclass, jlong md) {
  return Guard(env, [&] { return ToHandle(new HmacSession(&FromHandle<const EVP_MD>(md))); });
}

// The key crosses as a native copy that is cleansed on the way out; OpenSSL keeps its own copy.
void Init(JNIEnv* env, jclass, jlong session, jbyteArray key, jint off, jint len) {
  Guard(env, [&] {
    Hmac& hmac = FromHandle<HmacSession>(session).engine();
    SecretBytes copy(env, key, off, len);
    hmac.SetKey(copy.data(), copy.size());
  });
}

}  // namespace

bool RegisterMacNatives(JNIEnv* env) {
  std::vector<JNINativeMethod> methods = HmacNatives::Methods();
  methods.insert(methods.end(), {
                                    Method("available", "()Z", Available),
                                    Method("size", "(J)I", Size),
                                    Method("newSession", "(J)J", NewSession),
                                    Method("init", "(J[BII)V", Init),
                                });
  return RegisterNatives(env, "dev/carbide/mac/MacNative", methods.data(), methods.size());
}

}  // namespace carbide::jni
