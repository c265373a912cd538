// The shared mechanics of every JNI entry point: error translation, array access and handles.
// Every entry point has the same shape:
//
//   jint Foo(JNIEnv* env, jclass, jlong handle, jbyteArray in, jint off, jint len) {
//     return jni::Guard(env, [&] { ...engine calls...; return result; });
//   }
//
// Guard turns any C++ exception into the matching Java exception, so engine code just throws.
#pragma once

#include <jni.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <type_traits>

#include "carbide/cleanse.h"
#include "carbide/error.h"

namespace carbide::jni {

// Thrown when a JNI call has already raised a Java exception; Guard lets that exception stand.
struct JavaExceptionPending {};

// Raises the Java exception that stands for `kind` with `message`. Never call it while an array is
// pinned.
void ThrowJava(JNIEnv* env, ErrorKind kind, const char* message);
void ThrowNullPointer(JNIEnv* env, const char* message);

// Caches the exception classes; called once from JNI_OnLoad. Returns false if one is missing.
bool InitExceptionClasses(JNIEnv* env);

// Runs `body`, translating C++ exceptions into Java exceptions and clearing OpenSSL's error queue
// on every failure. Returns body's result, or a zero value when an exception was raised. In debug
// and sanitizer builds a body that succeeds must leave the queue empty (CheckErrorQueueLeftEmpty);
// `where` names the entry point in that check's report.
template <typename Body>
auto Guard(JNIEnv* env, Body&& body, const char* where = __builtin_FUNCTION()) noexcept
    -> decltype(body()) {
  using Result = decltype(body());
  try {
    if constexpr (std::is_void_v<Result>) {
      body();
      CheckErrorQueueLeftEmpty(where);
      return;
    } else {
      Result result = body();
      CheckErrorQueueLeftEmpty(where);
      return result;
    }
  } catch (const Error& e) {
    ThrowJava(env, e.kind(), e.what());
  } catch (const JavaExceptionPending&) {
    // Already raised by the JNI call that failed.
  } catch (const std::bad_alloc&) {
    ThrowJava(env, ErrorKind::kOutOfMemory, "native allocation failed");
  } catch (const std::exception& e) {
    ThrowJava(env, ErrorKind::kProvider, e.what());
  }
  ClearOpensslErrors();
  if constexpr (!std::is_void_v<Result>) {
    return Result{};
  }
}

// Native objects cross JNI as jlong handles owned by a Java Cleaner. A zero handle means the Java
// object was destroyed or never initialised.
template <typename T>
T& FromHandle(jlong handle) {
  if (handle == 0) {
    throw Error(ErrorKind::kIllegalState, "native object already released");
  }
  return *reinterpret_cast<T*>(static_cast<intptr_t>(handle));
}

template <typename T>
jlong ToHandle(T* object) {
  return static_cast<jlong>(reinterpret_cast<intptr_t>(object));
}

// Finds a class and returns a global reference to it, or null with the Java exception pending.
jclass GlobalClass(JNIEnv* env, const char* name);

// Returns the UTF-8 form of a Java string; a null string raises NullPointerException.
std::string JavaString(JNIEnv* env, jstring value);

// Throws unless [off, off + len) lies inside `array`, which must be non-null.
void CheckArrayRange(JNIEnv* env, jarray array, jint off, jint len);

// Inputs up to this size are copied to the stack with GetByteArrayRegion: for small items a copy
// is cheaper than pinning. Larger ones are pinned with GetPrimitiveArrayCritical.
inline constexpr jint kStackCopyLimit = 1024;

// Larger inputs are pinned in chunks of this size, so the GC is never held off for long.
inline constexpr jint kCriticalChunk = 256 * 1024;

// Counts the arrays this thread has pinned. JNI calls are forbidden while any is pinned; the
// helpers that make JNI calls abort if that rule is broken, so a mistake cannot pass silently.
void AssertNothingPinned() noexcept;

// Pins a Java array for the lifetime of the object (GetPrimitiveArrayCritical).
class PinnedArray {
 public:
  // `commit` says whether writes must reach the Java array (false for inputs).
  PinnedArray(JNIEnv* env, jarray array, bool commit);
  ~PinnedArray();
  PinnedArray(const PinnedArray&) = delete;
  PinnedArray& operator=(const PinnedArray&) = delete;
  uint8_t* data() const noexcept { return data_; }

 private:
  JNIEnv* env_;
  jarray array_;
  uint8_t* data_;
  bool commit_;
};

// Pins an input and an output array together, once if they are the same array, for transforms
// that read one while writing the other (JNI allows nested critical regions).
class PinnedInOut {
 public:
  PinnedInOut(JNIEnv* env, jbyteArray in, jbyteArray out);
  ~PinnedInOut();
  PinnedInOut(const PinnedInOut&) = delete;
  PinnedInOut& operator=(const PinnedInOut&) = delete;
  const uint8_t* in() const noexcept { return in_; }
  uint8_t* out() const noexcept { return out_.data(); }

