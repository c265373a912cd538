// Natives of dev.carbide.pqc.PqcNative: key encapsulation (ML-KEM, the hybrid KEMs) and the
// signers of ML-DSA and SLH-DSA with their context and deterministic options. Keys, encodings and
// signing itself go through the key model's natives (PkeyNative).
#include <jni.h>

#include <string>
#include <utility>
#include <vector>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "carbide/kem.h"
#include "carbide/pkey.h"

namespace carbide::jni {
namespace {

jboolean Available(JNIEnv* env, jclass, jstring name) {
  return Guard(env, [&] {
    std::string type = JavaString(env, name);
    return PostQuantumKeyTypeAvailable(type.c_str()) ? JNI_TRUE : JNI_FALSE;
  });
}

jbyteArray KeyShare(JNIEnv* env, jclass, jlong key) {
  return Guard(env, [&] {
    std::vector<uint8_t> share = carbide::KeyShare(&FromHandle<EVP_PKEY>(key));
    return NewByteArray(env, share.data(), share.size());
  });
}

jlong NewKem(JNIEnv* env, jclass, jlong key, jboolean encapsulate) {
  return Guard(
      env, [&] { return ToHandle(new Kem(&FromHandle<EVP_PKEY>(key), encapsulate == JNI_TRUE)); });
}

void FreeKem(JNIEnv*, jclass, jlong kem) { delete reinterpret_cast<Kem*>(kem); }

// One crossing and one array per encapsulation: the ciphertext followed by the secret.
jbyteArray Encapsulate(JNIEnv* env, jclass, jlong handle) {
  return Guard(env, [&] {
    Kem& kem = FromHandle<Kem>(handle);
    SecretBuffer out(kem.CiphertextSize() + kem.SecretSize());
    kem.Encapsulate(out.data(), out.data() + kem.CiphertextSize());
    return NewByteArray(env, out.data(), out.size());
  });
}

jbyteArray Decapsulate(JNIEnv* env, jclass, jlong handle, jbyteArray ciphertext, jint off,
                       jint len) {
  return Guard(env, [&] {
    Kem& kem = FromHandle<Kem>(handle);
    SecretBytes input(env, ciphertext, off, len);
    SecretBuffer secret(kem.SecretSize());
    kem.Decapsulate(input.span(), secret.data());
    return NewByteArray(env, secret.data(), secret.size());
  });
}

// A DigestSigner (freed by PkeyNative.freeSigner) with FIPS 204/205 options; `context` may be
// null for the empty context.
jlong NewSigner(JNIEnv* env, jclass, jlong key, jboolean sign, jbyteArray context,
                jboolean deterministic) {
  return Guard(env, [&] {
    SignatureOptions options;
    options.deterministic_signature = deterministic == JNI_TRUE;
    if (context != nullptr) {
      SecretBytes bytes(env, context);
      options.context.assign(bytes.span().begin(), bytes.span().end());
    }
    return ToHandle(new DigestSigner(&FromHandle<EVP_PKEY>(key), nullptr, sign == JNI_TRUE,
                                     std::move(options)));
  });
}

}  // namespace

bool RegisterPqcNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("available", "(Ljava/lang/String;)Z", Available),
      Method("keyShare", "(J)[B", KeyShare),
      Method("newKem", "(JZ)J", NewKem),
      Method("freeKem", "(J)V", FreeKem),
      Method("encapsulate", "(J)[B", Encapsulate),
      Method("decapsulate", "(J[BII)[B", Decapsulate),
      Method("newSigner", "(JZ[BZ)J", NewSigner),
  };
  return RegisterNatives(env, "dev/carbide/pqc/PqcNative", methods);
}

}  // namespace carbide::jni
