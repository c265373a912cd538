#include "session.h"

#include <algorithm>
#include <string>
#include <utility>

#include "carbide/cleanse.h"
#include "carbide/error.h"

namespace carbide::jni {

MessageSession::MessageSession(const MessageSession& other)
    : input_is_secret_(other.input_is_secret_) {
  std::copy(other.scratch_, other.scratch_ + kScratchCapacity, scratch_);
}

MessageSession::~MessageSession() { Cleanse(scratch_, sizeof(scratch_)); }

void MessageSession::ThrowScratchLengthOutOfRange() {
  throw Error(ErrorKind::kIndexOutOfBounds, "scratch length out of range");
}

void MessageSession::ThrowOutputTooShort(size_t out_len, size_t result_len) {
  throw Error(ErrorKind::kIllegalArgument, "an output of " + std::to_string(out_len) +
                                               " bytes cannot hold the result's " +
                                               std::to_string(result_len));
}

void MessageSession::AbsorbPending(jint pending_len) {
  uint8_t* pending = scratch(pending_len);
  Update(pending, static_cast<size_t>(pending_len));
  if (input_is_secret_) {
    Cleanse(pending, static_cast<size_t>(pending_len));
  }
}

jobject MessageSession::NewView(JNIEnv* env) {
  jobject view = env->NewDirectByteBuffer(scratch_, kScratchCapacity);
  if (view == nullptr) {
    throw JavaExceptionPending{};
  }
  return view;
}

}  // namespace carbide::jni
