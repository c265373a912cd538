// Natives of dev.carbide.ssl.TlsNative, the bridge to the TLS engine (carbide/tls.h). They live in
// libcarbide-ssl.so, which registers them from its own JNI_OnLoad (tls_onload.cc). The peer's trust
// check calls back into Java in the middle of SSL_do_handshake, so no array is pinned around it;
// records and application data go straight between OpenSSL and the caller's buffers
// (tls_records_jni.cc), where no call can reach Java.
#include "tls_jni.h"

#include <jni.h>

#include <optional>
#include <string>
#include <vector>

#include "../core/jni_support.h"
#include "carbide/library.h"
#include "carbide/tls.h"

namespace carbide::jni {
namespace {

jclass ssl_exception_class = nullptr;
jclass byte_array_class = nullptr;
jclass string_class = nullptr;
jmethodID verify_peer_method = nullptr;
jmethodID choose_client_credentials_method = nullptr;
jmethodID choose_server_credentials_method = nullptr;
jmethodID select_application_protocol_method = nullptr;
jmethodID server_status_response_method = nullptr;

// A byte[][] of DER certificates, or null with the Java exception pending.
jobjectArray NewDerArray(JNIEnv* env, const std::vector<tls::Der>& chain) {
  jobjectArray certs =
      env->NewObjectArray(static_cast<jsize>(chain.size()), byte_array_class, nullptr);
  for (size_t i = 0; certs != nullptr && i < chain.size(); i++) {
    jbyteArray der = env->NewByteArray(static_cast<jsize>(chain[i].size()));
    if (der == nullptr) {
      return nullptr;
    }
    env->SetByteArrayRegion(der, 0, static_cast<jsize>(chain[i].size()),
                            reinterpret_cast<const jbyte*>(chain[i].data()));
    env->SetObjectArrayElement(certs, static_cast<jsize>(i), der);
    env->DeleteLocalRef(der);
  }
  return certs;
}

jobjectArray NewStringArray(JNIEnv* env, const std::vector<std::string>& strings);

// A Java string of `bytes` read as ISO-8859-1, one char per byte, as SunJSSE reads ALPN protocols:
// unlike NewStringUTF, any bytes a peer sent (an SNI name, an application protocol) make a valid
// string. Null with an OutOfMemoryError pending if it cannot be made.
jstring NewLatin1String(JNIEnv* env, const std::string& bytes) {
  std::vector<jchar> chars;
  chars.reserve(bytes.size());
  for (unsigned char byte : bytes) {
    chars.push_back(byte);
  }
  return env->NewString(chars.data(), static_cast<jsize>(chars.size()));
}

// Asks the Java side's PeerTrust (the application's X509TrustManager) about a chain, and (a client)
// for the credentials its X509KeyManager chooses.
class JavaVerifier final : public tls::PeerVerifier {
 public:
  JavaVerifier(JNIEnv* env, jobject trust) : env_(env), trust_(trust) {}

  bool Verify(const std::vector<tls::Der>& chain,
              const std::string& cipher_suite) noexcept override {
    if (trust_ == nullptr || env_->PushLocalFrame(static_cast<jint>(chain.size()) + 4) != 0) {
      return false;
    }
    jboolean trusted = JNI_FALSE;
    jobjectArray certs = NewDerArray(env_, chain);
    jstring suite = certs != nullptr ? env_->NewStringUTF(cipher_suite.c_str()) : nullptr;
    if (suite != nullptr) {
      trusted = env_->CallBooleanMethod(trust_, verify_peer_method, certs, suite);
    }
    // The Java side keeps its own reason; an exception here must not cross OpenSSL's frames.
    if (env_->ExceptionCheck()) {
      env_->ExceptionClear();
      trusted = JNI_FALSE;
    }
    env_->PopLocalFrame(nullptr);
    return trusted == JNI_TRUE;
  }

  // The Java side returns the handle of credentials it keeps reachable for the engine's call.
  const tls::Credentials* ChooseClientCredentials(
      const std::vector<std::string>& key_types,
      const std::vector<tls::Der>& issuers) noexcept override {
    if (trust_ == nullptr || env_->PushLocalFrame(static_cast<jint>(issuers.size()) + 4) != 0) {
      return nullptr;
    }
    jlong handle = 0;
    try {
      jobjectArray names = NewDerArray(env_, issuers);
      jobjectArray types = names != nullptr ? NewStringArray(env_, key_types) : nullptr;
      if (types != nullptr) {
        handle = env_->CallLongMethod(trust_, choose_client_credentials_method, types, names);
      }
    } catch (...) {
      handle = 0;  // a Java exception is pending, cleared below
    }
    if (env_->ExceptionCheck()) {
      env_->ExceptionClear();
      handle = 0;
    }
    env_->PopLocalFrame(nullptr);
    return reinterpret_cast<const tls::Credentials*>(static_cast<intptr_t>(handle));
  }

