// libFuzzer target: the bridge's range checks against a reference in 64-bit arithmetic.
// CheckedArrayRange (critical_call.h) guards every array a critical FFM downcall is handed,
// CheckArrayRange and DirectBufferRange (jni_support.h) every array and direct buffer a JNI native
// is handed, and CipherSession::Scratch every range of scratch memory Java names. Each must accept
// exactly the ranges that lie inside, and hand back the range's start; ASan and UBSan catch any
// overflow in the checks themselves. The JNI checks run against a stand-in JNIEnv whose arrays
// and buffers have the lengths the input draws.
#include <cstdint>
#include <cstdlib>

#include "../jni/cipher/cipher_session.h"
#include "../jni/core/critical_call.h"
#include "../jni/core/jni_support.h"
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

// A stand-in JNIEnv: every array has length g_array_length, every direct buffer is g_buffer.
jint g_array_length = 0;
uint8_t g_buffer[64];
jlong g_buffer_capacity = 0;

JNIEnv* FakeEnv() {
  static JNINativeInterface_ table = [] {
    JNINativeInterface_ functions{};
    functions.GetArrayLength = [](JNIEnv*, jarray) { return g_array_length; };
    functions.GetDirectBufferAddress = [](JNIEnv*, jobject) -> void* { return g_buffer; };
    functions.GetDirectBufferCapacity = [](JNIEnv*, jobject) { return g_buffer_capacity; };
    return functions;
  }();
  static JNIEnv env{&table};
  return &env;
}

void CheckJniRanges(FuzzInput& in) {
  // Any non-null handle: the stand-in never dereferences it.
  auto* handle = reinterpret_cast<jarray>(&g_array_length);
  g_array_length = in.Length(64);
  if (g_array_length < 0) {
    g_array_length = 0;  // the JVM never reports a negative length
  }
  int32_t offset = in.Length(80);
  int32_t len = in.Length(80);
  try {
    carbide::jni::CheckArrayRange(FakeEnv(), handle, offset, len);
    if (!Inside(g_array_length, offset, len)) {
      std::abort();
    }
  } catch (const Error&) {
    if (Inside(g_array_length, offset, len)) {
      std::abort();
    }
  }
  g_buffer_capacity = in.Length(sizeof(g_buffer));
  if (g_buffer_capacity > static_cast<jlong>(sizeof(g_buffer))) {
    g_buffer_capacity = sizeof(g_buffer);  // a buffer never claims more than it holds
  }
  bool expected = Inside(g_buffer_capacity, offset, len);
  try {
    uint8_t* start = carbide::jni::DirectBufferRange(FakeEnv(), handle, offset, len);
    if (!expected || start != g_buffer + offset) {
      std::abort();
    }
    for (int32_t i = 0; i < len; ++i) {
      start[i] ^= 1;
    }
  } catch (const Error&) {
    if (expected) {
      std::abort();
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
    switch (in.Byte() % 3) {
      case 0:
        CheckArrayRange(in);
        break;
      case 1:
        CheckJniRanges(in);
        break;
      default:
        CheckScratchRange(in);
    }
  }
  return 0;
}
