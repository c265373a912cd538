// A cipher context paired with scratch memory that Java sees as a direct ByteBuffer. Java writes
// a step's IV and AAD there, so they cross JNI as two lengths instead of two arrays: on a TLS
// record that saves four JNI calls (a length and a region copy each). A small encryption's data
// goes there too, and is encrypted in place, so the record crosses with no array at all.
#pragma once

#include <jni.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <span>
#include <utility>

#include "../core/critical_call.h"
#include "carbide/cipher.h"

namespace carbide::jni {

// Not thread-safe: one owner at a time, as a JCA engine is.
class CipherSession {
 public:
  // The scratch capacity a new session starts with: a 12-byte IV and TLS's 13-byte AAD fit many
  // times over.
  static constexpr size_t kInitialScratch = 256;

  CipherSession();
  // Cleanses the scratch memory.
  ~CipherSession();
  CipherSession(const CipherSession&) = delete;
  CipherSession& operator=(const CipherSession&) = delete;

  CipherContext& engine() noexcept { return engine_; }

  // Scratch bytes [offset, offset + len), after checking that Java's claimed range fits: throws
  // Error(kIndexOutOfBounds) otherwise.
  uint8_t* Scratch(jint offset, jint len);
  std::span<const uint8_t> Span(jint offset, jint len) {
    return {Scratch(offset, len), static_cast<size_t>(len)};
  }

  // Where a critical FFM downcall (critical_call.h) parks its failure for throwDeferred.
  DeferredError& deferred() noexcept { return deferred_; }

  // Makes the scratch hold at least `min_size` bytes (cleansing and dropping the old memory if it
  // must grow) and returns a new direct ByteBuffer over all of it. Java must drop every earlier
  // view: it points at freed memory once the scratch grows.
  jobject View(JNIEnv* env, jint min_size);

 private:
  CipherContext engine_;
  std::unique_ptr<uint8_t[]> scratch_;
  size_t capacity_;
  DeferredError deferred_;
};

}  // namespace carbide::jni