  // The same for a server: the Java side records why it chose none (the handshake then fails).
  const tls::Credentials* ChooseServerCredentials(
      const std::string& server_name) noexcept override {
    if (trust_ == nullptr || env_->PushLocalFrame(4) != 0) {
      return nullptr;
    }
    jlong handle = 0;
    jstring name = NewLatin1String(env_, server_name);
    if (name != nullptr) {
      handle = env_->CallLongMethod(trust_, choose_server_credentials_method, name);
    }
    if (env_->ExceptionCheck()) {
      env_->ExceptionClear();
      handle = 0;
    }
    env_->PopLocalFrame(nullptr);
    return reinterpret_cast<const tls::Credentials*>(static_cast<intptr_t>(handle));
  }

  // The application's selector, through the Java side. The protocols cross as ISO-8859-1 strings
  // (NewStringArray), as SunJSSE decodes them (jdk.tls.alpnCharset).
  int SelectApplicationProtocol(const std::vector<std::string>& offered) noexcept override {
    if (trust_ == nullptr || env_->PushLocalFrame(4) != 0) {
      return kRefuseProtocols;
    }
    jint chosen = kRefuseProtocols;
    jobjectArray names = nullptr;
    try {
      names = NewStringArray(env_, offered);
    } catch (...) {
      names = nullptr;  // a Java exception is pending, cleared below
    }
    if (names != nullptr) {
      chosen = env_->CallIntMethod(trust_, select_application_protocol_method, names);
    }
    if (env_->ExceptionCheck()) {
      env_->ExceptionClear();
      chosen = kRefuseProtocols;
    }
    env_->PopLocalFrame(nullptr);
    return chosen;
  }

  // A stapling server's OCSP response from the Java side's cache: null there means none at hand
  // (the handshake pauses and the Java side fetches it in a delegated task).
  std::optional<tls::Der> ServerStatusResponse() noexcept override {
    if (trust_ == nullptr || env_->PushLocalFrame(2) != 0) {
      return tls::Der();
    }
    std::optional<tls::Der> response;
    try {
      auto bytes =
          static_cast<jbyteArray>(env_->CallObjectMethod(trust_, server_status_response_method));
      if (env_->ExceptionCheck()) {
        response = tls::Der();  // no staple; cleared below
      } else if (bytes != nullptr) {
        tls::Der& der = response.emplace(static_cast<size_t>(env_->GetArrayLength(bytes)));
        env_->GetByteArrayRegion(bytes, 0, static_cast<jsize>(der.size()),
                                 reinterpret_cast<jbyte*>(der.data()));
      }
    } catch (...) {
      response = tls::Der();  // out of memory: staple nothing rather than fail
    }
    env_->ExceptionClear();
    env_->PopLocalFrame(nullptr);
    return response;
  }

