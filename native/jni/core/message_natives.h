// One set of natives (dev.carbide.internal.MessageNative) for every engine that absorbs a message
// in pieces and then finishes it: digests and MACs. The Java side (MessageContext) buffers small
// updates and passes its pending buffer with every call, where it is absorbed first, so flushing
// the buffer never costs a crossing of its own and a short message costs exactly one: finish().
//
// A family's own natives create the engine as a MessageAdapter<Engine> and hand out its handle;
// family-specific calls (an HMAC's key) reach the engine again through EngineFromHandle.
#pragma once

#include <jni.h>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "carbide/error.h"
#include "jni_support.h"

namespace carbide::jni {

// The largest output of any message engine (EVP_MAX_MD_SIZE), for the stack buffer of finish().
inline constexpr size_t kMaxMessageOutput = 64;

// What the shared natives need from an engine, whatever its type.
class MessageHandle {
 public:
  virtual ~MessageHandle() = default;
  // Length of the output of Finish, in bytes; at most kMaxMessageOutput.
  virtual size_t size() const noexcept = 0;
  virtual void Update(const uint8_t* data, size_t len) = 0;
  // Writes size() bytes to `out` and starts a new message. Returns size().
  virtual size_t Finish(uint8_t* out) = 0;
  virtual void Reset() = 0;
  // A new, independent copy of the running state (clone()), owned by the caller.
  virtual MessageHandle* Copy() const = 0;
};

// Wraps an engine (Digest, Hmac) that offers the members above under the same names.
template <typename Engine>
class MessageAdapter final : public MessageHandle {
 public:
  template <typename... Args>
  explicit MessageAdapter(Args&&... args) : engine_(std::forward<Args>(args)...) {}

  Engine& engine() noexcept { return engine_; }

  size_t size() const noexcept override { return engine_.size(); }
  void Update(const uint8_t* data, size_t len) override { engine_.Update(data, len); }
  size_t Finish(uint8_t* out) override { return engine_.Finish(out); }
  void Reset() override { engine_.Reset(); }
  MessageHandle* Copy() const override { return new MessageAdapter(*this); }

 private:
  Engine engine_;
};

// Creates a MessageAdapter<Engine> from `args` and returns its handle, for a family's newContext.
template <typename Engine, typename... Args>
jlong NewMessageHandle(Args&&... args) {
  MessageHandle* handle = new MessageAdapter<Engine>(std::forward<Args>(args)...);
  if (handle->size() > kMaxMessageOutput) {
    delete handle;
    throw Error(ErrorKind::kProvider, "output longer than the bridge's buffer");
  }
  return ToHandle(handle);
}

// Returns the engine behind a handle from NewMessageHandle<Engine>. Throws Error(kProvider) if the
// handle holds another kind of engine, rather than misreading it.
template <typename Engine>
Engine& EngineFromHandle(jlong handle) {
  auto* adapter = dynamic_cast<MessageAdapter<Engine>*>(&FromHandle<MessageHandle>(handle));
  if (adapter == nullptr) {
    throw Error(ErrorKind::kProvider, "native handle of another kind");
  }
  return adapter->engine();
}

}  // namespace carbide::jni
