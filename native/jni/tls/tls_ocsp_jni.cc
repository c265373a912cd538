// Natives of dev.carbide.ssl.OcspNative: a stapling server's OCSP request and the verdict on the
// responder's answer (carbide/tls_ocsp.h). Certificates and responses cross as byte arrays, copied
// (none is a secret, and each is a few KiB at most); none of these calls reaches back into Java.
#include <jni.h>

#include <string>
#include <vector>

#include "../core/jni_support.h"
#include "carbide/tls_ocsp.h"
#include "tls_jni.h"

namespace carbide::jni {
namespace {

std::vector<uint8_t> Bytes(JNIEnv* env, jbyteArray array) {
  if (array == nullptr) {
    throw Error(ErrorKind::kIllegalArgument, "no bytes");
  }
  std::vector<uint8_t> bytes(static_cast<size_t>(env->GetArrayLength(array)));
  env->GetByteArrayRegion(array, 0, static_cast<jsize>(bytes.size()),
                          reinterpret_cast<jbyte*>(bytes.data()));
  return bytes;
}

jstring ResponderUri(JNIEnv* env, jclass, jbyteArray certificate) {
  return Guard(env, [&]() -> jstring {
    std::string uri = tls::OcspResponderUri(Bytes(env, certificate));
    if (uri.empty()) {
      return nullptr;
    }
    jstring value = env->NewStringUTF(uri.c_str());
    if (value == nullptr) {
      throw JavaExceptionPending{};
    }
    return value;
  });
}

jbyteArray Request(JNIEnv* env, jclass, jbyteArray leaf, jbyteArray issuer) {
  return Guard(env, [&] {
    tls::Der request = tls::NewOcspRequest(Bytes(env, leaf), Bytes(env, issuer));
    jbyteArray array = NewByteArray(env, request.data(), request.size());
    if (array == nullptr) {
      throw JavaExceptionPending{};
    }
    return array;
  });
}

// {status (OcspNative's STATUS_* values), seconds to nextUpdate or -1}.
jlongArray Inspect(JNIEnv* env, jclass, jbyteArray response, jbyteArray leaf, jbyteArray issuer) {
  return Guard(env, [&] {
    tls::OcspVerdict verdict =
        tls::InspectOcspResponse(Bytes(env, response), Bytes(env, leaf), Bytes(env, issuer));
    const jlong values[] = {static_cast<jlong>(verdict.status), verdict.seconds_to_next_update};
    jlongArray array = env->NewLongArray(2);
    if (array == nullptr) {
      throw JavaExceptionPending{};
    }
    env->SetLongArrayRegion(array, 0, 2, values);
    return array;
  });
}

}  // namespace

bool RegisterTlsOcspNatives(JNIEnv* env) {
  static const JNINativeMethod methods[] = {
      Method("responderUri", "([B)Ljava/lang/String;", ResponderUri),
      Method("request", "([B[B)[B", Request),
      Method("inspect", "([B[B[B)[J", Inspect),
  };
  return RegisterNatives(env, "dev/carbide/ssl/OcspNative", methods);
}

}  // namespace carbide::jni
