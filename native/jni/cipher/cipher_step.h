// One step of a cipher message as both crossings see it: the JNI natives (cipher_jni.cc), which
// copy the key and buffered prefix out of Java arrays first, and the critical FFM downcall
// (cipher_critical.cc), which reads them in the Java heap where they lie. The step holds only
// views, so describing one costs no copy and no large buffer.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

#include "carbide/cipher.h"
#include "carbide/error.h"

namespace carbide::jni {

// The flags of CipherNative.process; keep in step with the Java constants.
inline constexpr int32_t kEncrypt = 1;
inline constexpr int32_t kStart = 2;    // start a message: key (if given) and IV
inline constexpr int32_t kFinish = 4;   // end the message: tag, padding
inline constexpr int32_t kPad = 8;      // PKCS#5 padding for this final step
inline constexpr int32_t kRewind = 16;  // afterwards, return to the chaining state before this call
inline constexpr int32_t kWrap = 32;    // key wrapping: the whole message in this one step

// What one step transforms and how much it may write. The views must outlive it.
class CipherStep {
 public:
  // Checks the lengths and works out the output bound: throws Error(kIllegalArgument) for a
  // negative length or an oversized tag, Error(kBadTag) if a decryption's input cannot hold its
  // tag. `cipher` may be null when not starting with a key; `key` is empty when not rekeying.
  // Always inlined, so that the spans are built in place in each caller: passed by value they go
  // through the stack, and reading them back stalled a TLS record's step measurably.
  [[gnu::always_inline]] CipherStep(const EVP_CIPHER* cipher, int32_t flags,
                                    std::span<const uint8_t> key, std::span<const uint8_t> iv,
                                    std::span<const uint8_t> aad, std::span<const uint8_t> prefix,
                                    int32_t in_len, int32_t tag_len);

  bool Has(int32_t flag) const { return (flags_ & flag) != 0; }
  size_t in_len() const { return in_len_; }
  // The most this step can write: the output must have room for this many bytes.
  size_t max_out() const { return max_out_; }

  // Runs the step over `in` (in_len() bytes) into `out` (room for max_out() bytes) and returns the
  // number of bytes written. `out` may overlap `in` in any way. A decryption that fails its tag
  // or padding cleanses what it wrote.
  size_t Run(CipherContext& context, const uint8_t* in, uint8_t* out) const;

 private:
  const EVP_CIPHER* cipher_;
  int32_t flags_;
  std::span<const uint8_t> key_;
  std::span<const uint8_t> iv_;
  std::span<const uint8_t> aad_;
  std::span<const uint8_t> prefix_;
  size_t in_len_;
  size_t tag_len_;
  size_t tag_in_;    // tag bytes at the end of prefix + input (decrypting)
  size_t data_len_;  // bytes to transform
  size_t max_out_;
};

inline CipherStep::CipherStep(const EVP_CIPHER* cipher, int32_t flags, std::span<const uint8_t> key,
                              std::span<const uint8_t> iv, std::span<const uint8_t> aad,
                              std::span<const uint8_t> prefix, int32_t in_len, int32_t tag_len)
    : cipher_(cipher), flags_(flags), key_(key), iv_(iv), aad_(aad), prefix_(prefix) {
  if (in_len < 0 || tag_len < 0 || tag_len > static_cast<int32_t>(kMaxTagSize)) {
    throw Error(ErrorKind::kIllegalArgument, "length out of range");
  }
  in_len_ = static_cast<size_t>(in_len);
  tag_len_ = static_cast<size_t>(tag_len);
  size_t total = prefix_.size() + in_len_;
  tag_in_ = Has(kFinish) && !Has(kEncrypt) ? tag_len_ : 0;
  if (total < tag_in_) {
    throw Error(ErrorKind::kBadTag, "input too short for the tag");
  }
  data_len_ = total - tag_in_;
  // Padding an encryption fills its last block; unpadding a decryption only shortens it.
  constexpr size_t kBlockSize = 16;  // of the padded modes (AES)
  size_t padding = Has(kPad) && Has(kEncrypt) ? kBlockSize - data_len_ % kBlockSize : 0;
  max_out_ = data_len_ + padding + (Has(kFinish) && Has(kEncrypt) ? tag_len_ : 0);
  if (Has(kWrap)) {
    // Wrapping adds a semiblock to the data padded to semiblocks; unwrapping removes one.
    constexpr size_t kSemiblock = 8;
    max_out_ = Has(kEncrypt) ? (data_len_ + kSemiblock - 1) / kSemiblock * kSemiblock + kSemiblock
                             : data_len_ - std::min(data_len_, kSemiblock);
  }
}

}  // namespace carbide::jni
