#include "record_bio.h"

#include <openssl/bio.h>

#include <algorithm>
#include <cstring>
#include <new>

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
  BIO* queue = BIO_new(BIO_s_mem());
  BIO* bio = methods == nullptr ? nullptr : BIO_new(methods);
  auto* state = queue == nullptr || bio == nullptr ? nullptr : new (std::nothrow) RecordBio(queue);
  if (state == nullptr) {
    BIO_free(bio);
    BIO_free(queue);
    throw Error(ErrorKind::kOutOfMemory, "cannot make the engine's network buffers");
  }
  // An empty queue means "wait for more", not end of stream.
  BIO_set_mem_eof_return(queue, -1);
  BIO_set_data(bio, state);
  BIO_set_init(bio, 1);
  *record_bio = state;
  return bio;
}

RecordBio::~RecordBio() { BIO_free(queue_); }

void RecordBio::LendInput(std::span<const uint8_t> records) noexcept {
  input_ = records;
  input_used_ = 0;
}

void RecordBio::ReclaimInput() {
  std::span<const uint8_t> rest = input_.subspan(input_used_);
  input_ = {};
  input_used_ = 0;
  if (!rest.empty() && BIO_write(queue_, rest.data(), static_cast<int>(rest.size())) !=
                           static_cast<int>(rest.size())) {
    ThrowOpensslError("cannot buffer the records", ErrorKind::kOutOfMemory);
  }
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
  if (self->Queued() > 0) {
    return BIO_read_ex(self->queue_, out, length, read);
  }
  size_t n = std::min(length, self->input_.size() - self->input_used_);
  if (n == 0) {
    BIO_set_retry_read(bio);
    *read = 0;
    return 0;
  }
  std::memcpy(out, self->input_.data() + self->input_used_, n);
  self->input_used_ += n;
  *read = n;
  return 1;
}

int RecordBio::Write(BIO* bio, const char* data, size_t length, size_t* written) {
  auto* self = static_cast<RecordBio*>(BIO_get_data(bio));
  BIO_clear_retry_flags(bio);
  if (self->Queued() == 0 && length <= self->output_.size() - self->output_used_) {
    std::memcpy(self->output_.data() + self->output_used_, data, length);
    self->output_used_ += length;
    *written = length;
    return 1;
  }
  // Once something is queued, later records queue behind it, so the caller sees them in order.
  return BIO_write_ex(self->queue_, data, length, written);
}

long RecordBio::Control(BIO* bio, int command, long number, void* pointer) {
  auto* self = static_cast<RecordBio*>(BIO_get_data(bio));
  switch (command) {
    case BIO_CTRL_PENDING:
      return static_cast<long>(self->Queued() + (self->input_.size() - self->input_used_));
    case BIO_CTRL_FLUSH:
      return 1;
    default:
      // Everything else (libssl's questions about kernel TLS, datagrams, and so on) gets the
      // memory BIO's answer, as before.
      return BIO_ctrl(self->queue_, command, number, pointer);
  }
}

int RecordBio::Destroy(BIO* bio) {
  delete static_cast<RecordBio*>(BIO_get_data(bio));
  BIO_set_data(bio, nullptr);
  return 1;
}

}  // namespace carbide::tls
