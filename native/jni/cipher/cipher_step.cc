#include "cipher_step.h"

#include <algorithm>
#include <vector>

#include "carbide/cleanse.h"
#include "carbide/error.h"

namespace carbide::jni {
namespace {

// A copy of input that the output would run into; cleansed however the step ends, since it may be
// plaintext.
struct CleansedCopy {
  ~CleansedCopy() { Cleanse(bytes.data(), bytes.size()); }
  std::vector<uint8_t> bytes;
};

bool Overlap(const uint8_t* a, size_t a_len, const uint8_t* b, size_t b_len) {
  return a_len != 0 && b_len != 0 && a < b + b_len && b < a + a_len;
}

}  // namespace

size_t CipherStep::Run(CipherContext& context, const uint8_t* in, uint8_t* out) const {
  const bool encrypt = Has(kEncrypt);
  if (Has(kStart)) {
    context.Start(cipher_, encrypt, key_.empty() ? nullptr : key_.data(), key_.size(),
                  iv_.empty() ? nullptr : iv_.data(), iv_.size());
  }
  uint8_t saved_iv[kMaxIvSize];
  size_t saved_iv_len = Has(kRewind) ? context.RunningIv(saved_iv) : 0;
  if (!aad_.empty()) {
    context.UpdateAad(aad_.data(), aad_.size());
  }
  // The prefix is written before the input is read, so output may not run into unread input
  // except in exact place.
  CleansedCopy copy;
  if (Overlap(in, in_len_, out, max_out_) && (in != out || !prefix_.empty())) {
    copy.bytes.assign(in, in + in_len_);
    in = copy.bytes.data();
  }
  if (Has(kPad)) {
    context.SetPadding(true);
  }
  size_t from_prefix = std::min(prefix_.size(), data_len_);
  size_t written = context.Update(prefix_.data(), from_prefix, out);
  written += context.Update(in, data_len_ - from_prefix, out + written);
  if (Has(kFinish)) {
    if (tag_in_ != 0) {
      uint8_t tag[kMaxTagSize];
      for (size_t i = 0; i < tag_in_; ++i) {
        size_t at = data_len_ + i;
        tag[i] = at < prefix_.size() ? prefix_[at] : in[at - prefix_.size()];
      }
      context.SetExpectedTag(tag, tag_in_);
    }
    try {
      written += context.Finish(out + written);
    } catch (const Error&) {
      // A decryption that fails its tag or padding releases nothing it wrote.
      Cleanse(out, written);
      throw;
    }
    if (encrypt && tag_len_ != 0) {
      context.GetTag(out + written, tag_len_);
      written += tag_len_;
    }
  }
  if (Has(kRewind)) {
    context.Start(cipher_, encrypt, nullptr, 0, saved_iv_len == 0 ? nullptr : saved_iv,
                  saved_iv_len);
  }
  return written;
}

}  // namespace carbide::jni
