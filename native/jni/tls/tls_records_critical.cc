// The record natives `open` and `seal` (tls_records_jni.cc) as critical FFM downcalls, which Java
// 22 and later make for a record between two heap arrays (dev.carbide.ssl.TlsCalls in the jar's
// Java 25 part). A critical downcall skips the JNI wrapper's thread-state transitions and hands
// native code the Java arrays themselves, so a record pays neither the crossing's fixed cost nor
// pinning (GetArrayLength, IsSameObject, Get/ReleasePrimitiveArrayCritical for two arrays): about
// a tenth of a 1 KiB record's whole wrap and unwrap (docs/tls.md, "The record path again").
//
// Critical calls must be short and may not call back into Java: these handle one record (at most
// 16 KiB of plaintext, as the cipher's critical step), once the handshake is complete, with the
// verifier that refuses without calling Java (NoJavaCalls, tls_jni.h, says why none is asked). A
// failure cannot raise a Java exception here: it is parked for this thread, and the Java side,
// which holds the engine's lock across both calls, raises it at once through the JNI native
// throwDeferred (TlsGuard: the same SSLException as the JNI path).
#include <cstdint>
#include <exception>
#include <limits>
#include <span>

#include "../core/critical_call.h"
#include "carbide/tls.h"
#include "tls_jni.h"

namespace carbide::jni {
namespace {

// What a critical record call returns when it failed (a result of Open may be -1: close_notify).
constexpr int32_t kFailed = std::numeric_limits<int32_t>::min();

// The failure of this thread's last critical record call, until throwDeferred raises it.
thread_local DeferredError deferred_failure;

// Runs `body(engine, in, out)` for the engine behind `handle` and the two checked array ranges;
// returns its result, or kFailed with the failure parked (none for a 0 handle, which
// throwDeferred reports as released).
template <typename Body>
int32_t RunRecordCall(int64_t handle, const uint8_t* src, int32_t src_array_len, int32_t src_offset,
                      int32_t src_len, uint8_t* dst, int32_t dst_array_len, int32_t dst_offset,
                      int32_t dst_len, Body&& body) noexcept {
  if (handle == 0) {
    return kFailed;
  }
  try {
    std::span<const uint8_t> in(CheckedArrayRange(src, src_array_len, src_offset, src_len),
                                static_cast<size_t>(src_len));
    std::span<uint8_t> out(CheckedArrayRange(dst, dst_array_len, dst_offset, dst_len),
                           static_cast<size_t>(dst_len));
    int32_t result = body(*reinterpret_cast<tls::Engine*>(static_cast<intptr_t>(handle)), in, out);
    CheckErrorQueueLeftEmpty("a critical TLS record call");
    return result;
  } catch (...) {
    deferred_failure.Park(std::current_exception());
    ClearOpensslErrors();
    return kFailed;
  }
}

}  // namespace

// Raises, through TlsGuard, what the last critical record call of this thread parked.
void ThrowDeferredRecordFailure(JNIEnv* env, jclass) {
  TlsGuard(env, [] { deferred_failure.Rethrow(); });
}

}  // namespace carbide::jni

// One whole record at src[src_offset, + src_len) of an array of src_array_len bytes, decrypted
// into dst[dst_offset, + dst_len): Engine::OpenRecord. Returns the bytes produced, 0 for a record
// without application data, -1 for close_notify, or INT32_MIN with the failure parked.
extern "C" __attribute__((visibility("default"))) int32_t carbide_tls_open(
    int64_t engine, const uint8_t* src, int32_t src_array_len, int32_t src_offset, int32_t src_len,
    uint8_t* dst, int32_t dst_array_len, int32_t dst_offset, int32_t dst_len) noexcept {
  return carbide::jni::RunRecordCall(
      engine, src, src_array_len, src_offset, src_len, dst, dst_array_len, dst_offset, dst_len,
      [](carbide::tls::Engine& tls_engine, std::span<const uint8_t> records,
         std::span<uint8_t> out) {
        carbide::jni::NoJavaCalls refuse;
        return static_cast<int32_t>(tls_engine.OpenRecord(records, out, refuse));
      });
}

// Plaintext at src[src_offset, + src_len) (at most 16 KiB) sealed into a record written into
// dst[dst_offset, + dst_len): Engine::SealRecord. Returns the bytes of records placed in dst, or
// INT32_MIN with the failure parked.
extern "C" __attribute__((visibility("default"))) int32_t carbide_tls_seal(
    int64_t engine, const uint8_t* src, int32_t src_array_len, int32_t src_offset, int32_t src_len,
    uint8_t* dst, int32_t dst_array_len, int32_t dst_offset, int32_t dst_len) noexcept {
  return carbide::jni::RunRecordCall(
      engine, src, src_array_len, src_offset, src_len, dst, dst_array_len, dst_offset, dst_len,
      [](carbide::tls::Engine& tls_engine, std::span<const uint8_t> data, std::span<uint8_t> out) {
        return static_cast<int32_t>(tls_engine.SealRecord(data, out));
      });
}
