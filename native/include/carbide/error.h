// Errors raised by the engine. Every engine function reports failure by throwing carbide::Error;
// the JNI bridge turns each ErrorKind into exactly one Java exception class.
#pragma once

#include <openssl/err.h>

#include <stdexcept>
#include <string>

namespace carbide {

// What went wrong, in the terms a caller must react to.
enum class ErrorKind {
  kProvider,          // OpenSSL failed for a reason the caller cannot fix (ProviderException)
  kInvalidKey,        // the key is unusable for this operation (InvalidKeyException)
  kInvalidParameter,  // an algorithm parameter is unusable (InvalidAlgorithmParameterException)
  kIllegalArgument,   // a plain argument is out of range (IllegalArgumentException)
  kIllegalState,      // the object is not in a state that allows the call (IllegalStateException)
  kIndexOutOfBounds,  // an offset or length lies outside an array (ArrayIndexOutOfBoundsException)
  kShortBuffer,       // the output does not fit (ShortBufferException)
  kBadPadding,        // decryption found invalid padding (BadPaddingException)
  kBadTag,            // an authentication tag did not verify (AEADBadTagException)
  kIllegalBlockSize,  // the input length or a key unwrap failed (IllegalBlockSizeException)
  kOutOfMemory,       // a native allocation failed (OutOfMemoryError)
};

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const noexcept { return kind_; }

 private:
  ErrorKind kind_;
};

// Throws an Error of `kind` whose message is `context` followed by the reason string of the
// oldest entry in OpenSSL's error queue. Always leaves the queue empty.
[[noreturn]] void ThrowOpensslError(const char* context, ErrorKind kind = ErrorKind::kProvider);

// Throws as above unless `rc` is OpenSSL's success value 1.
inline void CheckOpenssl(int rc, const char* context) {
  if (rc != 1) {
    ThrowOpensslError(context);
  }
}

// Throws as above if `ptr` is null, otherwise returns it. For OpenSSL constructors.
template <typename T>
T* CheckNotNull(T* ptr, const char* context) {
  if (ptr == nullptr) {
    ThrowOpensslError(context, ErrorKind::kOutOfMemory);
  }
  return ptr;
}

// Runs `call`, an OpenSSL call that records entries in the error queue on its way to success (a
// provider that tries one parameter form before another), and returns its result. If it returns
// 1, the entries it recorded are dropped; entries from before it stay, and so does everything
// when it fails.
template <typename Call>
int WithoutEntriesOnSuccess(Call&& call) {
  ERR_set_mark();
  int rc = call();
  if (rc == 1) {
    ERR_pop_to_mark();
  } else {
    ERR_clear_last_mark();
  }
  return rc;
}

// Empties the calling thread's OpenSSL error queue. The bridge calls it after every failed call so
// that a stale entry never explains a later failure.
void ClearOpensslErrors() noexcept;

// True if the calling thread's OpenSSL error queue is empty (debug-build assertions use it).
bool OpensslErrorQueueEmpty() noexcept;

// True in debug and sanitizer builds, which define CARBIDE_CHECK_ERROR_QUEUE (see CMakeLists.txt).
#ifdef CARBIDE_CHECK_ERROR_QUEUE
inline constexpr bool kCheckErrorQueue = true;
#else
inline constexpr bool kCheckErrorQueue = false;
#endif

// Prints the queue's entries, naming `where`, and aborts. For CheckErrorQueueLeftEmpty only.
[[noreturn]] void AbortOnStaleOpensslErrors(const char* where) noexcept;

// Called where a call has succeeded. In builds with kCheckErrorQueue, aborts if the call left an
// entry in the calling thread's OpenSSL error queue: a stale entry would later be reported as the
// cause of an unrelated failure, so every call site must check what it calls, or clear entries
// OpenSSL leaves on purpose with a comment saying why. Costs nothing in release builds.
inline void CheckErrorQueueLeftEmpty(const char* where) noexcept {
  if constexpr (kCheckErrorQueue) {
    if (!OpensslErrorQueueEmpty()) {
      AbortOnStaleOpensslErrors(where);
    }
  }
}

}  // namespace carbide
