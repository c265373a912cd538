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
#include <exception>

#include "session.h"

namespace carbide::jni {

extern "C" __attribute__((visibility("default"))) int32_t carbide_session_finish(
    int64_t handle, int32_t pending_len, uint8_t* out, int32_t out_array_len, int32_t out_offset,
    int32_t out_len) noexcept {
  if (handle == 0) {
    return -1;  // throwDeferred reports the released session
  }
  // Not FromHandle, which throws on 0: nothing may escape a function that C calls.
  MessageSession& session = *reinterpret_cast<MessageSession*>(static_cast<intptr_t>(handle));
  try {
    if (out == nullptr || out_offset < 0 || out_len < 0 || out_offset > out_array_len ||
        out_len > out_array_len - out_offset) {
      throw Error(ErrorKind::kIndexOutOfBounds, "output range out of bounds");
    }
    if (static_cast<size_t>(out_len) != session.ResultSize()) {
      throw Error(ErrorKind::kIllegalArgument, "output length differs from the result's");
    }
    session.AbsorbPending(pending_len);
    // The result goes straight to the Java array: no copy of it, secret or not, stays in scratch.
    session.Finish(out + out_offset);
    return out_len;
  } catch (...) {
    session.Defer(std::current_exception());
    ClearOpensslErrors();
    return -1;
  }
}

}  // namespace carbide::jni
