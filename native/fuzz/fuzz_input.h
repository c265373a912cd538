// Draws typed values from a libFuzzer input, front to back; past the end every draw is zero, so
// every input, however short, describes a whole case.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace carbide::fuzz {

class FuzzInput {
 public:
  FuzzInput(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  uint8_t Byte() { return at_ < size_ ? data_[at_++] : 0; }

  int32_t Int32() {
    uint32_t value = 0;
    for (int i = 0; i < 4; ++i) {
      value = value << 8 | Byte();
    }
    return static_cast<int32_t>(value);
  }

  // A small length, or now and then any 32-bit value (negative, huge), for the range checks.
  int32_t Length(int32_t small_max) {
    uint8_t kind = Byte();
    if (kind < 200) {
      return static_cast<int32_t>(Int32() & 0x7fffffff) % (small_max + 1);
    }
    if (kind < 230) {
      return Int32();
    }
    return kind < 245 ? INT32_MAX - (Byte() & 15) : -(Byte() & 15);
  }

  bool Bool() { return (Byte() & 1) != 0; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t at_ = 0;
};

}  // namespace carbide::fuzz
