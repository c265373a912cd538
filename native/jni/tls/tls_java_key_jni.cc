// Signers for private keys only Java can use (carbide/tls_external_key.h): each holds a global
// reference to a dev.carbide.ssl.JavaKeySigner, whose sign(scheme, message) signs with the key's
// own Signature. OpenSSL calls them inside SSL_do_handshake, on the thread in wrap or unwrap, and
// frees them on whichever thread drops the key's last reference (a Cleaner's, an engine's), so the
// JNIEnv is looked up on every call, never kept, and a thread the JVM does not know is attached
// for the call.
#include <jni.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "../core/jni_support.h"
#include "carbide/tls_external_key.h"
#include "tls_jni.h"

namespace carbide::jni {
namespace {

JavaVM* java_vm = nullptr;
jmethodID sign_method = nullptr;
std::atomic<int> live_signers{0};

// The calling thread's JNIEnv, attached for the object's life if it was not a Java thread.
class ThreadEnv {
 public:
  ThreadEnv() {
    void* env = nullptr;
    jint rc = java_vm == nullptr ? JNI_ERR : java_vm->GetEnv(&env, JNI_VERSION_10);
    if (rc == JNI_EDETACHED && java_vm->AttachCurrentThreadAsDaemon(&env, nullptr) == JNI_OK) {
      attached_ = true;
      rc = JNI_OK;
    }
    env_ = rc == JNI_OK ? static_cast<JNIEnv*>(env) : nullptr;
  }
  ~ThreadEnv() {
    if (attached_) {
      java_vm->DetachCurrentThread();
    }
  }
  ThreadEnv(const ThreadEnv&) = delete;
  ThreadEnv& operator=(const ThreadEnv&) = delete;
  JNIEnv* get() const noexcept { return env_; }

 private:
  JNIEnv* env_ = nullptr;
  bool attached_ = false;
};

class JavaKeySigner final : public tls::ExternalSigner {
 public:
  JavaKeySigner(JNIEnv* env, jobject signer) : signer_(env->NewGlobalRef(signer)) {
    if (signer_ == nullptr) {
      throw JavaExceptionPending{};
    }
    live_signers.fetch_add(1, std::memory_order_relaxed);
  }

  ~JavaKeySigner() override {
    ThreadEnv env;
    if (env.get() != nullptr) {
      env.get()->DeleteGlobalRef(signer_);
    }
    live_signers.fetch_sub(1, std::memory_order_relaxed);
  }

  JavaKeySigner(const JavaKeySigner&) = delete;
  JavaKeySigner& operator=(const JavaKeySigner&) = delete;

  // The Java side catches what its Signature throws and keeps it for the failed handshake's
  // SSLHandshakeException (JavaKeySigner.takeFailure), returning null.
  std::vector<uint8_t> Sign(uint16_t scheme, std::span<const uint8_t> message) override {
    ThreadEnv thread;
    JNIEnv* env = thread.get();
    if (env == nullptr) {
      throw Error(ErrorKind::kProvider, "cannot reach the JVM to sign with the Java key");
    }
    if (message.size() > INT32_MAX) {
      throw Error(ErrorKind::kIllegalArgument, "the message to sign is too long");
    }
    if (env->PushLocalFrame(4) != 0) {
      env->ExceptionClear();
      throw Error(ErrorKind::kOutOfMemory, "no room for the Java key's call");
    }
    std::vector<uint8_t> signature;
    auto length = static_cast<jsize>(message.size());
    jbyteArray data = env->NewByteArray(length);
    if (data != nullptr) {
      env->SetByteArrayRegion(data, 0, length, reinterpret_cast<const jbyte*>(message.data()));
      auto result = static_cast<jbyteArray>(
          env->CallObjectMethod(signer_, sign_method, static_cast<jint>(scheme), data));
      if (!env->ExceptionCheck() && result != nullptr) {
        signature.resize(static_cast<size_t>(env->GetArrayLength(result)));
        env->GetByteArrayRegion(result, 0, static_cast<jsize>(signature.size()),
                                reinterpret_cast<jbyte*>(signature.data()));
      }
    }
    // An Error thrown by the JVM (out of memory) cannot cross OpenSSL's frames: the handshake
    // fails instead.
    bool thrown = env->ExceptionCheck() == JNI_TRUE;
    if (thrown) {
      env->ExceptionClear();
    }
    env->PopLocalFrame(nullptr);
    if (thrown || signature.empty()) {
      throw Error(ErrorKind::kProvider, "the Java key's Signature failed");
    }
    return signature;
  }

 private:
  jobject signer_;
};

}  // namespace

bool InitJavaKeySigners(JNIEnv* env) {
  jclass signer = env->FindClass("dev/carbide/ssl/JavaKeySigner");
  if (signer == nullptr || env->GetJavaVM(&java_vm) != JNI_OK) {
    return false;
  }
  sign_method = env->GetMethodID(signer, "sign", "(I[B)[B");
  env->DeleteLocalRef(signer);
  return sign_method != nullptr;
}

std::shared_ptr<tls::ExternalSigner> NewJavaKeySigner(JNIEnv* env, jobject signer) {
  if (signer == nullptr) {
    throw Error(ErrorKind::kInvalidKey, "no signer for the Java key");
  }
  return std::make_shared<JavaKeySigner>(env, signer);
}

int LiveJavaKeySigners() noexcept { return live_signers.load(std::memory_order_relaxed); }

}  // namespace carbide::jni
