// Natives of dev.carbide.rsa.RsaNative: RSA keys from and into the components of RSAKey, key
// generation, signers with PSS options (freed through PkeyNative.freeSigner), and RSA encryption.
// Keys are handles of the shared key model (PkeyNative).
#include <jni.h>

#include <memory>
#include <vector>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "carbide/rsa.h"

namespace carbide::jni {
namespace {

EVP_PKEY* Key(jlong handle) { return &FromHandle<EVP_PKEY>(handle); }

const EVP_MD* Digest(jlong md) {
  return reinterpret_cast<const EVP_MD*>(static_cast<intptr_t>(md));
}

// A PSS restriction from its Java form: a null digest means none.
std::unique_ptr<RsaPssRestriction> Restriction(JNIEnv* env, jstring digest, jstring mgf1_digest,
                                               jint salt_length) {
  if (digest == nullptr) {
    return nullptr;
  }
  auto restriction = std::make_unique<RsaPssRestriction>();
  restriction->digest = JavaString(env, digest);
  restriction->mgf1_digest = JavaString(env, mgf1_digest);
  restriction->salt_length = salt_length;
  return restriction;
}

jlong FromComponents(JNIEnv* env, jclass, jboolean pss, jobjectArray parts, jstring digest,
                     jstring mgf1_digest, jint salt_length) {
  return Guard(env, [&] {
    std::unique_ptr<RsaPssRestriction> restriction =
        Restriction(env, digest, mgf1_digest, salt_length);
    if (parts == nullptr) {
      throw Error(ErrorKind::kInvalidKey, "no RSA components");
    }
    jsize count = env->GetArrayLength(parts);
    if (count > static_cast<jsize>(kRsaMaxParts)) {
      throw Error(ErrorKind::kInvalidKey, "too many primes for an RSA key");
    }
    std::vector<std::unique_ptr<SecretBytes>> copies;
    std::vector<std::span<const uint8_t>> spans;
    for (jsize i = 0; i < count; ++i) {
      auto part = static_cast<jbyteArray>(env->GetObjectArrayElement(parts, i));
      if (env->ExceptionCheck()) {
        throw JavaExceptionPending{};
      }
      copies.push_back(std::make_unique<SecretBytes>(env, part));
      env->DeleteLocalRef(part);
      spans.push_back(copies.back()->span());
    }
    return ToHandle(RsaKeyFromComponents(pss == JNI_TRUE, spans, restriction.get()).release());
  });
}

jbyteArray Component(JNIEnv* env, jclass, jlong key, jint part) {
  return Guard(env, [&] {
    SecretBuffer bytes = RsaComponent(Key(key), part);
    return NewByteArray(env, bytes.data(), bytes.size());
  });
}

jboolean HasCrt(JNIEnv* env, jclass, jlong key) {
  return Guard(env, [&] { return RsaHasCrt(Key(key)) ? JNI_TRUE : JNI_FALSE; });
}

jint PrimeCount(JNIEnv* env, jclass, jlong key) {
  return Guard(env, [&] { return static_cast<jint>(RsaPrimeCount(Key(key))); });
}

jlong NewKeyGenerator(JNIEnv* env, jclass, jboolean pss, jint bits, jbyteArray exponent,
                      jint primes, jstring digest, jstring mgf1_digest, jint salt_length) {
  return Guard(env, [&] {
    std::unique_ptr<RsaPssRestriction> restriction =
        Restriction(env, digest, mgf1_digest, salt_length);
    if (bits <= 0 || primes < 2) {
      throw Error(ErrorKind::kInvalidParameter, "RSA key size or prime count out of range");
    }
    SecretBytes e(env, exponent);
    return ToHandle(new RsaKeyGenerator(pss == JNI_TRUE, static_cast<unsigned>(bits), e.span(),
                                        static_cast<unsigned>(primes), restriction.get()));
  });
}

void FreeKeyGenerator(JNIEnv*, jclass, jlong generator) {
  delete reinterpret_cast<RsaKeyGenerator*>(generator);
}

jlong Generate(JNIEnv* env, jclass, jlong generator) {
  return Guard(
      env, [&] { return ToHandle(FromHandle<RsaKeyGenerator>(generator).Generate().release()); });
}

// A DigestSigner (PkeyNative's sign, verify, update and freeSigner apply), PKCS #1 v1.5 or PSS.
jlong NewSigner(JNIEnv* env, jclass, jlong key, jlong md, jboolean sign, jboolean pss, jlong mgf1,
                jint salt_length) {
  return Guard(env, [&] {
    if (salt_length < 0) {
      throw Error(ErrorKind::kInvalidParameter, "negative PSS salt length");
    }
    SignatureOptions options;
    options.rsa_pss = pss == JNI_TRUE;
    options.pss_salt_length = salt_length;
    options.pss_mgf1 = Digest(mgf1);
    return ToHandle(new DigestSigner(Key(key), Digest(md), sign == JNI_TRUE, std::move(options)));
  });
}

jlong NewCipher(JNIEnv* env, jclass, jlong key, jint operation, jint padding, jlong oaep_md,
                jlong mgf1_md, jbyteArray label, jboolean implicit_rejection) {
  return Guard(env, [&] {
    if (padding < 0 || padding > static_cast<jint>(RsaPadding::kOaep)) {
      throw Error(ErrorKind::kInvalidParameter, "unknown RSA padding");
    }
    if (operation < 0 || operation > static_cast<jint>(RsaOperation::kVerifyRecover)) {
      throw Error(ErrorKind::kIllegalArgument, "unknown RSA operation");
    }
    SecretBytes label_copy(env, label);
    return ToHandle(new RsaCipher(
        Key(key), static_cast<RsaOperation>(operation), static_cast<RsaPadding>(padding),
        Digest(oaep_md), Digest(mgf1_md), label_copy.span(),
        implicit_rejection == JNI_TRUE ? RsaRejection::kImplicit : RsaRejection::kThrow));
  });
}

void FreeCipher(JNIEnv*, jclass, jlong cipher) { delete reinterpret_cast<RsaCipher*>(cipher); }

// The output may be plaintext, so the native copy is cleansed.
jbyteArray Run(JNIEnv* env, jclass, jlong cipher, jbyteArray in, jint off, jint len) {
  return Guard(env, [&] {
    RsaCipher& engine = FromHandle<RsaCipher>(cipher);
    SecretBytes input(env, in, off, len);
    SecretBuffer out(engine.ModulusBytes());
    out.Truncate(engine.Run(input.span(), out.data()));
    return NewByteArray(env, out.data(), out.size());
  });
}

}  // namespace

bool RegisterRsaNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("fromComponents", "(Z[[BLjava/lang/String;Ljava/lang/String;I)J", FromComponents),
      Method("component", "(JI)[B", Component),
      Method("hasCrt", "(J)Z", HasCrt),
      Method("primeCount", "(J)I", PrimeCount),
      Method("newKeyGenerator", "(ZI[BILjava/lang/String;Ljava/lang/String;I)J", NewKeyGenerator),
      Method("freeKeyGenerator", "(J)V", FreeKeyGenerator),
      Method("generate", "(J)J", Generate),
      Method("newSigner", "(JJZZJI)J", NewSigner),
      Method("newCipher", "(JIIJJ[BZ)J", NewCipher),
      Method("freeCipher", "(J)V", FreeCipher),
      Method("run", "(J[BII)[B", Run),
  };
  return RegisterNatives(env, "dev/carbide/rsa/RsaNative", methods);
}

}  // namespace carbide::jni
