// libFuzzer target: the bridge's range checks against a reference in 64-bit arithmetic.
// CheckedArrayRange (critical_call.h) guards every array a critical FFM downcall is handed, and
// CipherSession::Scratch every range of scratch memory Java names. Each must accept exactly the
// ranges that lie inside, and hand back the range's start; ASan and UBSan catch any overflow in
// the checks themselves.
#include <cstdint>
#include <cstdlib>

#include "../jni/cipher/cipher_session.h"
#include "../jni/core/critical_call.h"
#include "carbide/error.h"
#include "fuzz_input.h"

namespace {

using carbide::Error;
using carbide::fuzz::FuzzInput;

bool Inside(int64_t array_len, int64_t offset, int64_t len) {
  return array_len >= 0 && offset >= 0 && len >= 0 && offset + len <= array_len;
}

void CheckArrayRange(FuzzInput& in) {
  static uint8_t array[64];
  bool null_array = in.Byte() < 16;
  int32_t array_len = in.Length(64);
  int32_t offset = in.Length(80);
  int32_t len = in.Length(80);
  uint8_t* base = null_array ? nullptr : array;
  bool expected = Inside(array_len, offset, len) && (!null_array || (offset == 0 && len == 0));
  try {
    uint8_t* start = carbide::jni::CheckedArrayRange(base, array_len, offset, len);
    if (!expected || start != (base == nullptr ? nullptr : base + offset)) {
      std::abort();  // accepted a range outside, or returned the wrong start
    }
  } catch (const Error&) {
    if (expected) {
      std::abort();  // refused a range inside
    }
  }
}

void CheckScratchRange(FuzzInput& in) {
  static carbide::jni::CipherSession session;
  int32_t offset = in.Length(300);
  int32_t len = in.Length(300);
  bool expected = Inside(carbide::jni::CipherSession::kInitialScratch, offset, len);
  try {
    uint8_t* start = session.Scratch(offset, len);
    if (!expected) {
      std::abort();
    }
    // Touch the whole range, so that ASan sees any byte outside the allocation.
    for (int32_t i = 0; i < len; ++i) {
      start[i] ^= 1;
    }
  } catch (const Error&) {
    if (expected) {
      std::abort();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzInput in(data, size);
  for (int i = 0; i < 8; ++i) {
    if (in.Bool()) {
      CheckArrayRange(in);
    } else {
      CheckScratchRange(in);
    }
  }
  return 0;
}