 private:
  JNIEnv* env_;
  jobject trust_;
};

std::vector<std::string> JavaStrings(JNIEnv* env, jobjectArray array) {
  std::vector<std::string> strings;
  if (array == nullptr) {
    return strings;
  }
  jsize n = env->GetArrayLength(array);
  for (jsize i = 0; i < n; i++) {
    auto value = static_cast<jstring>(env->GetObjectArrayElement(array, i));
    strings.push_back(JavaString(env, value));
    env->DeleteLocalRef(value);
  }
  return strings;
}

jobjectArray NewStringArray(JNIEnv* env, const std::vector<std::string>& strings) {
  jobjectArray array =
      env->NewObjectArray(static_cast<jsize>(strings.size()), string_class, nullptr);
  if (array == nullptr) {
    throw JavaExceptionPending{};
  }
  for (size_t i = 0; i < strings.size(); i++) {
    jstring value = NewLatin1String(env, strings[i]);
    if (value == nullptr) {
      throw JavaExceptionPending{};
    }
    env->SetObjectArrayElement(array, static_cast<jsize>(i), value);
    env->DeleteLocalRef(value);
  }
  return array;
}

// This library links its own copy of the engine's core: in FIPS mode it takes libcarbide.so's
// library context (NativeCore.libraryContext), so that its SSL_CTXs run in the FIPS module.
void UseLibraryContext(JNIEnv* env, jclass, jlong context) {
  TlsGuard(env, [&] {
    AdoptLibraryContext(reinterpret_cast<OSSL_LIB_CTX*>(static_cast<intptr_t>(context)));
  });
}

jlong NewContext(JNIEnv* env, jclass) {
  return TlsGuard(env, [&] { return ToHandle(new tls::Context()); });
}

void FreeContext(JNIEnv*, jclass, jlong handle) {
  delete reinterpret_cast<tls::Context*>(static_cast<intptr_t>(handle));
}

jobjectArray DefaultCipherSuites(JNIEnv* env, jclass, jlong context) {
  return TlsGuard(env, [&] {
    return NewStringArray(env, FromHandle<tls::Context>(context).DefaultCipherSuites());
  });
}

jobjectArray ImplementedGroups(JNIEnv* env, jclass, jlong context) {
  return TlsGuard(env, [&] {
    return NewStringArray(env, FromHandle<tls::Context>(context).ImplementedGroups());
  });
}

// `cipher_suites` null: the context's defaults, which the SSL_CTX parsed once.
jlong NewEngine(JNIEnv* env, jclass, jlong context, jboolean client, jobjectArray cipher_suites) {
  return TlsGuard(env, [&] {
    return ToHandle(new tls::Engine(FromHandle<tls::Context>(context), client == JNI_TRUE,
                                    JavaStrings(env, cipher_suites)));
  });
}

void FreeEngine(JNIEnv*, jclass, jlong handle) {
  delete reinterpret_cast<tls::Engine*>(static_cast<intptr_t>(handle));
}

void Configure(JNIEnv* env, jclass, jlong engine, jint min_version, jint max_version,
               jstring groups, jstring server_name, jobjectArray alpn, jboolean alpn_selector,
               jint verify_mode, jboolean status_request) {
  TlsGuard(env, [&] {
    tls::Settings settings;
    settings.min_version = min_version;
    settings.max_version = max_version;
    settings.groups = groups == nullptr ? "" : JavaString(env, groups);
    settings.server_name = server_name == nullptr ? "" : JavaString(env, server_name);
    settings.alpn = JavaStrings(env, alpn);
    settings.alpn_selector = alpn_selector == JNI_TRUE;
    settings.verify_mode = verify_mode;
    settings.status_request = status_request == JNI_TRUE;
    // A Java key's signature runs in the engine's delegated task (docs/tls.md).
    settings.defer_external_signatures = true;
    FromHandle<tls::Engine>(engine).Configure(settings);
  });
}

jint Pending(JNIEnv* env, jclass, jlong engine) {
  return TlsGuard(env, [&] {
    size_t pending = FromHandle<tls::Engine>(engine).PendingRecords();
    return static_cast<jint>(pending > INT32_MAX ? INT32_MAX : pending);
  });
}

// TlsNative's HANDSHAKE_* values: 1 complete, 2 paused before a key only Java can use signs, 3
// paused for a stapling server's OCSP response (the Java side runs the next step in a delegated
// task, after fetching the response for 3), 0 waiting for records.
jint Handshake(JNIEnv* env, jclass, jlong engine, jobject trust) {
  return TlsGuard(env, [&]() -> jint {
    JavaVerifier verifier(env, trust);
    tls::Engine& tls_engine = FromHandle<tls::Engine>(engine);
    if (tls_engine.Handshake(verifier)) {
      return 1;
    }
    return tls_engine.AwaitsExternalSigner() ? 2 : tls_engine.AwaitsStatusResponse() ? 3 : 0;
  });
}

// A stapling server's OCSP response for this handshake (null or empty: none).
void StapleResponse(JNIEnv* env, jclass, jlong engine, jbyteArray response) {
  TlsGuard(env, [&] {
    tls::Der der(response == nullptr ? 0 : static_cast<size_t>(env->GetArrayLength(response)));
    if (!der.empty()) {
      env->GetByteArrayRegion(response, 0, static_cast<jsize>(der.size()),
                              reinterpret_cast<jbyte*>(der.data()));
    }
    FromHandle<tls::Engine>(engine).StapleResponse(der);
  });
}

jboolean HandshakeComplete(JNIEnv* env, jclass, jlong engine) {
  return TlsGuard(env, [&] {
    return FromHandle<tls::Engine>(engine).HandshakeComplete() ? JNI_TRUE : JNI_FALSE;
  });
}

void Shutdown(JNIEnv* env, jclass, jlong engine) {
  TlsGuard(env, [&] { FromHandle<tls::Engine>(engine).Shutdown(); });
}

jobjectArray Session(JNIEnv* env, jclass, jlong engine) {
  return TlsGuard(env, [&] {
    tls::SessionInfo info = FromHandle<tls::Engine>(engine).Session();
    return NewStringArray(
        env, {info.protocol, info.cipher_suite, info.group, info.alpn, info.server_name});
  });
}

// The server's stapled OCSP response, or null if none.
jbyteArray StapledResponse(JNIEnv* env, jclass, jlong engine) {
  return TlsGuard(env, [&]() -> jbyteArray {
    tls::Der response = FromHandle<tls::Engine>(engine).StapledResponse();
    if (response.empty()) {
      return nullptr;
    }
    return NewByteArray(env, response.data(), response.size());
  });
}

jobjectArray PeerChain(JNIEnv* env, jclass, jlong engine) {
  return TlsGuard(env, [&] {
    std::vector<tls::Der> chain = FromHandle<tls::Engine>(engine).PeerChain();
    jobjectArray certs = NewDerArray(env, chain);
    if (certs == nullptr) {
      throw JavaExceptionPending{};
    }
    return certs;
  });
}

}  // namespace

void ThrowSslException(JNIEnv* env, const char* message) {
  env->ThrowNew(ssl_exception_class, message);
}

bool RegisterTlsNatives(JNIEnv* env) {
  ssl_exception_class = GlobalClass(env, "javax/net/ssl/SSLException");
  byte_array_class = GlobalClass(env, "[B");
  string_class = GlobalClass(env, "java/lang/String");
  jclass trust = env->FindClass("dev/carbide/ssl/PeerTrust");
  if (ssl_exception_class == nullptr || byte_array_class == nullptr || string_class == nullptr ||
      trust == nullptr) {
    return false;
  }
  verify_peer_method = env->GetMethodID(trust, "verifyPeer", "([[BLjava/lang/String;)Z");
  choose_client_credentials_method =
      env->GetMethodID(trust, "chooseClientCredentials", "([Ljava/lang/String;[[B)J");
  choose_server_credentials_method =
      env->GetMethodID(trust, "chooseServerCredentials", "(Ljava/lang/String;)J");
  select_application_protocol_method =
      env->GetMethodID(trust, "selectApplicationProtocol", "([Ljava/lang/String;)I");
  server_status_response_method = env->GetMethodID(trust, "serverStatusResponse", "()[B");
  env->DeleteLocalRef(trust);
  if (verify_peer_method == nullptr || choose_client_credentials_method == nullptr ||
      choose_server_credentials_method == nullptr ||
      select_application_protocol_method == nullptr || server_status_response_method == nullptr) {
    return false;
  }
  static const JNINativeMethod methods[] = {
      {const_cast<char*>("useLibraryContext"), const_cast<char*>("(J)V"),
       reinterpret_cast<void*>(UseLibraryContext)},
      {const_cast<char*>("newContext"), const_cast<char*>("()J"),
       reinterpret_cast<void*>(NewContext)},
      {const_cast<char*>("freeContext"), const_cast<char*>("(J)V"),
       reinterpret_cast<void*>(FreeContext)},
      {const_cast<char*>("defaultCipherSuites"), const_cast<char*>("(J)[Ljava/lang/String;"),
       reinterpret_cast<void*>(DefaultCipherSuites)},
      {const_cast<char*>("implementedGroups"), const_cast<char*>("(J)[Ljava/lang/String;"),
       reinterpret_cast<void*>(ImplementedGroups)},
      {const_cast<char*>("newEngine"), const_cast<char*>("(JZ[Ljava/lang/String;)J"),
       reinterpret_cast<void*>(NewEngine)},
      {const_cast<char*>("freeEngine"), const_cast<char*>("(J)V"),
       reinterpret_cast<void*>(FreeEngine)},
      {const_cast<char*>("configure"),
       const_cast<char*>("(JIILjava/lang/String;Ljava/lang/String;[Ljava/lang/String;ZIZ)V"),
       reinterpret_cast<void*>(Configure)},
      {const_cast<char*>("pending"), const_cast<char*>("(J)I"), reinterpret_cast<void*>(Pending)},
      {const_cast<char*>("handshake"), const_cast<char*>("(JLdev/carbide/ssl/PeerTrust;)I"),
       reinterpret_cast<void*>(Handshake)},
      {const_cast<char*>("handshakeComplete"), const_cast<char*>("(J)Z"),
       reinterpret_cast<void*>(HandshakeComplete)},
      {const_cast<char*>("shutdown"), const_cast<char*>("(J)V"), reinterpret_cast<void*>(Shutdown)},
      {const_cast<char*>("session"), const_cast<char*>("(J)[Ljava/lang/String;"),
       reinterpret_cast<void*>(Session)},
      {const_cast<char*>("peerChain"), const_cast<char*>("(J)[[B"),
       reinterpret_cast<void*>(PeerChain)},
      {const_cast<char*>("stapledResponse"), const_cast<char*>("(J)[B"),
       reinterpret_cast<void*>(StapledResponse)},
      Method("stapleResponse", "(J[B)V", StapleResponse),
  };
  return RegisterNatives(env, "dev/carbide/ssl/TlsNative", methods);
}

}  // namespace carbide::jni
