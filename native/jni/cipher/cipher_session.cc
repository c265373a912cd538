#include "cipher_session.h"

#include <utility>

#include "../core/jni_support.h"
#include "carbide/cleanse.h"
#include "carbide/error.h"

namespace carbide::jni {

CipherSession::CipherSession()
    : scratch_(std::make_unique<uint8_t[]>(kInitialScratch)), capacity_(kInitialScratch) {}

CipherSession::~CipherSession() { Cleanse(scratch_.get(), capacity_); }

uint8_t* CipherSession::Scratch(jint offset, jint len) {
  // Both are at most INT_MAX, so the sum cannot overflow a size_t.
  if (offset < 0 || len < 0 || static_cast<size_t>(offset) + static_cast<size_t>(len) > capacity_) {
    throw Error(ErrorKind::kIndexOutOfBounds, "scratch range out of bounds");
  }
  return scratch_.get() + offset;
}

jobject CipherSession::View(JNIEnv* env, jint min_size) {
  AssertNothingPinned();
  if (min_size < 0) {
    throw Error(ErrorKind::kIllegalArgument, "negative scratch size");
  }
  if (static_cast<size_t>(min_size) > capacity_) {
    auto bigger = std::make_unique<uint8_t[]>(static_cast<size_t>(min_size));
    Cleanse(scratch_.get(), capacity_);
    scratch_ = std::move(bigger);
    capacity_ = static_cast<size_t>(min_size);
  }
  jobject view = env->NewDirectByteBuffer(scratch_.get(), static_cast<jlong>(capacity_));
  if (view == nullptr) {
    throw JavaExceptionPending{};
  }
  return view;
}

}  // namespace carbide::jni
