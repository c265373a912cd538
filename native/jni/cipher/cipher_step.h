// One step of a cipher message as both crossings see it: the JNI natives (cipher_jni.cc), which
// copy the key and buffered prefix out of Java arrays first, and the critical FFM downcall
// (cipher_critical.cc), which reads them in the Java heap where they lie. The step holds only
// views, so describing one costs no copy and no large buffer.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "carbide/cipher.h"
#include "carbide/cleanse.h"
#include "carbide/error.h"

namespace carbide::jni {

// The flags of CipherNative.process; keep in step with the Java constants.
inline constexpr int32_t kEncrypt = 1;
inline constexpr int32_t kStart = 2;    // start a message: key (if given) and IV
inline constexpr int32_t kFinish = 4;   // end the message: tag, padding
inline constexpr int32_t kPad = 8;      // PKCS#5 padding for this final step
inline constexpr int32_t kRewind = 16;  // afterwards, return to the chaining state before this call
inline constexpr int32_t kWrap = 32;    // key wrapping: the whole message in this one step
// The output is a fresh Java array that nobody sees unless the step succeeds (the allocating
// Cipher.doFinal): a checked decryption may write there before its check, which cleanses it on
// failure, instead of staging its plaintext. Not for unwrapping, which OpenSSL cleanses past the
// end of what it returns.
inline constexpr int32_t kPrivateOutput = 64;
// A cipher that takes the whole message in one call (CCM, GCM-SIV, XTS; CipherContext::OneShot):
// all of it comes either as the prefix (what Java buffered, with no input beside it) or as the
// input (nothing buffered, so the caller's array or buffer is read where it lies), and the step
// runs it in one piece.
inline constexpr int32_t kOneShot = 128;

// Native memory for input that the output would run into, or for a checked decryption's plaintext
// until its check passes; cleansed however the step ends. Left uninitialised: the step writes it
// before anything reads it.
class CleansedBuffer {
 public:
  explicit CleansedBuffer(size_t size) : bytes_(new uint8_t[size]), size_(size) {}
  ~CleansedBuffer() { Cleanse(bytes_.get(), size_); }
  CleansedBuffer(const CleansedBuffer&) = delete;
  CleansedBuffer& operator=(const CleansedBuffer&) = delete;
  uint8_t* data() const noexcept { return bytes_.get(); }

 private:
  std::unique_ptr<uint8_t[]> bytes_;
  size_t size_;
};

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
  size_t prefix_len() const { return prefix_.size(); }
  std::span<const uint8_t> prefix() const { return prefix_; }
  // The bytes this step transforms (prefix and input, less a decryption's tag).
  size_t data_len() const { return data_len_; }
  // The most this step can write: the output must have room for this many bytes.
  size_t max_out() const { return max_out_; }
  // The room a staged step's private memory needs: max_out(), except that OpenSSL's key unwrap
  // cleanses as many output bytes as it took input when the integrity check fails (wrap128.c),
  // a semiblock more than it can ever return.
  size_t staging_size() const { return Has(kWrap) ? std::max(max_out_, data_len_) : max_out_; }
  // The most prefix or input bytes one Feed may take: a one-shot step takes all of them at once;
  // the others a bounded chunk at a time.
  size_t feed_chunk(size_t chunk) const {
    return Has(kOneShot) ? std::max<size_t>(prefix_.size() + in_len_, 1) : chunk;
  }

  // True for a decryption that checks a tag or a key unwrap's integrity only at its end: its
  // plaintext must stay in private memory until the check passes, unless the output is private
  // already (kPrivateOutput). (A one-shot step of more than a pinning chunk between Java arrays
  // by JNI stages too, whatever its direction: RunBetweenArrays.)
  bool Staged() const {
    return !Has(kEncrypt) && (Has(kWrap) || (tag_in_ != 0 && !Has(kPrivateOutput)));
  }
  // True for a padded decryption's last step, whose padding is checked before it writes
  // (StepRun::CheckPadding), so it can write straight into the caller's memory.
  bool Unpads() const { return !Has(kEncrypt) && Has(kPad) && Has(kFinish); }
  // How many bytes at the end of the data CheckPadding takes: the last two blocks, or one.
  static constexpr size_t kMaxPaddingTail = 32;
  size_t padding_tail() const { return std::min(data_len_, 2 * padded_block_); }

  // Where Run writes.
  enum class Output {
    kPrivate,  // memory nobody else sees (a stack copy, scratch): written straight away
    kCallers,  // the caller's memory: a checked decryption writes only once its check passed
  };

