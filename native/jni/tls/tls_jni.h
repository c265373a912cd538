// The TLS engine's registration, called from libcarbide-ssl.so's own JNI_OnLoad (tls_onload.cc)
// rather than from the core table in onload.cc: libcarbide.so never links libssl.
#pragma once

#include <jni.h>

#include <memory>
#include <string>
#include <vector>

#include "../core/jni_support.h"
#include "carbide/tls.h"
#include "carbide/tls_external_key.h"

namespace carbide::jni {

bool RegisterTlsNatives(JNIEnv* env);
// Credentials and session resumption (tls_sessions_jni.cc).
bool RegisterTlsSessionNatives(JNIEnv* env);
// Records and application data between the engine and the caller's buffers (tls_records_jni.cc).
bool RegisterTlsRecordNatives(JNIEnv* env);
// A stapling server's OCSP request and the verdict on its answer (tls_ocsp_jni.cc).
bool RegisterTlsOcspNatives(JNIEnv* env);

// Raises what the calling thread's last failed critical record call parked
// (TlsNative.throwDeferred, tls_records_critical.cc).
void ThrowDeferredRecordFailure(JNIEnv* env, jclass);

// Refuses every question: the record calls run with a Java array pinned or inside a critical
// downcall, so they must never call Java. OpenSSL verifies no chain once the handshake is complete
// (renegotiation is off and no post-handshake authentication is offered), so none is ever asked.
class NoJavaCalls final : public tls::PeerVerifier {
 public:
  bool Verify(const std::vector<tls::Der>& /*chain*/,
              const std::string& /*cipher_suite*/) noexcept override {
    return false;
  }
};

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
