#include "cipher_step.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>

#include "carbide/cleanse.h"
#include "carbide/error.h"

namespace carbide::jni {
namespace {

bool Overlap(const uint8_t* a, size_t a_len, const uint8_t* b, size_t b_len) {
  return a_len != 0 && b_len != 0 && a < b + b_len && b < a + a_len;
}

// Feeds the prefix and then `in` to `run`, writing from `out`; returns the bytes written.
size_t FeedAll(StepRun& run, const CipherStep& step, const uint8_t* in, uint8_t* out) {
  size_t written = run.Feed(step.prefix().data(), step.prefix_len(), out);
  written += run.Feed(in, step.in_len(), out + written);
  return written + run.End(out + written);
}

}  // namespace

StepRun::StepRun(const CipherStep& step, CipherContext& context) : step_(step), context_(context) {
  if (step.Has(kStart)) {
    context.Start(step.cipher_, step.Has(kEncrypt), step.key_.empty() ? nullptr : step.key_.data(),
                  step.key_.size(), step.iv_.empty() ? nullptr : step.iv_.data(), step.iv_.size(),
                  step.tag_len_);
  }
  if (step.Has(kRewind)) {
    saved_iv_len_ = context.RunningIv(saved_iv_);
  }
  // A one-shot cipher takes its AAD with the message (CCM needs the length first).
  if (!step.aad_.empty() && !step.Has(kOneShot)) {
    context.UpdateAad(step.aad_.data(), step.aad_.size());
  }
  if (step.Has(kPad)) {
    context.SetPadding(true);
  }
}

StepRun::~StepRun() { Cleanse(tag_, sizeof(tag_)); }

void StepRun::CheckPadding(std::span<const uint8_t> tail) {
  if (!step_.Unpads() || fed_ != 0 || tail.size() != step_.padding_tail()) {
    throw Error(ErrorKind::kIllegalState, "padding checked out of turn");
  }
  context_.CheckPadding(tail.data(), tail.size());
}

size_t StepRun::Feed(const uint8_t* in, size_t len, uint8_t* out) {
  if (step_.Has(kOneShot)) {
    return len == 0 ? 0 : FeedOneShot(in, len, out);
  }
  // Bytes past the data are the tag, which a decryption's Finish verifies.
  const size_t data = fed_ < step_.data_len_ ? std::min(len, step_.data_len_ - fed_) : 0;
  if (data < len) {
    const size_t tag_at = fed_ + data - step_.data_len_;  // tag bytes already kept
    if (len - data > step_.tag_in_ - tag_at) {
      throw Error(ErrorKind::kIllegalState, "cipher step fed past its end");
    }
    std::memcpy(tag_ + tag_at, in + data, len - data);
  }
  fed_ += len;
  return context_.Update(in, data, out);
}

size_t StepRun::FeedOneShot(const uint8_t* in, size_t len, uint8_t* out) {
  if (one_shot_done_ || len != step_.data_len_ + step_.tag_in_) {
    throw Error(ErrorKind::kIllegalState, "a one-shot step fed in pieces");
  }
  std::memcpy(tag_, in + step_.data_len_, step_.tag_in_);
  fed_ = len;
  one_shot_done_ = true;
  try {
    return context_.OneShot(step_.aad_.data(), step_.aad_.size(), in, step_.data_len_, out, tag_,
                            step_.Has(kEncrypt) ? step_.tag_len_ : step_.tag_in_);
  } catch (const Error&) {
    // GCM-SIV writes its plaintext before it checks the tag: a failed decryption leaves none, even
    // in memory its caller holds privately.
    if (!step_.Has(kEncrypt) && step_.tag_in_ != 0) {
      Cleanse(out, step_.data_len_);
    }
    throw;
  }
}

size_t StepRun::End(uint8_t* out) {
  if (fed_ != step_.data_len_ + step_.tag_in_) {
    throw Error(ErrorKind::kIllegalState, "cipher step fed the wrong length");
  }
  if (step_.Has(kOneShot)) {
    size_t written = 0;
    if (!one_shot_done_) {  // an empty message: nothing was fed, but it still has a tag
      written = FeedOneShot(out, 0, out);
    }
    if (step_.Has(kEncrypt)) {
      std::memcpy(out + written, tag_, step_.tag_len_);
      written += step_.tag_len_;
    }
    return written;
  }
  size_t written = 0;
  if (step_.Has(kFinish)) {
    if (step_.tag_in_ != 0) {
      context_.SetExpectedTag(tag_, step_.tag_in_);
    }
    written = context_.Finish(out);
    if (step_.Has(kEncrypt) && step_.tag_len_ != 0) {
      context_.GetTag(out + written, step_.tag_len_);
      written += step_.tag_len_;
    }
  }
  if (step_.Has(kRewind)) {
    context_.Start(step_.cipher_, step_.Has(kEncrypt), nullptr, 0,
                   saved_iv_len_ == 0 ? nullptr : saved_iv_, saved_iv_len_);
  }
  return written;
}

size_t CipherStep::Run(CipherContext& context, const uint8_t* in, uint8_t* out,
                       Output output) const {
  if (WholeRestart() && (in == out || !Overlap(in, in_len_, out, max_out_))) {
    // Straight to the engine: what StepRun adds (a prefix fed before the input, AAD, tags, padding
    // checks, rewinding, one-shot ciphers) is all absent here, and its generality cost a 64-byte
    // AES-CBC encryption about a tenth of its time (perf, docs/hybrid.md, session 14). The same
    // calls and checks as the general path below, in the same order.
    context.Start(cipher_, Has(kEncrypt), nullptr, 0, iv_.empty() ? nullptr : iv_.data(),
                  iv_.size());
    size_t written = 0;
    try {
      written = context.Update(in, in_len_, out);
      return written + context.Finish(out + written);
    } catch (const Error&) {
      Cleanse(out, written);  // as below: a failed step releases nothing it wrote
      throw;
    }
  }
  StepRun run(*this, context);
  if (output == Output::kCallers && Staged()) {
    // The plaintext waits in native memory until the tag or integrity check passes: on the stack
    // for a TLS record of up to 1 KiB in direct buffers, as JSSE decrypts it, else on the heap.
    constexpr size_t kStackStaging = 1024 + 2 * kMaxTagSize;
    uint8_t small[kStackStaging];
    struct Wipe {
      uint8_t* bytes;
      size_t len;
      ~Wipe() { Cleanse(bytes, len); }
    } wipe{small, std::min(staging_size(), kStackStaging)};
    std::optional<CleansedBuffer> large;
    uint8_t* staged = small;
    if (staging_size() > kStackStaging) {
      large.emplace(staging_size());
      staged = large->data();
    }
    size_t written = FeedAll(run, *this, in, staged);
    std::memcpy(out, staged, written);
    return written;
  }
  if (output == Output::kCallers && Unpads()) {
    uint8_t tail[kMaxPaddingTail];
    const size_t tail_len = padding_tail();
    for (size_t i = 0; i < tail_len; ++i) {
      size_t at = data_len_ - tail_len + i;
      tail[i] = at < prefix_.size() ? prefix_[at] : in[at - prefix_.size()];
    }
    run.CheckPadding({tail, tail_len});
  }
  // The prefix is written before the input is read, so output may not run into unread input
  // except in exact place.
  std::optional<CleansedBuffer> copy;
  if (Overlap(in, in_len_, out, max_out_) && (in != out || !prefix_.empty())) {
    copy.emplace(in_len_);
    std::memcpy(copy->data(), in, in_len_);
    in = copy->data();
  }
  size_t written = 0;
  try {
    written = run.Feed(prefix_.data(), prefix_.size(), out);
    written += run.Feed(in, in_len_, out + written);
    return written + run.End(out + written);
  } catch (const Error&) {
    // Private memory, or a padding check that passed above: a failing decryption releases
    // nothing it wrote.
    Cleanse(out, written);
    throw;
  }
}

}  // namespace carbide::jni
