// The record natives of dev.carbide.ssl.TlsNative: records in and out of the engine's queues,
// and application data in and out of SSL_read/SSL_write, straight between OpenSSL and the caller's
// ByteBuffer. A direct buffer is used through its address; a heap buffer's array is pinned for the
// call (GetPrimitiveArrayCritical, at most one record: 18 KiB), and small record inputs are copied
// to the stack instead, as everywhere else. No Java array is allocated and nothing is copied
// through an intermediate buffer, so a 16 KiB record costs OpenSSL's own copies and the cipher.
// Once the handshake is complete, `seal` and `open` do a record's two steps in one call with both
// buffers reachable, so that libssl writes the record into the caller's buffer and reads it from
// there (record_bio.h) instead of through the engine's queues.
//
// On Java 22 and later, `open` and `seal` between two heap arrays go by critical downcalls instead
// (tls_records_critical.cc).
//
// Pinning is allowed because none of these calls can reach Java: feeding and taking records only
// moves bytes between the caller and a queue, and SSL_read/SSL_write run only once the
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

// The bytes [off, off + len) of one side of a record call: of `direct` (a direct ByteBuffer,
// `off` its position) when it is not null, else of `array`, once pinned. The range is checked (and
// a direct buffer's address found) at construction, before anything is pinned: no other JNI call
// may come while an array is pinned.
class CallerBytes {
 public:
  CallerBytes(JNIEnv* env, jbyteArray array, jobject direct, jint off, jint len)
      : array_(direct == nullptr ? array : nullptr), off_(off), size_(static_cast<size_t>(len)) {
    if (direct != nullptr) {
      data_ = DirectBufferRange(env, direct, off, len);
    } else {
      CheckArrayRange(env, array, off, len);
    }
  }
  jbyteArray array() const noexcept { return array_; }  // null for a direct buffer
  // Pins a heap array for the rest of this object's life; `commit` for bytes written into it.
  void Pin(JNIEnv* env, bool commit) {
    if (array_ != nullptr) {
      pinned_.emplace(env, array_, commit);
      data_ = pinned_->data() + off_;
    }
  }
  // The bytes at `base` (an array pinned by the caller) plus this side's offset.
  void PinnedAt(uint8_t* base) noexcept { data_ = base + off_; }
  std::span<uint8_t> span() const noexcept { return {data_, size_}; }

 private:
  jbyteArray array_;
  jint off_;
  std::optional<PinnedArray> pinned_;
  uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

// The input and output of one call, both reachable for the rest of this object's life: two
// arrays are pinned together (PinnedInOut: once if they are the same array), otherwise at most
// one of them is an array and is pinned alone.
class CallerInOut {
 public:
  CallerInOut(JNIEnv* env, CallerBytes& in, CallerBytes& out) {
    if (in.array() != nullptr && out.array() != nullptr) {
      both_.emplace(env, in.array(), out.array());
      in.PinnedAt(const_cast<uint8_t*>(both_->in()));
      out.PinnedAt(both_->out());
    } else {
      in.Pin(env, /*commit=*/false);
      out.Pin(env, /*commit=*/true);
    }
  }

 private:
  std::optional<PinnedInOut> both_;
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
    CallerBytes records(env, array, direct, off, len);
    records.Pin(env, /*commit=*/false);
    tls_engine.FeedRecords(records.span());
  });
}

// Moves queued records straight into the caller's buffer. Records are ciphertext: nothing to
// cleanse.
jint Take(JNIEnv* env, jclass, jlong engine, jbyteArray array, jobject direct, jint off, jint len) {
  return TlsGuard(env, [&] {
    tls::Engine& tls_engine = FromHandle<tls::Engine>(engine);
    CallerBytes out(env, array, direct, off, len);
    out.Pin(env, /*commit=*/true);
    return static_cast<jint>(tls_engine.TakeRecords(out.span()));
  });
}

// Decrypts straight into the caller's buffer: SSL_read releases only authenticated plaintext.
jint Read(JNIEnv* env, jclass, jlong engine, jbyteArray array, jobject direct, jint off, jint len) {
  return TlsGuard(env, [&] {
    tls::Engine& tls_engine = FromHandle<tls::Engine>(engine);
    NoJavaCalls refuse;
    CallerBytes out(env, array, direct, off, len);
    out.Pin(env, /*commit=*/true);
    return static_cast<jint>(tls_engine.Read(out.span(), refuse));
  });
}

// Encrypts straight from the caller's buffer into records in the outbound BIO.
void Write(JNIEnv* env, jclass, jlong engine, jbyteArray array, jobject direct, jint off,
           jint len) {
  TlsGuard(env, [&] {
    tls::Engine& tls_engine = FromHandle<tls::Engine>(engine);
    CallerBytes data(env, array, direct, off, len);
    data.Pin(env, /*commit=*/false);
    tls_engine.Write(data.span());
  });
}

// One whole record from the peer, decrypted into the caller's buffer: feed and read in one call,
// with the record read by OpenSSL where it lies (Engine::OpenRecord).
jint Open(JNIEnv* env, jclass, jlong engine, jbyteArray src_array, jobject src_direct, jint src_off,
          jint src_len, jbyteArray dst_array, jobject dst_direct, jint dst_off, jint dst_len) {
  return TlsGuard(env, [&] {
    tls::Engine& tls_engine = FromHandle<tls::Engine>(engine);
    NoJavaCalls refuse;
    CallerBytes records(env, src_array, src_direct, src_off, src_len);
    CallerBytes out(env, dst_array, dst_direct, dst_off, dst_len);
    CallerInOut reachable(env, records, out);
    return static_cast<jint>(tls_engine.OpenRecord(records.span(), out.span(), refuse));
  });
}

// Plaintext encrypted into a record written straight into the caller's buffer: write and take in
// one call (Engine::SealRecord). Returns the bytes of records written into `dst`.
jint Seal(JNIEnv* env, jclass, jlong engine, jbyteArray src_array, jobject src_direct, jint src_off,
          jint src_len, jbyteArray dst_array, jobject dst_direct, jint dst_off, jint dst_len) {
  return TlsGuard(env, [&] {
    tls::Engine& tls_engine = FromHandle<tls::Engine>(engine);
    CallerBytes data(env, src_array, src_direct, src_off, src_len);
    CallerBytes out(env, dst_array, dst_direct, dst_off, dst_len);
    CallerInOut reachable(env, data, out);
    return static_cast<jint>(tls_engine.SealRecord(data.span(), out.span()));
  });
}

}  // namespace

bool RegisterTlsRecordNatives(JNIEnv* env) {
  static const JNINativeMethod methods[] = {
      Method("feed", "(J[BLjava/nio/ByteBuffer;II)V", Feed),
      Method("take", "(J[BLjava/nio/ByteBuffer;II)I", Take),
      Method("read", "(J[BLjava/nio/ByteBuffer;II)I", Read),
      Method("write", "(J[BLjava/nio/ByteBuffer;II)V", Write),
      Method("open", "(J[BLjava/nio/ByteBuffer;II[BLjava/nio/ByteBuffer;II)I", Open),
      Method("seal", "(J[BLjava/nio/ByteBuffer;II[BLjava/nio/ByteBuffer;II)I", Seal),
      Method("throwDeferred", "()V", ThrowDeferredRecordFailure),
  };
  return RegisterNatives(env, "dev/carbide/ssl/TlsNative", methods);
}

}  // namespace carbide::jni
