// SHA-1 and SHA-2 digests whose whole state lives in Java arrays (dev.carbide.digest.HeapShaDigest
// and ShaCalls, in the jar's Java 25 part), reached by critical FFM downcalls on Java 22 and later.
// Such a digest owns no native memory: no session to allocate per MessageDigest.getInstance, no
// Cleaner to register and run, and clone() is a copy of a Java array, as in SUN's digests. SunJSSE
// makes a digest per handshake for its transcript, clones it at every point it reads it and
// finishes the clone at once, which with a native session per digest cost several times the JDK's
// (docs/tls.md).
//
// The state is OpenSSL's low-level SHA struct (sha_functions.h), copied from its Java array into an
// aligned local, worked on and copied back: a Java array's bytes may not be aligned as the struct
// needs. Neither copy is cleansed: a digest's input is not secret by contract (digest.h), and the
// same bytes stay in the Java heap, as they do in SUN's digests.
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

// Runs `body(sha, state)` on a copy of the state in state_array[0, state_len), which must be a
// whole valid state of `functions`' struct (DigestNative.initialState makes it that long), and
// writes the state back only if body succeeds, so a failed call changes nothing. Returns body's
// result, or -1 on any failure.
template <typename Body>
int32_t WithState(int64_t functions, uint8_t* state_array, int32_t state_len,
                  Body&& body) noexcept {
  if (functions == 0 || state_array == nullptr) {
    return -1;
  }
  const auto& sha =
      *reinterpret_cast<const internal::ShaFunctions*>(static_cast<intptr_t>(functions));
  if (state_len < 0 || static_cast<size_t>(state_len) != sha.state_size) {
    return -1;
  }
  internal::ShaState state;
  std::memcpy(state.bytes, state_array, sha.state_size);
  if (!sha.valid(state)) {
    return -1;
  }
  try {
    int32_t result = body(sha, state);
    std::memcpy(state_array, state.bytes, sha.state_size);
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

// Absorbs pending[0, pending_len) and then in[in_off, + in_len) into the state in
// state[0, state_len). Either array may be null for an empty range. Returns 0, or -1 with nothing
// changed if a range is out of bounds or longer than kCriticalLimit, or the state is not one.
extern "C" __attribute__((visibility("default"))) int32_t carbide_sha_update(
    int64_t functions, uint8_t* state, int32_t state_len, const uint8_t* pending,
    int32_t pending_array_len, int32_t pending_len, const uint8_t* in, int32_t in_array_len,
    int32_t in_off, int32_t in_len) noexcept {
  return WithState(functions, state, state_len,
                   [&](const internal::ShaFunctions& sha, internal::ShaState& local) {
                     const uint8_t* buffered =
                         CheckedInput(pending, pending_array_len, 0, pending_len);
                     const uint8_t* data = CheckedInput(in, in_array_len, in_off, in_len);
                     sha.update(&local, buffered, static_cast<size_t>(pending_len));
                     sha.update(&local, data, static_cast<size_t>(in_len));
                     return 0;
                   });
}

// Absorbs pending[0, pending_len), writes the digest to out[out_off, + the digest's size) and
// leaves the state holding an empty message. Returns the digest's size, or -1 with nothing changed
// if a range is out of bounds or the state is not one.
extern "C" __attribute__((visibility("default"))) int32_t carbide_sha_finish(
    int64_t functions, uint8_t* state, int32_t state_len, const uint8_t* pending,
    int32_t pending_array_len, int32_t pending_len, uint8_t* out, int32_t out_array_len,
    int32_t out_off) noexcept {
  return WithState(functions, state, state_len,
                   [&](const internal::ShaFunctions& sha, internal::ShaState& local) {
                     const uint8_t* buffered =
                         CheckedInput(pending, pending_array_len, 0, pending_len);
                     auto size = static_cast<int32_t>(sha.digest_size);
                     uint8_t* result = CheckedArrayRange(out, out_array_len, out_off, size);
                     sha.update(&local, buffered, static_cast<size_t>(pending_len));
                     sha.final(result, &local);
                     sha.init(&local);
                     return size;
                   });
}

}  // namespace carbide::jni
