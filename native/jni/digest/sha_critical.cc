// SHA-1, SHA-2 and MD5 digests whose whole state lives in Java arrays
// (dev.carbide.digest.HeapShaDigest and ShaCalls, in the jar's Java 25 part), reached by critical
// FFM downcalls on Java 22 and later. Such a digest owns no native memory: no session to allocate
// per MessageDigest.getInstance, no Cleaner to register and run, and clone() is a copy of a Java
// array, as in SUN's digests. SunJSSE makes a digest per handshake for its transcript, clones it at
// every point it reads it and finishes the clone at once, which with a native session per digest
// cost several times the JDK's (docs/tls.md).
//
// The state is OpenSSL's low-level SHA struct (sha_functions.h), copied from its Java array into an
// aligned local, worked on and copied back: a Java array's bytes may not be aligned as the struct
// needs. Neither copy is cleansed: a digest's input is not secret by contract (digest.h), and the
// same bytes stay in the Java heap, as they do in SUN's digests.
//
// Only what a call needs crosses. While nothing of the message has been absorbed into the state
// (Java's `empty`: a new digest, or one just finished or reset), a call starts from a new state
// instead of reading Java's, and finish never writes the state back, since Java then marks the
// state empty again. So a reused digest's short message, buffered in Java, costs one call that
// copies no state at all: before, each message copied the state in and out again (224 bytes for
// SHA-256, 432 for SHA-512) and checked it, a tenth of a 64-byte digest's time (docs/hybrid.md).
//
// Critical calls must be short and may not call back into Java: each call absorbs at most
// kCriticalLimit bytes of buffered and of new input, and Java feeds longer input in such steps.
// These calls have no session in which to park a failure, and the only failures are ranges that
// Java has already checked, so they return -1 and Java raises a ProviderException.
#include <cstdint>
#include <cstring>

#include "../core/critical_call.h"
#include "carbide/sha_functions.h"

namespace carbide::jni {
namespace {

// The most bytes of buffered and of new input one call absorbs; keep in step with
// HeapShaDigest.STEP. SHA-256 runs at about 2 GB/s with SHA-NI, so this is under 10 µs.
constexpr int32_t kCriticalLimit = 16 * 1024;

// Runs `body(sha, state)` on a local state: a new message's if `empty` is nonzero, else a copy of
// the state in state_array[0, state_len), which must then be a valid state of `functions`' struct.
// state_len must be the struct's size either way (DigestNative.initialState makes the array that
// long). If `write_back` and body succeeds, the local state is copied back, so a failed call
// changes nothing. Returns body's result, or -1 on any failure.
template <typename Body>
int32_t WithState(int64_t functions, uint8_t* state_array, int32_t state_len, int32_t empty,
                  bool write_back, Body&& body) noexcept {
  if (functions == 0 || state_array == nullptr) {
    return -1;
  }
  const auto& sha =
      *reinterpret_cast<const internal::ShaFunctions*>(static_cast<intptr_t>(functions));
  if (state_len < 0 || static_cast<size_t>(state_len) != sha.state_size) {
    return -1;
  }
  internal::ShaState state;
  if (empty != 0) {
    sha.init(&state);
  } else {
    std::memcpy(state.bytes, state_array, sha.state_size);
    if (!sha.valid(state)) {
      return -1;
    }
  }
  try {
    int32_t result = body(sha, state);
    if (write_back) {
      std::memcpy(state_array, state.bytes, sha.state_size);
    }
    return result;
  } catch (...) {
    return -1;
  }
}

// Checks a range of input as CheckedArrayRange does, and the critical calls' size bound.
const uint8_t* CheckedInput(const uint8_t* array, int32_t array_len, int32_t offset, int32_t len) {
  if (len > kCriticalLimit) {
    ThrowArrayRangeOutOfBounds();
  }
  return CheckedArrayRange(array, array_len, offset, len);
}

}  // namespace

// Absorbs pending[0, pending_len) and then in[in_off, + in_len) into the message whose state is in
// state[0, state_len), or into a new message if `empty` is nonzero, and writes the message's state
// there. Either array may be null for an empty range. Returns 0, or -1 with nothing changed if a
// range is out of bounds or longer than kCriticalLimit, or the state is not one.
extern "C" __attribute__((visibility("default"))) int32_t carbide_sha_update(
    int64_t functions, uint8_t* state, int32_t state_len, int32_t empty, const uint8_t* pending,
    int32_t pending_array_len, int32_t pending_len, const uint8_t* in, int32_t in_array_len,
    int32_t in_off, int32_t in_len) noexcept {
  return WithState(functions, state, state_len, empty, true,
                   [&](const internal::ShaFunctions& sha, internal::ShaState& local) {
                     const uint8_t* buffered =
                         CheckedInput(pending, pending_array_len, 0, pending_len);
                     const uint8_t* data = CheckedInput(in, in_array_len, in_off, in_len);
                     sha.update(&local, buffered, static_cast<size_t>(pending_len));
                     sha.update(&local, data, static_cast<size_t>(in_len));
                     return 0;
                   });
}

// Absorbs pending[0, pending_len) into the message whose state is in state[0, state_len), or into a
// new message if `empty` is nonzero, and writes the message's digest to out[out_off, + the digest's
// size). The state array is left as it was: Java marks it empty. Returns the digest's size, or -1
// with nothing written if a range is out of bounds or the state is not one.
extern "C" __attribute__((visibility("default"))) int32_t carbide_sha_finish(
    int64_t functions, uint8_t* state, int32_t state_len, int32_t empty, const uint8_t* pending,
    int32_t pending_array_len, int32_t pending_len, uint8_t* out, int32_t out_array_len,
    int32_t out_off) noexcept {
  return WithState(functions, state, state_len, empty, false,
                   [&](const internal::ShaFunctions& sha, internal::ShaState& local) {
                     const uint8_t* buffered =
                         CheckedInput(pending, pending_array_len, 0, pending_len);
                     auto size = static_cast<int32_t>(sha.digest_size);
                     uint8_t* result = CheckedArrayRange(out, out_array_len, out_off, size);
                     sha.update(&local, buffered, static_cast<size_t>(pending_len));
                     sha.final(result, &local);
                     return size;
                   });
}

}  // namespace carbide::jni
