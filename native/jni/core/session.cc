#include "session.h"

#include <algorithm>
#include <utility>

#include "carbide/cleanse.h"
#include "carbide/error.h"

namespace carbide::jni {

MessageSession::MessageSession(const MessageSession& other)
    : input_is_secret_(other.input_is_secret_) {
  std::copy(other.scratch_, other.scratch_ + kScratchCapacity, scratch_);
}

MessageSession::~MessageSession() { Cleanse(scratch_, sizeof(scratch_)); }

uint8_t* MessageSession::scratch(jint len) {
  if (len < 0 || len > kScratchCapacity) {
    throw Error(ErrorKind::kIndexOutOfBounds, "scratch length out of range");
  }
  return scratch_;
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
