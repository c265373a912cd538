// Natives of dev.carbide.dsa.DsaNative: DSA keys built from and taken apart into the components of
// java.security.interfaces.DSAKey, key-pair generators over given domain parameters, and domain
// parameter generation. Keys are handles of the shared key model (PkeyNative); signing uses its
// signers.
#include <jni.h>

#include <vector>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "carbide/dsa.h"
#include "carbide/ffc.h"

namespace carbide::jni {
namespace {

jlong FromComponents(JNIEnv* env, jclass, jbyteArray p, jbyteArray q, jbyteArray g, jbyteArray y,
                     jbyteArray x) {
  return Guard(env, [&] {
    SecretBytes p_copy(env, p);
    SecretBytes q_copy(env, q);
    SecretBytes g_copy(env, g);
    SecretBytes y_copy(env, y);
    SecretBytes x_copy(env, x);
    DsaParameters params{p_copy.span(), q_copy.span(), g_copy.span()};
    return ToHandle(DsaKeyFromComponents(params, y_copy.span(), x_copy.span()).release());
  });
}

jlong NewGenerator(JNIEnv* env, jclass, jbyteArray p, jbyteArray q, jbyteArray g) {
  return Guard(env, [&] {
    SecretBytes p_copy(env, p);
    SecretBytes q_copy(env, q);
    SecretBytes g_copy(env, g);
    return ToHandle(
        new DsaKeyPairGenerator(DsaParameters{p_copy.span(), q_copy.span(), g_copy.span()}));
  });
}

void FreeGenerator(JNIEnv*, jclass, jlong generator) {
  delete reinterpret_cast<DsaKeyPairGenerator*>(generator);
}

jlong Generate(JNIEnv* env, jclass, jlong generator) {
  return Guard(env, [&] {
    return ToHandle(FromHandle<DsaKeyPairGenerator>(generator).Generate().release());
  });
}

jlong GenerateParameters(JNIEnv* env, jclass, jint p_bits, jint q_bits) {
  return Guard(env,
               [&] { return ToHandle(GenerateFfcParameters("DSA", p_bits, q_bits).release()); });
}

jbyteArray Component(JNIEnv* env, jclass, jlong key, jint which) {
  return Guard(env, [&] {
    static constexpr const char* kNames[] = {"p", "q", "g", "pub"};
    if (which < 0 || which > 3) {
      throw Error(ErrorKind::kIllegalArgument, "no such DSA component");
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

}  // namespace

bool RegisterDsaNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("fromComponents", "([B[B[B[B[B)J", FromComponents),
      Method("newGenerator", "([B[B[B)J", NewGenerator),
      Method("freeGenerator", "(J)V", FreeGenerator),
      Method("generate", "(J)J", Generate),
      Method("generateParameters", "(II)J", GenerateParameters),
      Method("component", "(JI)[B", Component),
      Method("privateValue", "(J)[B", PrivateValue),
  };
  return RegisterNatives(env, "dev/carbide/dsa/DsaNative", methods);
}

}  // namespace carbide::jni
