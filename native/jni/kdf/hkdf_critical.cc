// HKDF as a critical FFM downcall on Java 22 and later (dev.carbide.kdf.HkdfCalls in the jar's
// Java 25 part). A derivation by JNI copies the IKM, salt and info into native memory and the
// output back, four array regions and the JNI wrapper's thread-state transitions: about 0.1 µs on
// a TLS 1.3 key schedule step whose HMACs take 0.8 µs (docs/hybrid.md, session 19). A critical
// call reads the Java arrays where they lie and writes the output array itself, which is the
// provider's own new array, returned only if this succeeds.
//
// Critical calls must be short and may not call back into Java, hence the size bounds; longer
// derivations go by JNI. There is no session in which to park a failure (an Hkdf is shared by every
// thread), so any failure returns -1 having cleansed the output, and Java derives again by JNI,
// which raises the failure as every other one is raised. HKDF is deterministic: the second try
// fails the same way, or gives the bytes the first should have.
#include <cstdint>
#include <span>

#include "../core/critical_call.h"
#include "carbide/cleanse.h"
#include "carbide/error.h"
#include "carbide/kdf.h"

namespace carbide::jni {
namespace {

// The most IKM, salt and info together, and the most output, one critical call takes; keep in
// step with KdfNative.CRITICAL_INPUT_LIMIT and CRITICAL_OUTPUT_LIMIT. At the limits this is a few
// dozen HMAC blocks: a few microseconds.
constexpr int32_t kInputLimit = 4096;
constexpr int32_t kOutputLimit = 1024;

}  // namespace

// Writes the output of HKDF `mode` (HkdfMode's values) over `hkdf` (an Hkdf handle) on the whole
// of key, salt and info (each may be null when empty) to the whole of out. Returns 0, or -1 with
// out cleansed if a length is negative or past the bounds above, the mode is unknown, or the
// derivation fails.
extern "C" __attribute__((visibility("default"))) int32_t carbide_hkdf_derive(
    int64_t hkdf, int32_t mode, const uint8_t* key, int32_t key_len, const uint8_t* salt,
    int32_t salt_len, const uint8_t* info, int32_t info_len, uint8_t* out,
    int32_t out_len) noexcept {
  if (hkdf == 0 || out == nullptr || out_len <= 0 || out_len > kOutputLimit) {
    return -1;
  }
  std::span<uint8_t> output{out, static_cast<size_t>(out_len)};
  try {
    if (mode < static_cast<int32_t>(HkdfMode::kExtract) ||
        mode > static_cast<int32_t>(HkdfMode::kExtractThenExpand)) {
      throw Error(ErrorKind::kIllegalArgument, "unknown HKDF mode");
    }
    HkdfInput input{CheckedPrefix(key, key_len, key_len), CheckedPrefix(salt, salt_len, salt_len),
                    CheckedPrefix(info, info_len, info_len)};
    if (input.key.size() + input.salt.size() + input.info.size() >
        static_cast<size_t>(kInputLimit)) {
      throw Error(ErrorKind::kIllegalArgument, "derivation too large for a critical call");
    }
    const auto& algorithm = *reinterpret_cast<const Hkdf*>(static_cast<intptr_t>(hkdf));
    algorithm.Derive(static_cast<HkdfMode>(mode), input, output);
    CheckErrorQueueLeftEmpty("carbide_hkdf_derive");
    return 0;
  } catch (...) {
    Cleanse(output.data(), output.size());
    ClearOpensslErrors();
    return -1;
  }
}

}  // namespace carbide::jni
