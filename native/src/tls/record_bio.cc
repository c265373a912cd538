#include "record_bio.h"

#include <openssl/bio.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <span>

#include "carbide/error.h"

namespace carbide::tls {

// One method table for every engine's BIOs, made on first use (a function's static is initialised
// once, safely across threads) and kept for the life of the process, as OpenSSL's own are.
const BIO_METHOD* RecordBio::Methods() {
  static BIO_METHOD* const methods = [] {
    BIO_METHOD* m = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "carbide record");
    if (m != nullptr && (BIO_meth_set_read_ex(m, &RecordBio::Read) != 1 ||
                         BIO_meth_set_write_ex(m, &RecordBio::Write) != 1 ||
                         BIO_meth_set_ctrl(m, &RecordBio::Control) != 1 ||
                         BIO_meth_set_destroy(m, &RecordBio::Destroy) != 1)) {
      BIO_meth_free(m);
      m = nullptr;
    }
    return m;
  }();
  return methods;
}

BIO* RecordBio::New(RecordBio** record_bio) {
  const BIO_METHOD* methods = Methods();
  BIO* bio = methods == nullptr ? nullptr : BIO_new(methods);
  auto* state = bio == nullptr ? nullptr : new (std::nothrow) RecordBio();
  if (state == nullptr) {
    BIO_free(bio);
    throw Error(ErrorKind::kOutOfMemory, "cannot make the engine's network buffers");
  }
  BIO_set_data(bio, state);
  BIO_set_init(bio, 1);
  *record_bio = state;
  return bio;
}

void RecordBio::Enqueue(std::span<const uint8_t> bytes) {
  if (bytes.empty()) {
    return;
  }
  if (head_ > 0 && head_ >= queue_.size() - head_) {
    // More taken than left: move the rest to the front rather than grow behind taken bytes.
    queue_.erase(queue_.begin(), queue_.begin() + static_cast<std::ptrdiff_t>(head_));
    head_ = 0;
  }
  try {
    queue_.insert(queue_.end(), bytes.begin(), bytes.end());
  } catch (const std::bad_alloc&) {
    throw Error(ErrorKind::kOutOfMemory, "cannot buffer the records");
  }
}

size_t RecordBio::Dequeue(std::span<uint8_t> out) noexcept {
  size_t n = std::min(out.size(), Queued());
  if (n == 0) {
    return 0;
  }
  std::memcpy(out.data(), queue_.data() + head_, n);
  head_ += n;
  if (head_ == queue_.size()) {
    queue_.clear();  // keeps the memory for the next record
    head_ = 0;
  }
  return n;
}

void RecordBio::LendInput(std::span<const uint8_t> records) noexcept {
  input_ = records;
  input_used_ = 0;
}

void RecordBio::ReclaimInput() {
  std::span<const uint8_t> rest = input_.subspan(input_used_);
  input_ = {};
  input_used_ = 0;
  Enqueue(rest);
}

void RecordBio::LendOutput(std::span<uint8_t> out) noexcept {
  output_ = out;
  output_used_ = 0;
}

size_t RecordBio::ReclaimOutput() noexcept {
  size_t used = output_used_;
  output_ = {};
  output_used_ = 0;
  return used;
}

int RecordBio::Read(BIO* bio, char* out, size_t length, size_t* read) {
  auto* self = static_cast<RecordBio*>(BIO_get_data(bio));
  BIO_clear_retry_flags(bio);
  auto* to = reinterpret_cast<uint8_t*>(out);
  size_t n = self->Queued() > 0 ? self->Dequeue({to, length}) : 0;
  if (n == 0) {
    n = std::min(length, self->input_.size() - self->input_used_);
    if (n == 0) {
      // Nothing fed yet: "wait for more", not end of stream.
      BIO_set_retry_read(bio);
      *read = 0;
      return 0;
    }
    std::memcpy(to, self->input_.data() + self->input_used_, n);
    self->input_used_ += n;
  }
  *read = n;
  return 1;
}

int RecordBio::Write(BIO* bio, const char* data, size_t length, size_t* written) {
  auto* self = static_cast<RecordBio*>(BIO_get_data(bio));
  BIO_clear_retry_flags(bio);
  const auto* from = reinterpret_cast<const uint8_t*>(data);
  if (self->Queued() == 0 && length <= self->output_.size() - self->output_used_) {
    std::memcpy(self->output_.data() + self->output_used_, from, length);
    self->output_used_ += length;
  } else {
    // Once something is queued, later records queue behind it, so the caller sees them in order.
    try {
      self->Enqueue({from, length});
    } catch (...) {
      *written = 0;
      return 0;  // out of memory: libssl fails the write; nothing may cross its frames
    }
  }
  *written = length;
  return 1;
}

long RecordBio::Control(BIO* bio, int command, long number, void* /*pointer*/) {
  auto* self = static_cast<RecordBio*>(BIO_get_data(bio));
  size_t lent = self->input_.size() - self->input_used_;
  switch (command) {
    case BIO_CTRL_PENDING:
      return static_cast<long>(self->Queued() + lent);
    case BIO_CTRL_EOF:
      return self->Queued() == 0 && lent == 0 ? 1 : 0;  // as a memory BIO answers
    case BIO_CTRL_FLUSH:
    case BIO_CTRL_DUP:
      return 1;
    case BIO_CTRL_GET_CLOSE:
      return BIO_get_shutdown(bio);
    case BIO_CTRL_SET_CLOSE:
      BIO_set_shutdown(bio, static_cast<int>(number));
      return 1;
    default:
      // Everything else (libssl's questions about kernel TLS, datagrams, write buffering) gets 0,
      // a memory BIO's answer too.
      return 0;
  }
}

int RecordBio::Destroy(BIO* bio) {
  delete static_cast<RecordBio*>(BIO_get_data(bio));
  BIO_set_data(bio, nullptr);
  return 1;
}

}  // namespace carbide::tls
