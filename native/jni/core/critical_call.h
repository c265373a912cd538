// What the critical FFM downcalls share (core/session_critical.cc, cipher/cipher_critical.cc).
// Java 22 and later call them with Linker.Option.critical, passing Java arrays as raw pointers:
// no JNIEnv, no bounds, and no way to raise a Java exception. So each checks every range itself,
// and parks any failure in its session for the JNI native throwDeferred to raise through Guard,
// the same translation as every other error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <span>
#include <utility>

#include "carbide/error.h"

namespace carbide::jni {

// A failure that a critical call parked in its session, waiting for throwDeferred.
class DeferredError {
 public:
  void Park(std::exception_ptr error) noexcept { error_ = std::move(error); }

  // Raises the parked failure. With none parked, the call failed before it could reach a session:
  // the session was already released.
  [[noreturn]] void Rethrow() {
    std::exception_ptr error = std::exchange(error_, nullptr);
    if (error == nullptr) {
      throw Error(ErrorKind::kIllegalState, "native object already released");
    }
    std::rethrow_exception(error);
  }

 private:
  std::exception_ptr error_;
};

// Out of line, so that the checks below inline into every critical call as a few compares.
[[noreturn, gnu::cold, gnu::noinline]] inline void ThrowArrayRangeOutOfBounds() {
  throw Error(ErrorKind::kIndexOutOfBounds, "array range out of bounds");
}

// Checks that [offset, offset + len) lies inside an array of `array_len` bytes at `array`, which
// may be null only for an empty range at offset 0, and returns the range's start.
template <typename Byte>
inline Byte* CheckedArrayRange(Byte* array, int32_t array_len, int32_t offset, int32_t len) {
  if (offset < 0 || len < 0 || array_len < 0 || offset > array_len || len > array_len - offset ||
      (array == nullptr && (offset != 0 || len != 0))) [[unlikely]] {
    ThrowArrayRangeOutOfBounds();
  }
  return array == nullptr ? nullptr : array + offset;
}

// The first `len` bytes of an array of `array_len` bytes at `array`, checked as CheckedArrayRange
// does.
inline std::span<const uint8_t> CheckedPrefix(const uint8_t* array, int32_t array_len,
                                              int32_t len) {
  return {CheckedArrayRange(array, array_len, 0, len), static_cast<size_t>(len)};
}

// Runs `body(session)` for the session behind `handle`, a Session with `DeferredError&
// deferred()`. Returns body's result, or -1 with the failure parked (none when `handle` is 0,
// which throwDeferred then reports as released).
template <typename Session, typename Body>
int32_t RunCritical(int64_t handle, Body&& body) noexcept {
  if (handle == 0) {
    return -1;
  }
  // Not FromHandle, which throws on 0: nothing may escape a function that C calls.
  Session& session = *reinterpret_cast<Session*>(static_cast<intptr_t>(handle));
  try {
    int32_t result = body(session);
    CheckErrorQueueLeftEmpty("a critical native call");
    return result;
  } catch (...) {
    session.deferred().Park(std::current_exception());
    ClearOpensslErrors();
    return -1;
  }
}

}  // namespace carbide::jni