  // Runs the step over `in` (in_len() bytes) into `out` (room for max_out() bytes) and returns the
  // number of bytes written. `out` may overlap `in` in any way. A decryption that fails its tag
  // or padding leaves no plaintext in `out`: with Output::kCallers none was ever there.
  size_t Run(CipherContext& context, const uint8_t* in, uint8_t* out, Output output) const;

  // True for a whole message restarted with a new IV alone (the key schedule kept) and given as
  // the input, with nothing buffered, no AAD and nothing to check or add (no tag, no padding):
  // every message of a CBC, CTR, OFB, CFB or ECB cipher re-initialised with the same key.
  bool WholeRestart() const {
    constexpr int32_t kOther = kPad | kRewind | kWrap | kOneShot;
    return Has(kStart) && Has(kFinish) && (flags_ & kOther) == 0 && cipher_ != nullptr &&
           key_.empty() && aad_.empty() && prefix_.empty() && tag_len_ == 0;
  }

 private:
  friend class StepRun;
  static constexpr size_t kMaxPaddedBlock = kMaxPaddingTail / 2;  // of the padded modes (AES)

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
  size_t padded_block_ = kMaxPaddedBlock;  // the block of a padded step: 16 (AES) or 8 (DESede)
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
  if (Has(kOneShot) && ((in_len_ != 0 && !prefix_.empty()) || !Has(kFinish) || !Has(kStart))) {
    throw Error(ErrorKind::kIllegalArgument,
                "a one-shot step takes the whole message, as prefix or as input");
  }
  tag_in_ = Has(kFinish) && !Has(kEncrypt) ? tag_len_ : 0;
  if (total < tag_in_) {
    throw Error(ErrorKind::kBadTag, "input too short for the tag");
  }
  data_len_ = total - tag_in_;
  // Padding an encryption fills its last block; unpadding a decryption only shortens it. Only a
  // padded step asks the cipher its block size (a call into libcrypto), so a TLS record does not.
  if (Has(kPad) && cipher_ != nullptr) {
    padded_block_ = std::clamp<size_t>(EVP_CIPHER_get_block_size(cipher_), 1, kMaxPaddedBlock);
  }
  size_t padding = Has(kPad) && Has(kEncrypt) ? padded_block_ - data_len_ % padded_block_ : 0;
  max_out_ = data_len_ + padding + (Has(kFinish) && Has(kEncrypt) ? tag_len_ : 0);
  if (Has(kWrap)) {
    // Wrapping adds a semiblock to the data padded to semiblocks; unwrapping removes one.
    constexpr size_t kSemiblock = 8;
    max_out_ = Has(kEncrypt) ? (data_len_ + kSemiblock - 1) / kSemiblock * kSemiblock + kSemiblock
                             : data_len_ - std::min(data_len_, kSemiblock);
  }
}

// One run of a step, fed its data (prefix, then input) in order, in pieces of any size, so that a
// caller can work through Java arrays a bounded chunk at a time. Run is the whole-buffer driver.
class StepRun {
 public:
  // Begins the step: starts the message if asked, remembers the chaining state for kRewind,
  // absorbs the AAD and switches padding on for kPad.
  StepRun(const CipherStep& step, CipherContext& context);
  StepRun(const StepRun&) = delete;
  StepRun& operator=(const StepRun&) = delete;
  ~StepRun();

  // For a step that Unpads(), before any Feed: throws Error(kBadPadding) now if the padding is
  // invalid. `tail` holds the last padding_tail() bytes of the data.
  void CheckPadding(std::span<const uint8_t> tail);

  // Transforms the next `len` bytes of prefix-then-input at `in` into `out` and returns the
  // number of bytes written; the bytes past the data are kept as the tag instead. `out` may equal
  // `in` but must not otherwise overlap it. A one-shot step takes all its bytes in one Feed.
  size_t Feed(const uint8_t* in, size_t len, uint8_t* out);

  // Ends the step after all of its bytes were fed: finishes the message if asked (verifying or
  // appending the tag, checking or adding padding) and rewinds if asked. Returns the bytes
  // written at `out` (at most a block and a tag).
  size_t End(uint8_t* out);

 private:
  // Feed of a one-shot step: all `len` bytes (data and a decryption's tag) in one call.
  size_t FeedOneShot(const uint8_t* in, size_t len, uint8_t* out);

  const CipherStep& step_;
  CipherContext& context_;
  size_t fed_ = 0;
  bool one_shot_done_ = false;
  uint8_t tag_[kMaxTagSize];
  uint8_t saved_iv_[kMaxIvSize];
  size_t saved_iv_len_ = 0;
};

}  // namespace carbide::jni
