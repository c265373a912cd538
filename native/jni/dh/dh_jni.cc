// Natives of dev.carbide.dh.DhNative: DH keys built from and taken apart into the components of
// javax.crypto.interfaces.DHKey, and key-pair generators over given domain parameters. Keys are
// handles of the shared key model (PkeyNative).
#include <jni.h>

#include <vector>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "carbide/dh.h"
#include "carbide/ffc.h"

namespace carbide::jni {
namespace {

jlong FromComponents(JNIEnv* env, jclass, jbyteArray p, jbyteArray g, jint bits, jbyteArray y,
                     jbyteArray x) {
  return Guard(env, [&] {
    SecretBytes p_copy(env, p);
    SecretBytes g_copy(env, g);
    SecretBytes y_copy(env, y);
    SecretBytes x_copy(env, x);
    DhParameters params{p_copy.span(), g_copy.span(), bits};
    return ToHandle(DhKeyFromComponents(params, y_copy.span(), x_copy.span()).release());
  });
}

jlong NewGenerator(JNIEnv* env, jclass, jbyteArray p, jbyteArray g, jint bits) {
  return Guard(env, [&] {
    SecretBytes p_copy(env, p);
    SecretBytes g_copy(env, g);
    return ToHandle(new DhKeyPairGenerator(DhParameters{p_copy.span(), g_copy.span(), bits}));
  });
}

void FreeGenerator(JNIEnv*, jclass, jlong generator) {
  delete reinterpret_cast<DhKeyPairGenerator*>(generator);
}

jlong Generate(JNIEnv* env, jclass, jlong generator) {
  return Guard(env, [&] {
    return ToHandle(FromHandle<DhKeyPairGenerator>(generator).Generate().release());
  });
}

jbyteArray Component(JNIEnv* env, jclass, jlong key, jint which) {
  return Guard(env, [&] {
    static constexpr const char* kNames[] = {"p", "g", "pub"};
    if (which < 0 || which > 2) {
      throw Error(ErrorKind::kIllegalArgument, "no such DH component");
    }
    std::vector<uint8_t> value = FfcComponent(&FromHandle<EVP_PKEY>(key), kNames[which]);
    return NewByteArray(env, value.data(), value.size());
  });
}

jbyteArray PrivateValue(JNIEnv* env, jclass, jlong key) {
  return Guard(env, [&] {
    SecretBuffer value = FfcPrivateValue(&FromHandle<EVP_PKEY>(key));
    return NewByteArray(env, value.data(), value.size());
  });
}

jint PrivateBits(JNIEnv* env, jclass, jlong key) {
  return Guard(env, [&] { return static_cast<jint>(DhPrivateBits(&FromHandle<EVP_PKEY>(key))); });
}

jstring GroupName(JNIEnv* env, jclass, jlong key) {
  return Guard(env,
               [&] { return env->NewStringUTF(DhGroupName(&FromHandle<EVP_PKEY>(key)).c_str()); });
}

void CheckPeerSubgroup(JNIEnv* env, jclass, jlong key) {
  Guard(env, [&] { DhCheckPeerSubgroup(&FromHandle<EVP_PKEY>(key)); });
}

}  // namespace

bool RegisterDhNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("fromComponents", "([B[BI[B[B)J", FromComponents),
      Method("newGenerator", "([B[BI)J", NewGenerator),
      Method("freeGenerator", "(J)V", FreeGenerator),
      Method("generate", "(J)J", Generate),
      Method("component", "(JI)[B", Component),
      Method("privateValue", "(J)[B", PrivateValue),
      Method("privateBits", "(J)I", PrivateBits),
      Method("groupName", "(J)Ljava/lang/String;", GroupName),
      Method("checkPeerSubgroup", "(J)V", CheckPeerSubgroup),
  };
  return RegisterNatives(env, "dev/carbide/dh/DhNative", methods);
}

}  // namespace carbide::jni
