// Natives of dev.carbide.keys.PkeyNative: the key model shared by every asymmetric family. A key
// crosses as a handle that owns one EVP_PKEY reference; signers and agreements take their own.
#include <jni.h>

#include <memory>
#include <utility>
#include <vector>

#include "../core/families.h"
#include "../core/jni_support.h"
#include "carbide/pkey.h"

namespace carbide::jni {
namespace {

EVP_PKEY* Key(jlong handle) { return &FromHandle<EVP_PKEY>(handle); }

jlong Release(PkeyPtr key) { return ToHandle(key.release()); }

void Free(JNIEnv*, jclass, jlong key) { EVP_PKEY_free(reinterpret_cast<EVP_PKEY*>(key)); }

jlong Retain(JNIEnv* env, jclass, jlong key) {
  return Guard(env, [&] { return Release(RetainKey(Key(key))); });
}

jlong ParsePublic(JNIEnv* env, jclass, jbyteArray der) {
  return Guard(env, [&] {
    SecretBytes copy(env, der);
    return Release(ParsePublicKeyDer(copy.span()));
  });
}

jlong ParsePrivate(JNIEnv* env, jclass, jbyteArray der) {
  return Guard(env, [&] {
    SecretBytes copy(env, der);
    return Release(ParsePrivateKeyDer(copy.span()));
  });
}

jbyteArray EncodePublic(JNIEnv* env, jclass, jlong key) {
  return Guard(env, [&] {
    std::vector<uint8_t> der = EncodePublicKeyDer(Key(key));
    return NewByteArray(env, der.data(), der.size());
  });
}

jbyteArray EncodePrivate(JNIEnv* env, jclass, jlong key) {
  return Guard(env, [&] {
    SecretBuffer der = EncodePrivateKeyDer(Key(key));
    return NewByteArray(env, der.data(), der.size());
  });
}

jlong NewRawKey(JNIEnv* env, jclass, jstring type, jbyteArray bytes, jboolean is_private) {
  return Guard(env, [&] {
    std::string name = JavaString(env, type);
    SecretBytes copy(env, bytes);
    return Release(is_private == JNI_TRUE ? RawPrivateKey(name.c_str(), copy.span())
                                          : RawPublicKey(name.c_str(), copy.span()));
  });
}

jbyteArray RawBytes(JNIEnv* env, jclass, jlong key, jboolean is_private) {
  return Guard(env, [&] {
    if (is_private == JNI_TRUE) {
      SecretBuffer bytes = RawPrivateBytes(Key(key));
      return NewByteArray(env, bytes.data(), bytes.size());
    }
    std::vector<uint8_t> bytes = RawPublicBytes(Key(key));
    return NewByteArray(env, bytes.data(), bytes.size());
  });
}

jstring TypeName(JNIEnv* env, jclass, jlong key) {
  return Guard(env, [&] { return env->NewStringUTF(KeyTypeName(Key(key)).c_str()); });
}

jint Bits(JNIEnv* env, jclass, jlong key) {
  return Guard(env, [&] { return static_cast<jint>(KeyBits(Key(key))); });
}

jlong NewKeyPairGenerator(JNIEnv* env, jclass, jstring algorithm, jstring group) {
  return Guard(env, [&] {
    std::string name = JavaString(env, algorithm);
    std::string curve = group != nullptr ? JavaString(env, group) : "";
    return ToHandle(new KeyPairGenerator(name.c_str(), group != nullptr ? curve.c_str() : nullptr));
  });
}

void FreeKeyPairGenerator(JNIEnv*, jclass, jlong generator) {
  delete reinterpret_cast<KeyPairGenerator*>(generator);
}

jlong Generate(JNIEnv* env, jclass, jlong generator) {
  return Guard(env, [&] { return Release(FromHandle<KeyPairGenerator>(generator).Generate()); });
}

jlong NewSigner(JNIEnv* env, jclass, jlong key, jlong md, jboolean sign) {
  return Guard(env, [&] {
    auto* digest = reinterpret_cast<const EVP_MD*>(static_cast<intptr_t>(md));
    return ToHandle(new DigestSigner(Key(key), digest, sign == JNI_TRUE));
  });
}

// A signer with OpenSSL signature parameters; `instance` and `context` may be null.
jlong NewSignerWith(JNIEnv* env, jclass, jlong key, jlong md, jboolean sign,
                    jboolean deterministic_nonce, jstring instance, jbyteArray context) {
  return Guard(env, [&] {
    auto* digest = reinterpret_cast<const EVP_MD*>(static_cast<intptr_t>(md));
    SignatureOptions options;
    options.deterministic_nonce = deterministic_nonce == JNI_TRUE;
    if (instance != nullptr) {
      options.instance = JavaString(env, instance);
    }
    if (context != nullptr) {
      SecretBytes bytes(env, context);
      options.context.assign(bytes.span().begin(), bytes.span().end());
    }
    return ToHandle(new DigestSigner(Key(key), digest, sign == JNI_TRUE, std::move(options)));
  });
}

jboolean SignatureAccepts(JNIEnv* env, jclass, jstring algorithm, jstring param) {
  return Guard(env, [&] {
    std::string name = JavaString(env, algorithm);
    std::string param_name = JavaString(env, param);
    return SignatureAcceptsParam(name.c_str(), param_name.c_str()) ? JNI_TRUE : JNI_FALSE;
  });
}

void FreeSigner(JNIEnv*, jclass, jlong signer) { delete reinterpret_cast<DigestSigner*>(signer); }

void Update(JNIEnv* env, jclass, jlong signer, jbyteArray in, jint off, jint len) {
  Guard(env, [&] {
    DigestSigner& engine = FromHandle<DigestSigner>(signer);
    ForEachInputChunk(env, in, off, len, [&](const uint8_t* data, size_t size) {
      engine.Update({data, size});
    });
  });
}

// The tail of the message comes with the final call, so a short message costs one crossing; a
// message that was never streamed is signed in one shot, as EdDSA needs.
jbyteArray Sign(JNIEnv* env, jclass, jlong signer, jbyteArray tail, jint off, jint len) {
  return Guard(env, [&] {
    DigestSigner& engine = FromHandle<DigestSigner>(signer);
    SecretBytes message(env, tail, off, len);
    std::vector<uint8_t> out(engine.MaxSignatureSize());
    out.resize(engine.Sign(message.span(), out.data()));
    return NewByteArray(env, out.data(), out.size());
  });
}

jint Verify(JNIEnv* env, jclass, jlong signer, jbyteArray tail, jint off, jint len,
            jbyteArray signature, jint sig_off, jint sig_len) {
  return Guard(env, [&] {
    DigestSigner& engine = FromHandle<DigestSigner>(signer);
    SecretBytes message(env, tail, off, len);
    SecretBytes sig(env, signature, sig_off, sig_len);
    return static_cast<jint>(engine.Verify(message.span(), sig.span()));
  });
}

jbyteArray SignDigestNative(JNIEnv* env, jclass, jlong key, jbyteArray digest, jint off, jint len) {
  return Guard(env, [&] {
    SecretBytes input(env, digest, off, len);
    std::vector<uint8_t> out(static_cast<size_t>(EVP_PKEY_get_size(Key(key))));
    out.resize(SignDigest(Key(key), input.span(), out.data()));
    return NewByteArray(env, out.data(), out.size());
  });
}

jint VerifyDigestNative(JNIEnv* env, jclass, jlong key, jbyteArray digest, jint off, jint len,
                        jbyteArray signature) {
  return Guard(env, [&] {
    SecretBytes input(env, digest, off, len);
    SecretBytes sig(env, signature);
    return static_cast<jint>(VerifyDigest(Key(key), input.span(), sig.span()));
  });
}

jbyteArray Derive(JNIEnv* env, jclass, jlong key, jlong peer) {
  return Guard(env, [&] {
    SecretBuffer secret = DeriveSecret(Key(key), Key(peer));
    return NewByteArray(env, secret.data(), secret.size());
  });
}

}  // namespace

bool RegisterPkeyNatives(JNIEnv* env) {
  const JNINativeMethod methods[] = {
      Method("free", "(J)V", Free),
      Method("retain", "(J)J", Retain),
      Method("parsePublic", "([B)J", ParsePublic),
      Method("parsePrivate", "([B)J", ParsePrivate),
      Method("encodePublic", "(J)[B", EncodePublic),
      Method("encodePrivate", "(J)[B", EncodePrivate),
      Method("newRawKey", "(Ljava/lang/String;[BZ)J", NewRawKey),
      Method("rawBytes", "(JZ)[B", RawBytes),
      Method("typeName", "(J)Ljava/lang/String;", TypeName),
      Method("bits", "(J)I", Bits),
      Method("newKeyPairGenerator", "(Ljava/lang/String;Ljava/lang/String;)J", NewKeyPairGenerator),
      Method("freeKeyPairGenerator", "(J)V", FreeKeyPairGenerator),
      Method("generate", "(J)J", Generate),
      Method("newSigner", "(JJZ)J", NewSigner),
      Method("newSignerWith", "(JJZZLjava/lang/String;[B)J", NewSignerWith),
      Method("signatureAccepts", "(Ljava/lang/String;Ljava/lang/String;)Z", SignatureAccepts),
      Method("freeSigner", "(J)V", FreeSigner),
      Method("update", "(J[BII)V", Update),
      Method("sign", "(J[BII)[B", Sign),
      Method("verify", "(J[BII[BII)I", Verify),
      Method("signDigest", "(J[BII)[B", SignDigestNative),
      Method("verifyDigest", "(J[BII[B)I", VerifyDigestNative),
      Method("derive", "(JJ)[B", Derive),
  };
  return RegisterNatives(env, "dev/carbide/keys/PkeyNative", methods);
}

}  // namespace carbide::jni
