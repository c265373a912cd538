// Natives of dev.carbide.ssl.SessionNative: credentials decoded once per key manager alias, and
// session resumption (carbide/tls.h, tls_sessions.cc). SSL_SESSION references cross as handles that
// the Java side owns (a Cleaner frees each); none of these calls reaches back into Java.
#include <jni.h>
#include <openssl/ssl.h>

#include <vector>

#include "../core/jni_support.h"
#include "carbide/tls.h"
#include "tls_jni.h"

namespace carbide::jni {
namespace {

SSL_SESSION* SessionFromHandle(jlong handle) {
  if (handle == 0) {
    throw Error(ErrorKind::kIllegalState, "native session already released");
  }
  return reinterpret_cast<SSL_SESSION*>(static_cast<intptr_t>(handle));
}

// A byte[][] of DER certificates, each checked present.
std::vector<tls::Der> DerChain(JNIEnv* env, jobjectArray chain) {
  std::vector<tls::Der> certs;
  jsize n = env->GetArrayLength(chain);
  for (jsize i = 0; i < n; i++) {
    auto der = static_cast<jbyteArray>(env->GetObjectArrayElement(chain, i));
    if (der == nullptr) {
      throw Error(ErrorKind::kInvalidKey, "a certificate is missing");
    }
    tls::Der& cert = certs.emplace_back(static_cast<size_t>(env->GetArrayLength(der)));
    env->GetByteArrayRegion(der, 0, static_cast<jsize>(cert.size()),
                            reinterpret_cast<jbyte*>(cert.data()));
    env->DeleteLocalRef(der);
  }
  return certs;
}

jlong NewCredentials(JNIEnv* env, jclass, jobjectArray chain, jbyteArray pkcs8) {
  return Guard(env, [&] {
    if (chain == nullptr || pkcs8 == nullptr) {
      throw Error(ErrorKind::kInvalidKey, "no certificate chain or key");
    }
    std::vector<tls::Der> certs = DerChain(env, chain);
    SecretBytes key(env, pkcs8);
    return ToHandle(new tls::Credentials(certs, key.span()));
  });
}

// Credentials whose private key only Java can use: it signs through `signer`, a JavaKeySigner.
jlong NewJavaKeyCredentials(JNIEnv* env, jclass, jobjectArray chain, jobject signer) {
  return Guard(env, [&] {
    if (chain == nullptr) {
      throw Error(ErrorKind::kInvalidKey, "no certificate chain");
    }
    std::vector<tls::Der> certs = DerChain(env, chain);
    return ToHandle(new tls::Credentials(certs, NewJavaKeySigner(env, signer)));
  });
}

jint CountJavaKeySigners(JNIEnv*, jclass) { return LiveJavaKeySigners(); }

void FreeCredentials(JNIEnv*, jclass, jlong handle) {
  delete reinterpret_cast<tls::Credentials*>(static_cast<intptr_t>(handle));
}

void UseCredentials(JNIEnv* env, jclass, jlong engine, jlong credentials) {
  Guard(env, [&] {
    FromHandle<tls::Engine>(engine).UseCredentials(FromHandle<tls::Credentials>(credentials));
  });
}

void ConfigureSessions(JNIEnv* env, jclass, jlong context, jint server_timeout, jint client_timeout,
                       jint cache_size, jboolean server_tickets, jboolean client_tickets) {
  Guard(env, [&] {
    FromHandle<tls::Context>(context).ConfigureSessions(server_timeout, client_timeout, cache_size,
                                                        server_tickets == JNI_TRUE,
                                                        client_tickets == JNI_TRUE);
  });
}

void SetTicketKeyRotation(JNIEnv* env, jclass, jlong context, jint seconds) {
  Guard(env, [&] { FromHandle<tls::Context>(context).SetTicketKeyRotation(seconds); });
}

void RemoveServerSession(JNIEnv* env, jclass, jlong context, jlong session) {
  Guard(env,
        [&] { FromHandle<tls::Context>(context).RemoveServerSession(SessionFromHandle(session)); });
}

void OfferSession(JNIEnv* env, jclass, jlong engine, jlong session) {
  Guard(env, [&] { FromHandle<tls::Engine>(engine).OfferSession(SessionFromHandle(session)); });
}

jboolean SessionReused(JNIEnv* env, jclass, jlong engine) {
  return Guard(
      env, [&] { return FromHandle<tls::Engine>(engine).SessionReused() ? JNI_TRUE : JNI_FALSE; });
}

jlong TakeNewSession(JNIEnv* env, jclass, jlong engine) {
  return Guard(env, [&] { return ToHandle(FromHandle<tls::Engine>(engine).TakeNewSession()); });
}

jlong CurrentSession(JNIEnv* env, jclass, jlong engine) {
  return Guard(env, [&] { return ToHandle(FromHandle<tls::Engine>(engine).CurrentSession()); });
}

jbyteArray SessionId(JNIEnv* env, jclass, jlong session) {
  return Guard(env, [&] {
    tls::Der id = tls::SessionId(SessionFromHandle(session));
    jbyteArray array = NewByteArray(env, id.data(), id.size());
    if (array == nullptr) {
      throw JavaExceptionPending{};
    }
    return array;
  });
}

jintArray IntArray(JNIEnv* env, const std::vector<uint16_t>& values) {
  std::vector<jint> ints(values.begin(), values.end());
  jintArray array = env->NewIntArray(static_cast<jsize>(ints.size()));
  if (array == nullptr) {
    throw JavaExceptionPending{};
  }
  env->SetIntArrayRegion(array, 0, static_cast<jsize>(ints.size()), ints.data());
  return array;
}

jintArray LocalSignatureSchemes(JNIEnv* env, jclass, jboolean tls13_only) {
  return Guard(env,
               [&] { return IntArray(env, tls::LocalSignatureSchemes(tls13_only == JNI_TRUE)); });
}

void FreeSession(JNIEnv*, jclass, jlong session) {
  SSL_SESSION_free(reinterpret_cast<SSL_SESSION*>(static_cast<intptr_t>(session)));
}

jintArray PeerSignatureSchemes(JNIEnv* env, jclass, jlong engine) {
  return Guard(
      env, [&] { return IntArray(env, FromHandle<tls::Engine>(engine).PeerSignatureSchemes()); });
}

}  // namespace

bool RegisterTlsSessionNatives(JNIEnv* env) {
  static const JNINativeMethod methods[] = {
      Method("newCredentials", "([[B[B)J", NewCredentials),
      Method("freeCredentials", "(J)V", FreeCredentials),
      Method("newJavaKeyCredentials", "([[BLdev/carbide/ssl/JavaKeySigner;)J",
             NewJavaKeyCredentials),
      Method("liveJavaKeySigners", "()I", CountJavaKeySigners),
      Method("useCredentials", "(JJ)V", UseCredentials),
      Method("configureSessions", "(JIIIZZ)V", ConfigureSessions),
      Method("removeServerSession", "(JJ)V", RemoveServerSession),
      Method("setTicketKeyRotation", "(JI)V", SetTicketKeyRotation),
      Method("offerSession", "(JJ)V", OfferSession),
      Method("sessionReused", "(J)Z", SessionReused),
      Method("takeNewSession", "(J)J", TakeNewSession),
      Method("currentSession", "(J)J", CurrentSession),
      Method("sessionId", "(J)[B", SessionId),
      Method("freeSession", "(J)V", FreeSession),
      Method("peerSignatureSchemes", "(J)[I", PeerSignatureSchemes),
      Method("localSignatureSchemes", "(Z)[I", LocalSignatureSchemes),
  };
  return InitJavaKeySigners(env) && RegisterNatives(env, "dev/carbide/ssl/SessionNative", methods);
}

}  // namespace carbide::jni
