// A message engine paired with scratch memory that Java reads and writes through a direct
// ByteBuffer view. Small inputs and outputs then cross JNI as plain ints: Java puts a short
// message into the scratch buffer and the native call takes only its length, with no array copy,
// no pinning and no JNI callbacks. For a 64-byte digest that halves the cost of the crossing.
//
// Every family whose engine absorbs a message in pieces and then finishes it (Digest, Hmac)
// shares one set of natives over these sessions (session_natives.cc, registered once on
// dev.carbide.internal.MessageSessionNative). The natives reach the engine through the virtual
// functions of MessageSession: a predicted indirect call costs about a nanosecond next to the
// crossing's twenty, and it keeps every Java call site static, however many families share it.
#pragma once

#include <jni.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <type_traits>
#include <utility>

#include "carbide/cleanse.h"
#include "critical_call.h"
#include "jni_support.h"

namespace carbide::jni {

// The scratch size; the Java side buffers at most this many bytes before it flushes.
inline constexpr jint kScratchCapacity = 1024;

// What a session handle points at, whatever the engine. Not thread-safe: one owner at a time, as
// a JCA engine is.
class MessageSession {
 public:
  // Cleanses the scratch memory, which may have held secrets (keys, plaintext, HMAC tags).
  virtual ~MessageSession();
  MessageSession& operator=(const MessageSession&) = delete;

  // A new session, owned by the caller, with a copy of the engine's state and of the scratch
  // contents (clone()).
  virtual MessageSession* Clone() const = 0;

  // Absorbs `len` bytes at `data` (which may be null when len is 0).
  virtual void Update(const uint8_t* data, size_t len) = 0;

  // Absorbs scratch[0, pending_len) as AbsorbPending does, writes the message's result to `out`,
  // which holds `out_len` bytes, and starts a new message. Returns the result's length, at most
  // kScratchCapacity; throws kIllegalArgument, before absorbing anything, if `out_len` is shorter.
  // One virtual call per message, with the rest inlined into each engine's override: this is the
  // whole native side of a 64-byte digest or HMAC, where each extra call costs about 1% more.
  virtual size_t FinishPending(jint pending_len, uint8_t* out, size_t out_len) = 0;

  // Discards the message so far and starts a new one.
  virtual void Reset() = 0;

  // The first `len` bytes of scratch, after checking that Java's claimed length fits.
  uint8_t* scratch(jint len) {
    if (len < 0 || len > kScratchCapacity) [[unlikely]] {
      ThrowScratchLengthOutOfRange();
    }
    return scratch_;
  }

  // Absorbs scratch[0, pending_len), the bytes Java buffered, and cleanses them if the engine's
  // input may be secret (an HMAC message is often a key in a KDF; a digest's is not secret by
  // contract, and the whole scratch is cleansed when the session is freed anyway).
  void AbsorbPending(jint pending_len);

  // Where a critical FFM downcall (critical_call.h) parks its failure for throwDeferred.
  DeferredError& deferred() noexcept { return deferred_; }

  // A direct ByteBuffer over the scratch memory, valid for the life of this session. Java must
  // drop it before freeing the session; the owning MessageSession object holds both.
  jobject NewView(JNIEnv* env);

 protected:
  explicit MessageSession(bool input_is_secret) : input_is_secret_(input_is_secret) {}
  MessageSession(const MessageSession& other);

  // Throws kIllegalArgument: `out_len` bytes cannot hold a result of `result_len`.
  [[noreturn]] static void ThrowOutputTooShort(size_t out_len, size_t result_len);

 private:
  [[noreturn]] static void ThrowScratchLengthOutOfRange();

  bool input_is_secret_;
  DeferredError deferred_;
  alignas(64) uint8_t scratch_[kScratchCapacity];
};

// A MessageSession over one `Engine`, which offers Update(const uint8_t*, size_t),
// Finish(uint8_t*) writing size() bytes, at most kScratchCapacity, and Reset(), is copyable, and
// says in `static constexpr bool kInputIsSecret` whether buffered input must be cleansed after use.
template <typename Engine>
class EngineSession final : public MessageSession {
 public:
  // A new session over Engine(args...), as the handle Java holds: a MessageSession pointer, so the
  // shared natives can take any family's handle.
  template <typename... Args>
  requires std::is_constructible_v<Engine, Args...>
  static jlong New(Args&&... args) {
    MessageSession* session = new EngineSession(std::forward<Args>(args)...);
    return ToHandle(session);
  }

  // The session behind a handle that New made for this Engine: only the family that made a
  // handle passes it to its own natives.
  static EngineSession& From(jlong handle) {
    return static_cast<EngineSession&>(FromHandle<MessageSession>(handle));
  }

  Engine& engine() noexcept { return engine_; }

  MessageSession* Clone() const override { return new EngineSession(*this); }
  void Update(const uint8_t* data, size_t len) override { engine_.Update(data, len); }
  void Reset() override { engine_.Reset(); }

  size_t FinishPending(jint pending_len, uint8_t* out, size_t out_len) override {
    if (out_len < engine_.size()) [[unlikely]] {
      ThrowOutputTooShort(out_len, engine_.size());
    }
    uint8_t* pending = scratch(pending_len);
    const auto len = static_cast<size_t>(pending_len);
    if constexpr (requires { engine_.UpdateAndFinish(pending, len, out); }) {
      // One key check for the message's last bytes and its tag (EvpMac).
      size_t written = 0;
      try {
        written = engine_.UpdateAndFinish(pending, len, out);
      } catch (...) {
        if constexpr (Engine::kInputIsSecret) {
          Cleanse(pending, len);
        }
        throw;
      }
      if constexpr (Engine::kInputIsSecret) {
        // The JNI finish writes the tag into the scratch the pending bytes came from (out ==
        // pending): the tag has replaced the first `written` of them and must outlive the cleanse.
        const size_t kept = out == pending ? std::min(written, len) : 0;
        Cleanse(pending + kept, len - kept);
      }
      return written;
    } else {
      engine_.Update(pending, len);
      if constexpr (Engine::kInputIsSecret) {
        Cleanse(pending, len);
      }
      return engine_.Finish(out);
    }
  }

 private:
  template <typename... Args>
  requires std::is_constructible_v<Engine, Args...>
  explicit EngineSession(Args&&... args)
      : MessageSession(Engine::kInputIsSecret), engine_(std::forward<Args>(args)...) {}
  EngineSession(const EngineSession& other) = default;

  Engine engine_;
};

}  // namespace carbide::jni
