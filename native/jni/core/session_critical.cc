// The one message-session call that Java 22 and later make through the FFM API instead of JNI:
// finish, as a critical downcall (dev.carbide.internal.SessionCalls in the jar's Java 25 part).
// A critical downcall skips the JNI wrapper's thread-state transitions and hands native code the
// Java output array itself, so a 64-byte digest saves the crossing's fixed cost and the copy out
// of scratch: together about a fifth of the whole operation. Critical calls must be short and may
// not call back into Java, which is why only finish goes this way: it absorbs at most the scratch
// capacity and touches no JNI. Bulk updates still cross by JNI, where the fixed cost is amortised.
//
// A critical call cannot raise a Java exception, so a failure is parked in the session and the
// Java side asks for it through the JNI native throwDeferred, which raises it through Guard: the
// same translation as every other error.
#include <cstdint>

#include "critical_call.h"
#include "session.h"

namespace carbide::jni {

// Absorbs scratch[0, pending_len), finishes the message into out[out_offset, + out_len) of an
// array of out_array_len bytes (out_len at least the result's length) and starts a new message.
// Returns the result's length, or -1 with the failure parked (critical_call.h).
extern "C" __attribute__((visibility("default"))) int32_t carbide_session_finish(
    int64_t handle, int32_t pending_len, uint8_t* out, int32_t out_array_len, int32_t out_offset,
    int32_t out_len) noexcept {
  return RunCritical<MessageSession>(handle, [&](MessageSession& session) {
    if (out == nullptr) {
      throw Error(ErrorKind::kIndexOutOfBounds, "output range out of bounds");
    }
    uint8_t* result = CheckedArrayRange(out, out_array_len, out_offset, out_len);
    // The result goes straight to the Java array: no copy of it, secret or not, stays in scratch.
    return static_cast<int32_t>(
        session.FinishPending(pending_len, result, static_cast<size_t>(out_len)));
  });
}

}  // namespace carbide::jni
