// The record natives of dev.carbide.ssl.TlsNative: records in and out of the engine's memory BIOs,
// and application data in and out of SSL_read/SSL_write, straight between OpenSSL and the caller's
// ByteBuffer. A direct buffer is used through its address; a heap buffer's array is pinned for the
// call (GetPrimitiveArrayCritical, at most one record: 18 KiB), and small record inputs are copied
// to the stack instead, as everywhere else. No Java array is allocated and nothing is copied
// through an intermediate buffer, so a 16 KiB record costs OpenSSL's own copies and the cipher.
//
// Pinning is allowed because none of these calls can reach Java: feeding and taking records only
// moves bytes between the caller and a memory BIO, and SSL_read/SSL_write run only once the
// handshake is complete, when OpenSSL verifies no chain (renegotiation is off and no post-handshake
// authentication is offered). They run with a verifier that refuses without calling Java, so even
// a peer that tried would be refused rather than call back into a JVM holding a pinned array.
#include <jni.h>

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "../core/jni_support.h"
#include "carbide/tls.h"
#include "tls_jni.h"

namespace carbide::jni {
namespace {

// Refuses every question: the record calls run with an array pinned, so they must never call Java.
class NoJavaCalls final : public tls::PeerVerifier {
 public:
  bool Verify(const std::vector<tls::Der>& /*chain*/,
              const std::string& /*cipher_suite*/) noexcept override {
    return false;
  }
};

// The bytes [off, off + len) of one side of a record call: of `direct` (a direct ByteBuffer,
// `off` its position) when it is not null, else of `array`, pinned while this object lives. The
// range is checked before anything is read or written.
class CallerBytes {
 public:
  CallerBytes(JNIEnv* env, jbyteArray array, jobject direct, jint off, jint len, bool commit) {
    if (direct != nullptr) {
      data_ = DirectBufferRange(env, direct, off, len);
    } else {
      CheckArrayRange(env, array, off, len);
      pinned_.emplace(env, array, commit);
      data_ = pinned_->data() + off;
    }
    size_ = static_cast<size_t>(len);
  }
  std::span<uint8_t> span() const noexcept { return {data_, size_}; }

 private:
  std::optional<PinnedArray> pinned_;
  uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

// One record from the peer into the engine's inbound BIO. Small records (alerts, a client's
// Finished, short requests) are copied to the stack rather than pinned.
void Feed(JNIEnv* env, jclass, jlong engine, jbyteArray array, jobject direct, jint off, jint len) {
  TlsGuard(env, [&] {
    tls::Engine& tls_engine = FromHandle<tls::Engine>(engine);
    if (direct == nullptr) {
      ForEachInputChunk(env, array, off, len, [&](const uint8_t* data, size_t n) {
        tls_engine.FeedRecords(std::span<const uint8_t>(data, n));
      });
      return;
    }
    CallerBytes records(env, array, direct, off, len, /*commit=*/false);
    tls_engine.FeedRecords(records.span());
  });
}

// Moves queued records straight into the caller's buffer. Records are ciphertext: nothing to
// cleanse.
jint Take(JNIEnv* env, jclass, jlong engine, jbyteArray array, jobject direct, jint off, jint len) {
  return TlsGuard(env, [&] {
    tls::Engine& tls_engine = FromHandle<tls::Engine>(engine);
    CallerBytes out(env, array, direct, off, len, /*commit=*/true);
    return static_cast<jint>(tls_engine.TakeRecords(out.span()));
  });
}

// Decrypts straight into the caller's buffer: SSL_read releases only authenticated plaintext.
jint Read(JNIEnv* env, jclass, jlong engine, jbyteArray array, jobject direct, jint off, jint len) {
  return TlsGuard(env, [&] {
    tls::Engine& tls_engine = FromHandle<tls::Engine>(engine);
    NoJavaCalls refuse;
    CallerBytes out(env, array, direct, off, len, /*commit=*/true);
    return static_cast<jint>(tls_engine.Read(out.span(), refuse));
  });
}

// Encrypts straight from the caller's buffer into records in the outbound BIO.
void Write(JNIEnv* env, jclass, jlong engine, jbyteArray array, jobject direct, jint off,
           jint len) {
  TlsGuard(env, [&] {
    tls::Engine& tls_engine = FromHandle<tls::Engine>(engine);
    CallerBytes data(env, array, direct, off, len, /*commit=*/false);
    tls_engine.Write(data.span());
  });
}

}  // namespace

bool RegisterTlsRecordNatives(JNIEnv* env) {
  static const JNINativeMethod methods[] = {
      Method("feed", "(J[BLjava/nio/ByteBuffer;II)V", Feed),
      Method("take", "(J[BLjava/nio/ByteBuffer;II)I", Take),
      Method("read", "(J[BLjava/nio/ByteBuffer;II)I", Read),
      Method("write", "(J[BLjava/nio/ByteBuffer;II)V", Write),
  };
  return RegisterNatives(env, "dev/carbide/ssl/TlsNative", methods);
}

}  // namespace carbide::jni
