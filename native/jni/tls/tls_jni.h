// The TLS engine's registration, called from libcarbide-ssl.so's own JNI_OnLoad (tls_onload.cc)
// rather than from the core table in onload.cc: libcarbide.so never links libssl.
#pragma once

#include <jni.h>

#include "../core/jni_support.h"

namespace carbide::jni {

bool RegisterTlsNatives(JNIEnv* env);
// Credentials and session resumption (tls_sessions_jni.cc).
bool RegisterTlsSessionNatives(JNIEnv* env);
// Records and application data between the engine and the caller's buffers (tls_records_jni.cc).
bool RegisterTlsRecordNatives(JNIEnv* env);

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

}  // namespace carbide::jni
