// A cipher step between Java arrays too large to copy through the stack. It never holds a
// critical region (GetPrimitiveArrayCritical) over more than kCriticalChunk bytes of work, so the
// garbage collector waits at most that long, whatever the message size.
#pragma once

#include <jni.h>

#include <cstddef>

#include "carbide/cipher.h"
#include "cipher_step.h"

namespace carbide::jni {

// Runs `step` from in[in_off, + step.in_len()) into out[out_off, + step.max_out()), both ranges
// already checked, and returns the bytes written. The arrays may be the same and overlap in any
// way. A checked decryption (step.Staged()) holds its plaintext in native memory until the tag or
// integrity check passes, and a padded one checks its padding first (step.Unpads()), so no
// plaintext of a failing decryption ever reaches `out`.
size_t RunBetweenArrays(JNIEnv* env, const CipherStep& step, CipherContext& context, jbyteArray in,
                        jint in_off, jbyteArray out, jint out_off);

}  // namespace carbide::jni
