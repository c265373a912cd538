// A native engine paired with scratch memory that Java reads and writes through a direct
// ByteBuffer view. Small inputs and outputs then cross JNI as plain ints: Java puts a short
// message into the scratch buffer and the native call takes only its length, with no array copy,
// no pinning and no JNI callbacks. For a 64-byte digest that halves the cost of the crossing.
#pragma once

#include <jni.h>

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "carbide/cleanse.h"
#include "carbide/error.h"
#include "jni_support.h"

namespace carbide::jni {

// The scratch size; the Java side buffers at most this many bytes before it flushes.
inline constexpr jint kScratchCapacity = 1024;

template <typename Engine>
class Session {
 public:
  template <typename... Args>
  requires std::is_constructible_v<Engine, Args...>
  explicit Session(Args&&... args) : engine_(std::forward<Args>(args)...) {}

  // Copies the engine's state and the scratch contents (clone()).
  Session(const Session& other) : engine_(other.engine_) {
    std::copy(other.scratch_, other.scratch_ + kScratchCapacity, scratch_);
  }
  Session& operator=(const Session&) = delete;

  // Scratch may have held secrets (keys, plaintext).
  ~Session() { Cleanse(scratch_, sizeof(scratch_)); }

  Engine& engine() noexcept { return engine_; }

  // The first `len` bytes of scratch, after checking that Java's claimed length fits.
  uint8_t* scratch(jint len) {
    if (len < 0 || len > kScratchCapacity) {
      throw Error(ErrorKind::kIndexOutOfBounds, "scratch length out of range");
    }
    return scratch_;
  }

  // A direct ByteBuffer over the scratch memory, valid for the life of this session. Java must
  // drop it before freeing the session; the owning SPI holds both and frees them together.
  jobject NewView(JNIEnv* env) {
    jobject view = env->NewDirectByteBuffer(scratch_, kScratchCapacity);
    if (view == nullptr) {
      throw JavaExceptionPending{};
    }
    return view;
  }

 private:
  Engine engine_;
  alignas(64) uint8_t scratch_[kScratchCapacity];
};

}  // namespace carbide::jni
