#include "cipher_arrays.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>

#include "../core/jni_support.h"
#include "carbide/cleanse.h"
#include "carbide/error.h"

namespace carbide::jni {
namespace {

constexpr size_t kChunk = static_cast<size_t>(kCriticalChunk);

jint At(jint off, size_t done) { return off + static_cast<jint>(done); }

// Copies array[off, + len) into `to` a chunk at a time: each region copy also holds off the
// collector while it runs.
void CopyFromArray(JNIEnv* env, jbyteArray array, jint off, size_t len, uint8_t* to) {
  for (size_t done = 0; done < len; done += kChunk) {
    const size_t n = std::min(len - done, kChunk);
    env->GetByteArrayRegion(array, At(off, done), static_cast<jint>(n),
                            reinterpret_cast<jbyte*>(to + done));
  }
}

// Copies `len` bytes at `from` into array[off, + len) a chunk at a time.
void CopyIntoArray(JNIEnv* env, const uint8_t* from, size_t len, jbyteArray array, jint off) {
  for (size_t done = 0; done < len; done += kChunk) {
    const size_t n = std::min(len - done, kChunk);
    env->SetByteArrayRegion(array, At(off, done), static_cast<jint>(n),
                            reinterpret_cast<const jbyte*>(from + done));
  }
}

// Zeroes array[off, + len) a pinned chunk at a time.
void CleanseArray(JNIEnv* env, jbyteArray array, jint off, size_t len) {
  for (size_t done = 0; done < len; done += kChunk) {
    PinnedArray pinned(env, array, /*commit=*/true);
    Cleanse(pinned.data() + At(off, done), std::min(len - done, kChunk));
  }
}

// The last step.padding_tail() bytes of the data, wherever they lie: prefix, input copy or array.
void ReadPaddingTail(JNIEnv* env, const CipherStep& step, const uint8_t* in_copy, jbyteArray in,
                     jint in_off, uint8_t* tail) {
  const size_t len = step.padding_tail();
  const size_t start = step.data_len() - len;
  size_t i = 0;
  for (; i < len && start + i < step.prefix_len(); ++i) {
    tail[i] = step.prefix()[start + i];
  }
  if (i < len) {
    const size_t from = start + i - step.prefix_len();
    if (in_copy != nullptr) {
      std::memcpy(tail + i, in_copy + from, len - i);
    } else {
      env->GetByteArrayRegion(in, At(in_off, from), static_cast<jint>(len - i),
                              reinterpret_cast<jbyte*>(tail + i));
    }
  }
}

}  // namespace

size_t RunBetweenArrays(JNIEnv* env, const CipherStep& step, CipherContext& context, jbyteArray in,
                        jint in_off, jbyteArray out, jint out_off) {
  const size_t in_len = step.in_len();
  // A one-shot step transforms its whole message in one call, which must not pin a Java array for
  // longer than a bounded chunk: past a chunk its input is copied to native memory first and its
  // output staged there, whichever the direction. Up to a chunk it runs like any other step.
  const bool one_shot_unpinned =
      step.Has(kOneShot) && step.prefix_len() + in_len > static_cast<size_t>(kChunk);
  const bool staged = step.Staged() || one_shot_unpinned;
  // Output that could run into input not yet read needs the input copied first, unless it is
  // exactly in place. A staged step reads all its input before it writes anything.
  const auto in_start = static_cast<size_t>(in_off);
  const auto out_start = static_cast<size_t>(out_off);
  const bool overlap = in_len != 0 && step.max_out() != 0 && env->IsSameObject(in, out) &&
                       in_start < out_start + step.max_out() && out_start < in_start + in_len;
  const bool in_place = in_start == out_start && step.prefix_len() == 0;
  std::optional<CleansedBuffer> in_copy;
  if ((overlap && !in_place && !staged) || (one_shot_unpinned && in_len != 0)) {
    in_copy.emplace(in_len);
    CopyFromArray(env, in, in_off, in_len, in_copy->data());
  }
  std::optional<CleansedBuffer> staging;
  if (staged) {
    staging.emplace(step.staging_size());
  }

  StepRun run(step, context);
  if (step.Unpads()) {
    uint8_t tail[CipherStep::kMaxPaddingTail];
    ReadPaddingTail(env, step, in_copy ? in_copy->data() : nullptr, in, in_off, tail);
    run.CheckPadding({tail, step.padding_tail()});
  }
  size_t written = 0;
  // Feeds `n` bytes from native memory (`from`) or else from in[in_off + from_in, ...), writing to
  // the staging memory or to `out`; only the Java arrays it touches are pinned, for this piece.
  auto feed = [&](const uint8_t* from, size_t from_in, size_t n) {
    if (staged) {
      if (from != nullptr) {
        written += run.Feed(from, n, staging->data() + written);
      } else {
        PinnedArray source(env, in, /*commit=*/false);
        written += run.Feed(source.data() + At(in_off, from_in), n, staging->data() + written);
      }
    } else if (from != nullptr) {
      PinnedArray sink(env, out, /*commit=*/true);
      written += run.Feed(from, n, sink.data() + At(out_off, written));
    } else {
      PinnedInOut pinned(env, in, out);
      written +=
          run.Feed(pinned.in() + At(in_off, from_in), n, pinned.out() + At(out_off, written));
    }
  };
  try {
    const size_t chunk = step.feed_chunk(kChunk);
    for (size_t done = 0; done < step.prefix_len(); done += chunk) {
      feed(step.prefix().data() + done, 0, std::min(step.prefix_len() - done, chunk));
    }
    for (size_t done = 0; done < in_len; done += chunk) {
      const size_t n = std::min(in_len - done, chunk);
      feed(in_copy ? in_copy->data() + done : nullptr, done, n);
    }
    if (staged) {
      written += run.End(staging->data() + written);
      CopyIntoArray(env, staging->data(), written, out, out_off);
      return written;
    }
    PinnedArray sink(env, out, /*commit=*/true);
    return written + run.End(sink.data() + At(out_off, written));
  } catch (const Error&) {
    // Only an unpadding that passed CheckPadding could get here having written plaintext, and it
    // cannot fail later; this keeps the promise even so.
    if (!step.Has(kEncrypt) && !staged) {
      CleanseArray(env, out, out_off, written);
    }
    throw;
  }
}

}  // namespace carbide::jni
