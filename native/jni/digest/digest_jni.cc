// Natives of dev.carbide.digest.DigestNative: they find digests and create sessions over them.
// Everything after that (buffered updates, finish, reset, clone) is the shared message session's
// (core/session_natives.cc).
#include <jni.h>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "../core/session.h"
#include "carbide/digest.h"
#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/sha_functions.h"

namespace carbide::jni {
namespace {

using DigestSession = EngineSession<Digest>;
static_assert(kScratchCapacity >= static_cast<jint>(kMaxDigestSize),
              "digests are returned in scratch");

jlong Fetch(JNIEnv* env, jclass, jstring name) {
  return Guard(env, [&] { return ToHandle(FindDigest(JavaString(env, name))); });
}

jint Size(JNIEnv* env, jclass, jlong md) {
  return Guard(env,
               [&] { return static_cast<jint>(Digest::SizeOf(&FromHandle<const EVP_MD>(md))); });
}

// `size` is the output length: the digest's own, or the fixed length a JCA name gives an XOF.
jlong NewSession(JNIEnv* env, jclass, jlong md, jint size) {
  return Guard(env, [&] {
    if (size <= 0) {
      throw Error(ErrorKind::kIllegalArgument, "digest output length must be positive");
    }
    return DigestSession::New(&FromHandle<const EVP_MD>(md), static_cast<size_t>(size));
  });
}

// Snapshots (DigestNative.snapshot): a digest on the SHA shortcut is a plain struct, so clone()
// copies it into a Java array and the clone finishes from there, with no native session of its own
// unless it is updated. The arrays never leave NativeMessageDigest; their length is checked anyway.
constexpr jint kSnapshotSize = sizeof(internal::ShaState);

internal::ShaState ReadSnapshot(JNIEnv* env, jbyteArray snapshot) {
  if (snapshot == nullptr || env->GetArrayLength(snapshot) != kSnapshotSize) {
    throw Error(ErrorKind::kIllegalArgument, "not a digest snapshot");
  }
  internal::ShaState state;
  env->GetByteArrayRegion(snapshot, 0, kSnapshotSize, reinterpret_cast<jbyte*>(state.bytes));
  return state;
}

jlong SnapshotFunctions(JNIEnv* env, jclass, jlong md) {
  return Guard(env,
               [&] { return ToHandle(internal::FindShaFunctions(&FromHandle<const EVP_MD>(md))); });
}

// Absorbs scratch[0, pending_len) into the session's message, then returns the message's state.
// Absorbing them in the session, not in the copy, hashes them once however many clones follow.
jbyteArray Snapshot(JNIEnv* env, jclass, jlong session, jint pending_len) {
  return Guard(env, [&] {
    DigestSession& digest = DigestSession::From(session);
    digest.AbsorbPending(pending_len);
    internal::ShaState state;
    CleanseOnExit wipe{state.bytes, sizeof(state.bytes)};
    digest.engine().Snapshot(&state);
    return NewByteArray(env, state.bytes, sizeof(state.bytes));
  });
}

void Restore(JNIEnv* env, jclass, jlong session, jbyteArray snapshot) {
  Guard(env, [&] {
    internal::ShaState state = ReadSnapshot(env, snapshot);
    CleanseOnExit wipe{state.bytes, sizeof(state.bytes)};
    DigestSession::From(session).engine().Restore(state);
  });
}

// Writes the digest of the snapshot's message to out[off, off + the digest's size).
void FinishSnapshot(JNIEnv* env, jclass, jlong functions, jbyteArray snapshot, jbyteArray out,
                    jint off) {
  Guard(env, [&] {
    const auto& sha = FromHandle<const internal::ShaFunctions>(functions);
    internal::ShaState state = ReadSnapshot(env, snapshot);
    CleanseOnExit wipe{state.bytes, sizeof(state.bytes)};
    if (!sha.valid(state)) {
      throw Error(ErrorKind::kIllegalArgument, "not a digest snapshot");
    }
    uint8_t digest[kMaxDigestSize];
    sha.final(digest, &state);
    CopyToArray(env, digest, static_cast<jint>(sha.digest_size), out, off);
  });
}

// The state of an empty message for the digest whose snapshotFunctions are `functions`, as long as
// its struct: the template from which HeapShaDigest (sha_critical.cc) starts every digest.
jbyteArray InitialState(JNIEnv* env, jclass, jlong functions) {
  return Guard(env, [&] {
    const auto& sha = FromHandle<const internal::ShaFunctions>(functions);
    internal::ShaState state{};
    sha.init(&state);
    // Only the algorithm's own struct: 112 bytes for SHA-256, which every clone() copies.
    return NewByteArray(env, state.bytes, sha.state_size);
  });
}

}  // namespace

bool RegisterDigestNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("fetch", "(Ljava/lang/String;)J", Fetch),
      Method("size", "(J)I", Size),
      Method("newSession", "(JI)J", NewSession),
      Method("snapshotFunctions", "(J)J", SnapshotFunctions),
      Method("snapshot", "(JI)[B", Snapshot),
      Method("restore", "(J[B)V", Restore),
      Method("finishSnapshot", "(J[B[BI)V", FinishSnapshot),
      Method("initialState", "(J)[B", InitialState),
  };
  return RegisterNatives(env, "dev/carbide/digest/DigestNative", methods);
}

}  // namespace carbide::jni
