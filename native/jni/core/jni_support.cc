#include "jni_support.h"

#include <cstdio>
#include <cstdlib>

namespace carbide::jni {
namespace {

thread_local int pinned_count = 0;

struct ExceptionClass {
  ErrorKind kind;
  const char* name;
  jclass global = nullptr;
};

ExceptionClass exception_classes[] = {
    {ErrorKind::kProvider, "java/security/ProviderException"},
    {ErrorKind::kInvalidKey, "java/security/InvalidKeyException"},
    {ErrorKind::kInvalidParameter, "java/security/InvalidAlgorithmParameterException"},
    {ErrorKind::kIllegalArgument, "java/lang/IllegalArgumentException"},
    {ErrorKind::kIllegalState, "java/lang/IllegalStateException"},
    {ErrorKind::kIndexOutOfBounds, "java/lang/ArrayIndexOutOfBoundsException"},
    {ErrorKind::kShortBuffer, "javax/crypto/ShortBufferException"},
    {ErrorKind::kBadPadding, "javax/crypto/BadPaddingException"},
    {ErrorKind::kBadTag, "javax/crypto/AEADBadTagException"},
    {ErrorKind::kIllegalBlockSize, "javax/crypto/IllegalBlockSizeException"},
    {ErrorKind::kOutOfMemory, "java/lang/OutOfMemoryError"},
};

jclass null_pointer_class = nullptr;

size_t ArrayLength(JNIEnv* env, jarray array) {
  AssertNothingPinned();
  return static_cast<size_t>(env->GetArrayLength(array));
}

}  // namespace

jclass GlobalClass(JNIEnv* env, const char* name) {
  jclass local = env->FindClass(name);
  if (local == nullptr) {
    return nullptr;
  }
  auto global = static_cast<jclass>(env->NewGlobalRef(local));
  env->DeleteLocalRef(local);
  return global;
}

void AssertNothingPinned() noexcept {
  if (pinned_count != 0) {
    std::fputs("carbide: JNI call while a Java array is pinned\n", stderr);
    std::abort();
  }
}

bool InitExceptionClasses(JNIEnv* env) {
  for (auto& entry : exception_classes) {
    entry.global = GlobalClass(env, entry.name);
    if (entry.global == nullptr) {
      return false;
    }
  }
  null_pointer_class = GlobalClass(env, "java/lang/NullPointerException");
  return null_pointer_class != nullptr;
}

void ThrowJava(JNIEnv* env, ErrorKind kind, const char* message) {
  AssertNothingPinned();
  if (env->ExceptionCheck()) {
    return;  // The first exception explains the failure best.
  }
  for (const auto& entry : exception_classes) {
    if (entry.kind == kind) {
      env->ThrowNew(entry.global, message);
      return;
    }
  }
  env->ThrowNew(exception_classes[0].global, message);
}

void ThrowNullPointer(JNIEnv* env, const char* message) {
  AssertNothingPinned();
  env->ThrowNew(null_pointer_class, message);
}

std::string JavaString(JNIEnv* env, jstring value) {
  AssertNothingPinned();
  if (value == nullptr) {
    ThrowNullPointer(env, "name is null");
    throw JavaExceptionPending{};
  }
  const char* chars = env->GetStringUTFChars(value, nullptr);
  if (chars == nullptr) {
    throw JavaExceptionPending{};
  }
  std::string result(chars);
  env->ReleaseStringUTFChars(value, chars);
  return result;
}

void CheckArrayRange(JNIEnv* env, jarray array, jint off, jint len) {
  AssertNothingPinned();
  if (array == nullptr) {
    ThrowNullPointer(env, "array is null");
    throw JavaExceptionPending{};
  }
  jint length = env->GetArrayLength(array);
  // Written so that no sum can overflow.
  if (off < 0 || len < 0 || off > length || len > length - off) {
    std::string message = "range [" + std::to_string(off) + ", " + std::to_string(off) + " + " +
                          std::to_string(len) + ") out of bounds for length " +
                          std::to_string(length);
    throw Error(ErrorKind::kIndexOutOfBounds, message);
  }
}

PinnedArray::PinnedArray(JNIEnv* env, jarray array, bool commit)
    : env_(env), array_(array), data_(nullptr), commit_(commit) {
  AssertNothingPinned();
  data_ = static_cast<uint8_t*>(env->GetPrimitiveArrayCritical(array, nullptr));
  if (data_ == nullptr) {
    throw JavaExceptionPending{};  // OutOfMemoryError is pending.
  }
  ++pinned_count;
}

PinnedArray::~PinnedArray() {
  --pinned_count;
  env_->ReleasePrimitiveArrayCritical(array_, data_, commit_ ? 0 : JNI_ABORT);
}

PinnedInOut::PinnedInOut(JNIEnv* env, jbyteArray in, jbyteArray out)
    : env_(env),
      in_array_(in),
      same_(env->IsSameObject(in, out) == JNI_TRUE),
      out_(env, out, /*commit=*/true),
      in_(out_.data()) {
  if (!same_) {
    in_ = static_cast<uint8_t*>(env->GetPrimitiveArrayCritical(in, nullptr));
    if (in_ == nullptr) {
      throw JavaExceptionPending{};  // OutOfMemoryError is pending; out_ is released.
    }
  }
}

PinnedInOut::~PinnedInOut() {
  if (!same_) {
    env_->ReleasePrimitiveArrayCritical(in_array_, in_, JNI_ABORT);
  }
}

SecretBytes::SecretBytes(size_t size) : data_(inline_), size_(size) {
  if (size > sizeof(inline_)) {
    heap_ = std::make_unique<uint8_t[]>(size);
    data_ = heap_.get();
  }
}

SecretBytes::SecretBytes(JNIEnv* env, jbyteArray array)
    : SecretBytes(array != nullptr ? ArrayLength(env, array) : 0) {
  if (size_ != 0) {
    env->GetByteArrayRegion(array, 0, static_cast<jsize>(size_), reinterpret_cast<jbyte*>(data_));
  }
}

SecretBytes::SecretBytes(JNIEnv* env, jbyteArray array, jint off, jint len)
    : SecretBytes((CheckArrayRange(env, array, off, len), static_cast<size_t>(len))) {
  env->GetByteArrayRegion(array, off, len, reinterpret_cast<jbyte*>(data_));
}

SecretBytes::~SecretBytes() { Cleanse(data_, size_); }

void CopyToArray(JNIEnv* env, const uint8_t* data, jint len, jbyteArray array, jint off) {
  CheckArrayRange(env, array, off, len);
  env->SetByteArrayRegion(array, off, len, reinterpret_cast<const jbyte*>(data));
}

jbyteArray NewByteArray(JNIEnv* env, const uint8_t* data, size_t len) {
  AssertNothingPinned();
  jbyteArray array = env->NewByteArray(static_cast<jsize>(len));
  if (array == nullptr) {
    throw JavaExceptionPending{};
  }
  env->SetByteArrayRegion(array, 0, static_cast<jsize>(len), reinterpret_cast<const jbyte*>(data));
  return array;
}

uint8_t* DirectBufferRange(JNIEnv* env, jobject buffer, jint position, jint len) {
  AssertNothingPinned();
  if (buffer == nullptr) {
    ThrowNullPointer(env, "buffer is null");
    throw JavaExceptionPending{};
  }
  auto* base = static_cast<uint8_t*>(env->GetDirectBufferAddress(buffer));
  jlong capacity = env->GetDirectBufferCapacity(buffer);
  if (base == nullptr || capacity < 0) {
    throw Error(ErrorKind::kIllegalArgument, "not a direct buffer");
  }
  if (position < 0 || len < 0 || position > capacity || len > capacity - position) {
    throw Error(ErrorKind::kIndexOutOfBounds, "range outside the direct buffer");
  }
  return base + position;
}

bool RegisterNatives(JNIEnv* env, const char* class_name, const JNINativeMethod* methods,
                     size_t count) {
  jclass cls = env->FindClass(class_name);
  if (cls == nullptr) {
    return false;
  }
  bool ok = env->RegisterNatives(cls, methods, static_cast<jint>(count)) == JNI_OK;
  env->DeleteLocalRef(cls);
  return ok;
}

}  // namespace carbide::jni
