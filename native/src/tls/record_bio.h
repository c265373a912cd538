// The engine's two network BIOs. Each keeps its own queue of bytes, as the engine always had one,
// and can also be lent the caller's own buffer for one call: the inbound BIO then hands libssl the
// caller's record where it lies, and the outbound BIO lets libssl write its record straight into
// the caller's buffer. That removes two of the five 16 KiB copies a record took through memory BIOs
// (docs/tls.md, "The record path alone"). Bytes keep their order: the queue always goes first.
//
// The queue is a plain vector rather than a memory BIO: libssl asks the BIO whether bytes are
// queued on every read and write, and the engine asks again around every record, and each of those
// questions cost a BIO_ctrl dispatch into the memory BIO (docs/tls.md, "The record path again").
#pragma once

#include <openssl/bio.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace carbide::tls {

class RecordBio {
 public:
  // A new BIO whose RecordBio the BIO owns (freed with it); `*record_bio` points to it.
  static BIO* New(RecordBio** record_bio);

  // The queue: records fed by the caller (inbound), or written by libssl and not yet taken.
  size_t Queued() const noexcept { return queue_.size() - head_; }
  // Appends to the queue; throws Error (out of memory) if it cannot grow.
  void Enqueue(std::span<const uint8_t> bytes);
  // Moves up to out.size() queued bytes into `out`, oldest first; returns how many.
  size_t Dequeue(std::span<uint8_t> out) noexcept;

  // Inbound: libssl reads `records` after the queue, until Reclaim. Reclaim queues what libssl
  // did not read (a copy: the caller's buffer is only lent for the call).
  void LendInput(std::span<const uint8_t> records) noexcept;
  void ReclaimInput();

  // Outbound: while the queue is empty, a record libssl writes that fits in `out`'s room goes
  // straight there; anything else goes to the queue. Reclaim returns the bytes written into `out`.
  void LendOutput(std::span<uint8_t> out) noexcept;
  size_t ReclaimOutput() noexcept;

  RecordBio(const RecordBio&) = delete;
  RecordBio& operator=(const RecordBio&) = delete;
  ~RecordBio() = default;

 private:
  RecordBio() = default;

  static const BIO_METHOD* Methods();

  static int Read(BIO* bio, char* out, size_t length, size_t* read);
  static int Write(BIO* bio, const char* data, size_t length, size_t* written);
  static long Control(BIO* bio, int command, long number, void* pointer);
  static int Destroy(BIO* bio);

  // The queued bytes are queue_[head_, size): taking moves head_, and the vector is emptied (its
  // memory kept) once everything is taken, or compacted when the taken front outgrows the rest.
  std::vector<uint8_t> queue_;
  size_t head_ = 0;
  std::span<const uint8_t> input_;
  size_t input_used_ = 0;
  std::span<uint8_t> output_;
  size_t output_used_ = 0;
};

}  // namespace carbide::tls
