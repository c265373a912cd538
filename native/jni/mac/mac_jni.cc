// Natives of dev.carbide.mac.MacNative: they create HMAC and other EVP_MAC sessions (CMAC, GMAC,
// KMAC, Poly1305) and key them, in one crossing per init. Everything after that (buffered updates,
// finish, reset, clone) is the shared message session's (core/session_natives.cc); an HMAC's finish
// restarts under the same key.
#include <jni.h>

#include <span>
#include <string>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "../core/session.h"
#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/mac.h"

namespace carbide::jni {
namespace {

using HmacSession = EngineSession<Hmac>;
using EvpMacSession = EngineSession<EvpMac>;
static_assert(kScratchCapacity >= static_cast<jint>(kMaxMacSize), "tags are returned in scratch");

jboolean Available(JNIEnv* env, jclass) {
  return Guard(env, [&] { return static_cast<jboolean>(FindMac("HMAC") != nullptr); });
}

jint Size(JNIEnv* env, jclass, jlong md) {
  return Guard(env, [&] { return static_cast<jint>(Hmac::SizeOf(&FromHandle<const EVP_MD>(md))); });
}

jlong NewSession(JNIEnv* env, jclass, jlong md) {
  return Guard(env, [&] { return HmacSession::New(&FromHandle<const EVP_MD>(md)); });
}

// The key crosses as a native copy that is cleansed on the way out; OpenSSL keeps its own copy.
void Init(JNIEnv* env, jclass, jlong session, jbyteArray key, jint off, jint len) {
  Guard(env, [&] {
    Hmac& hmac = HmacSession::From(session).engine();
    SecretBytes copy(env, key, off, len);
    hmac.SetKey(copy.data(), copy.size());
  });
}

// The EVP_MAC called `name` ("CMAC", "KMAC-128"), or 0 if the loaded OpenSSL lacks it.
jlong FetchMac(JNIEnv* env, jclass, jstring name) {
  return Guard(env, [&] { return ToHandle(FindMac(JavaString(env, name))); });
}

// `parameter` is an EvpMac::Parameter's ordinal, as MacNative's constants give it.
jlong NewEvpSession(JNIEnv* env, jclass, jlong mac, jint parameter) {
  return Guard(env, [&] {
    if (parameter < 0 || parameter > static_cast<jint>(EvpMac::Parameter::kCustomisation)) {
      throw Error(ErrorKind::kIllegalArgument, "unknown MAC parameter kind");
    }
    return EvpMacSession::New(&FromHandle<const EVP_MAC>(mac),
                              static_cast<EvpMac::Parameter>(parameter));
  });
}

// The key and the parameter cross as native copies that are cleansed on the way out. `cipher` may
// be null. Java checks `output_size` against the scratch the tag is returned in; this checks again.
void InitEvp(JNIEnv* env, jclass, jlong session, jbyteArray key, jstring cipher,
             jbyteArray parameter, jint output_size) {
  Guard(env, [&] {
    EvpMac& mac = EvpMacSession::From(session).engine();
    if (output_size < 0 || output_size > kScratchCapacity) {
      throw Error(ErrorKind::kInvalidParameter, "MAC output length out of range");
    }
    SecretBytes key_copy(env, key);
    SecretBytes parameter_copy(env, parameter);
    std::string cipher_name = cipher == nullptr ? std::string() : JavaString(env, cipher);
    mac.SetKey(key_copy.span(), cipher == nullptr ? nullptr : cipher_name.c_str(),
               parameter_copy.span(), static_cast<size_t>(output_size));
    if (mac.size() > static_cast<size_t>(kScratchCapacity)) {
      throw Error(ErrorKind::kInvalidParameter, "MAC output length out of range");
    }
  });
}

// A GMAC's next message under the key its session holds, with no array arguments: Java wrote the
// key to scratch[0, key_len) and the IV after it, and both are cleansed there on the way out.
// Returns false, changing nothing, if the session holds another key or none: Java then keys it in
// full through InitEvp. Within one session the cipher follows from the key's length, so the same
// key means the same cipher.
jboolean RenewEvp(JNIEnv* env, jclass, jlong session, jint key_len, jint iv_len) {
  return Guard(env, [&] {
    EvpMacSession& mac = EvpMacSession::From(session);
    if (key_len < 0 || iv_len < 0 || key_len > kScratchCapacity - iv_len) {
      throw Error(ErrorKind::kIllegalArgument, "MAC key and IV lengths out of range");
    }
    uint8_t* bytes = mac.scratch(key_len + iv_len);
    CleanseOnExit wipe{bytes, static_cast<size_t>(key_len + iv_len)};
    auto key = std::span<const uint8_t>(bytes, static_cast<size_t>(key_len));
    auto iv = std::span<const uint8_t>(bytes + key_len, static_cast<size_t>(iv_len));
    return static_cast<jboolean>(mac.engine().Renew(key, iv));
  });
}

}  // namespace

bool RegisterMacNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("available", "()Z", Available),
      Method("size", "(J)I", Size),
      Method("newSession", "(J)J", NewSession),
      Method("init", "(J[BII)V", Init),
      Method("fetchMac", "(Ljava/lang/String;)J", FetchMac),
      Method("newEvpSession", "(JI)J", NewEvpSession),
      Method("initEvp", "(J[BLjava/lang/String;[BI)V", InitEvp),
      Method("renewEvp", "(JII)Z", RenewEvp),
  };
  return RegisterNatives(env, "dev/carbide/mac/MacNative", methods);
}

}  // namespace carbide::jni