 private:
  JNIEnv* env_;
  jbyteArray in_array_;
  bool same_;
  PinnedArray out_;
  uint8_t* in_;
};

// Cleanses ptr[0, len) when it goes out of scope, also when an exception passes.
struct CleanseOnExit {
  uint8_t* ptr;
  size_t len;
  ~CleanseOnExit() { Cleanse(ptr, len); }
};

// Calls `consume(const uint8_t* data, size_t len)` over array[off, off + len) in one or more
// pieces, copying small inputs to the stack and pinning large ones chunk by chunk. Checks the range
// first. The stack copy is cleansed afterwards, since inputs may be secret.
template <typename Consume>
void ForEachInputChunk(JNIEnv* env, jbyteArray array, jint off, jint len, Consume&& consume) {
  CheckArrayRange(env, array, off, len);
  if (len <= kStackCopyLimit) {
    uint8_t copy[kStackCopyLimit];
    env->GetByteArrayRegion(array, off, len, reinterpret_cast<jbyte*>(copy));
    CleanseOnExit wipe{copy, static_cast<size_t>(len)};
    consume(static_cast<const uint8_t*>(copy), static_cast<size_t>(len));
    return;
  }
  for (jint done = 0; done < len;) {
    jint chunk = len - done < kCriticalChunk ? len - done : kCriticalChunk;
    PinnedArray pinned(env, array, /*commit=*/false);
    consume(static_cast<const uint8_t*>(pinned.data() + off + done), static_cast<size_t>(chunk));
    done += chunk;
  }
}

// Calls `produce(uint8_t* out, size_t len)` to fill array[off, off + len) in one or more pieces:
// small outputs are produced on the stack, copied in and cleansed (outputs may be secret), large
// ones are written straight into the array, pinned chunk by chunk. Checks the range first.
// `produce` must make no JNI calls. If it throws, the array may hold part of the output.
template <typename Produce>
void ForEachOutputChunk(JNIEnv* env, jbyteArray array, jint off, jint len, Produce&& produce) {
  CheckArrayRange(env, array, off, len);
  if (len <= kStackCopyLimit) {
    uint8_t out[kStackCopyLimit];
    CleanseOnExit wipe{out, static_cast<size_t>(len)};
    produce(out, static_cast<size_t>(len));
    env->SetByteArrayRegion(array, off, len, reinterpret_cast<const jbyte*>(out));
    return;
  }
  for (jint done = 0; done < len;) {
    jint chunk = len - done < kCriticalChunk ? len - done : kCriticalChunk;
    PinnedArray pinned(env, array, /*commit=*/true);
    produce(pinned.data() + off + done, static_cast<size_t>(chunk));
    done += chunk;
  }
}

// Native memory for one call's key, secret input or output, for engine calls that need a whole
// input at once (keys, KDF inputs) rather than chunks: inline, on the caller's stack, up to
// kStackCopyLimit bytes, on the heap beyond. Cleansed on destruction.
class SecretBytes {
 public:
  // `size` uninitialised bytes.
  explicit SecretBytes(size_t size);
  // A copy of the whole of `array`; a null array gives zero bytes.
  SecretBytes(JNIEnv* env, jbyteArray array);
  // A copy of array[off, off + len), after checking the range. The array is never pinned.
  SecretBytes(JNIEnv* env, jbyteArray array, jint off, jint len);
  ~SecretBytes();
  SecretBytes(const SecretBytes&) = delete;
  SecretBytes& operator=(const SecretBytes&) = delete;
  uint8_t* data() noexcept { return data_; }
  size_t size() const noexcept { return size_; }
  std::span<uint8_t> span() noexcept { return {data_, size_}; }
  std::span<const uint8_t> span() const noexcept { return {data_, size_}; }

 private:
  uint8_t inline_[kStackCopyLimit];
  std::unique_ptr<uint8_t[]> heap_;
  uint8_t* data_;
  size_t size_;
};

// Copies `len` bytes from native memory into array[off, off + len). Checks the range first.
void CopyToArray(JNIEnv* env, const uint8_t* data, jint len, jbyteArray array, jint off);

// Returns a new Java array holding data[0, len).
jbyteArray NewByteArray(JNIEnv* env, const uint8_t* data, size_t len);

// Returns the address of buffer's byte at `position`, after checking that
// [position, position + len) lies inside the direct buffer.
uint8_t* DirectBufferRange(JNIEnv* env, jobject buffer, jint position, jint len);

// One row of a natives table: JNI's struct wants mutable strings for historical reasons only.
template <typename Fn>
JNINativeMethod Method(const char* name, const char* signature, Fn* function) {
  return {const_cast<char*>(name), const_cast<char*>(signature), reinterpret_cast<void*>(function)};
}

// Registers `count` natives on class `class_name`. Returns false (with a Java exception pending) if
// the class or a method is missing.
bool RegisterNatives(JNIEnv* env, const char* class_name, const JNINativeMethod* methods,
                     size_t count);

template <size_t N>
bool RegisterNatives(JNIEnv* env, const char* class_name, const JNINativeMethod (&methods)[N]) {
  return RegisterNatives(env, class_name, methods, N);
}

}  // namespace carbide::jni
