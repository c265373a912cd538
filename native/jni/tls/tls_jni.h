// The TLS engine's registration, called from libcarbide-ssl.so's own JNI_OnLoad (tls_onload.cc)
// rather than from the core table in onload.cc: libcarbide.so never links libssl.
#pragma once

#include <jni.h>

#include <memory>

#include "../core/jni_support.h"
#include "carbide/tls_external_key.h"

namespace carbide::jni {

bool RegisterTlsNatives(JNIEnv* env);
// Credentials and session resumption (tls_sessions_jni.cc).
bool RegisterTlsSessionNatives(JNIEnv* env);
// Records and application data between the engine and the caller's buffers (tls_records_jni.cc).
bool RegisterTlsRecordNatives(JNIEnv* env);
// A stapling server's OCSP request and the verdict on its answer (tls_ocsp_jni.cc).
bool RegisterTlsOcspNatives(JNIEnv* env);

// Raises javax.net.ssl.SSLException (cached by RegisterTlsNatives) with `message`.
void ThrowSslException(JNIEnv* env, const char* message);

// Guard, with the engine's own failures (a refused handshake, a bad record) as SSLException.
template <typename Body>
auto TlsGuard(JNIEnv* env, Body&& body) noexcept -> decltype(body()) {
  using Result = decltype(body());
  return Guard(env, [&]() -> Result {
    try {
      return body();
    } catch (const Error& e) {
      if (e.kind() != ErrorKind::kProvider) {
        throw;
      }
      ClearOpensslErrors();
      ThrowSslException(env, e.what());
      throw JavaExceptionPending{};
    }
  });
}

// Signers for keys only Java can use (tls_java_key_jni.cc). InitJavaKeySigners caches the VM and
// JavaKeySigner.sign's method ID; it is called while the session natives are registered.
bool InitJavaKeySigners(JNIEnv* env);
// A signer calling `signer` (a dev.carbide.ssl.JavaKeySigner), holding a global reference to it
// until the signer is destroyed.
std::shared_ptr<tls::ExternalSigner> NewJavaKeySigner(JNIEnv* env, jobject signer);
// How many such signers (global references) are alive: the tests' leak check.
int LiveJavaKeySigners() noexcept;

}  // namespace carbide::jni
