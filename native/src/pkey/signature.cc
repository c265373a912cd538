#include <openssl/params.h>
#include <openssl/rsa.h>

#include <utility>

#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/pkey.h"

namespace carbide {
namespace {

// Verification failures leave entries in OpenSSL's queue; a verdict is not an error, so drop them.
int Verdict(int rc) {
  if (rc != 1) {
    ClearOpensslErrors();
  }
  return rc == 1 ? 1 : rc == 0 ? 0 : -1;
}

PkeyCtxPtr NewKeyContext(EVP_PKEY* key) {
  return PkeyCtxPtr(
      CheckNotNull(EVP_PKEY_CTX_new_from_pkey(LibraryContext(), key, nullptr), "EVP_PKEY_CTX_new"));
}

using SignaturePtr = Owned<EVP_SIGNATURE, EVP_SIGNATURE_free>;

// Marks the message over when a sign or verify returns or throws: the context must restart.
class MessageEnd {
 public:
  explicit MessageEnd(bool& started) : started_(started) {}
  MessageEnd(const MessageEnd&) = delete;
  MessageEnd& operator=(const MessageEnd&) = delete;
  ~MessageEnd() { started_ = false; }

 private:
  bool& started_;
};

// OpenSSL 3.2's parameter names, spelled out so the engine still builds against 3.0's headers.
constexpr char kNonceType[] = "nonce-type";
constexpr char kInstance[] = "instance";
constexpr char kContextString[] = "context-string";
constexpr char kDeterministic[] = "deterministic";

}  // namespace

bool SignatureAcceptsParam(const char* algorithm, const char* param) {
  SignaturePtr signature(EVP_SIGNATURE_fetch(LibraryContext(), algorithm, nullptr));
  if (signature == nullptr) {
    ClearOpensslErrors();
    return false;
  }
  const OSSL_PARAM* settable = EVP_SIGNATURE_settable_ctx_params(signature.get());
  return settable != nullptr && OSSL_PARAM_locate_const(settable, param) != nullptr;
}

DigestSigner::DigestSigner(EVP_PKEY* key, const EVP_MD* md, bool sign, SignatureOptions options)
    : ctx_(CheckNotNull(EVP_MD_CTX_new(), "EVP_MD_CTX_new")),
      key_(RetainKey(key)),
      md_(md),
      sign_(sign),
      max_size_(static_cast<size_t>(EVP_PKEY_get_size(key))),
      options_(std::move(options)) {
  Start();
}

// OpenSSL versions that lack a parameter ignore it (the signature would silently be another), so
// callers check SignatureAcceptsParam first.
void DigestSigner::ApplyOptions(EVP_PKEY_CTX* pctx) {
  unsigned int nonce_type = 1;
  int deterministic = 1;
  OSSL_PARAM params[5];
  size_t count = 0;
  if (options_.deterministic_nonce) {
    params[count++] = OSSL_PARAM_construct_uint(kNonceType, &nonce_type);
  }
  if (!options_.instance.empty()) {
    params[count++] = OSSL_PARAM_construct_utf8_string(kInstance, options_.instance.data(), 0);
  }
  // OpenSSL refuses an empty octet string without data; no context is the empty context.
  if (!options_.context.empty()) {
    params[count++] = OSSL_PARAM_construct_octet_string(kContextString, options_.context.data(),
                                                        options_.context.size());
  }
  if (options_.deterministic_signature) {
    params[count++] = OSSL_PARAM_construct_int(kDeterministic, &deterministic);
  }
  if (options_.rsa_pss) {
    ApplyPss(pctx);
  }
  if (count == 0) {
    return;
  }
  params[count] = OSSL_PARAM_construct_end();
  if (EVP_PKEY_CTX_set_params(pctx, params) != 1) {
    ThrowOpensslError("signature parameters refused", ErrorKind::kInvalidParameter);
  }
}

// The MGF1 digest is set only when it differs from the signature's: OpenSSL sets it by name, which
// costs a fetch per message.
void DigestSigner::ApplyPss(EVP_PKEY_CTX* pctx) {
  if (EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PSS_PADDING) != 1 ||
      EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, options_.pss_salt_length) != 1 ||
      (options_.pss_mgf1 != nullptr && options_.pss_mgf1 != md_ &&
       EVP_PKEY_CTX_set_rsa_mgf1_md(pctx, options_.pss_mgf1) != 1)) {
    ThrowOpensslError("PSS parameters refused", ErrorKind::kInvalidParameter);
  }
}

// A context is never reused across keys without a reset: OpenSSL 3 crashes otherwise.
void DigestSigner::Start() {
  EVP_MD_CTX_reset(ctx_.get());
  started_ = false;
  streamed_ = false;
  EVP_PKEY_CTX* pctx = nullptr;
  int rc = 0;
  if (OSSL_LIB_CTX* context = LibraryContext(); context != nullptr) {
    // FIPS mode: the signature context lives in Carbide's library context too, so not even a
    // fallback fetch can reach the default one. The named form fetches the digest on each start
    // (a cached lookup, well under 1% of a signature), so the default mode keeps the plain form.
    const char* md_name = md_ != nullptr ? EVP_MD_get0_name(md_) : nullptr;
    rc = sign_ ? EVP_DigestSignInit_ex(ctx_.get(), &pctx, md_name, context, nullptr, key_.get(),
                                       nullptr)
               : EVP_DigestVerifyInit_ex(ctx_.get(), &pctx, md_name, context, nullptr, key_.get(),
                                         nullptr);
  } else {
    rc = sign_ ? EVP_DigestSignInit(ctx_.get(), &pctx, md_, nullptr, key_.get())
               : EVP_DigestVerifyInit(ctx_.get(), &pctx, md_, nullptr, key_.get());
  }
  if (rc != 1) {
    ThrowOpensslError("the key cannot be used with this signature", ErrorKind::kInvalidKey);
  }
  ApplyOptions(pctx);
  started_ = true;
}

// A finished message restarts the context only when the next one begins: a signer that TLS makes
// per handshake signs once, and an eager restart would cost it a second EVP_DigestSignInit.
void DigestSigner::EnsureStarted() {
  if (!started_) {
    Start();
  }
}

void DigestSigner::Update(std::span<const uint8_t> data) {
  EnsureStarted();
  int rc = sign_ ? EVP_DigestSignUpdate(ctx_.get(), data.data(), data.size())
                 : EVP_DigestVerifyUpdate(ctx_.get(), data.data(), data.size());
  CheckOpenssl(rc, "EVP_DigestSignUpdate");
  streamed_ = true;
}

// A message that never streamed goes through the one-shot call, which EdDSA requires.
size_t DigestSigner::Sign(std::span<const uint8_t> tail, uint8_t* out) {
  EnsureStarted();
  const MessageEnd end(started_);
  size_t len = max_size_;
  if (streamed_) {
    Update(tail);
    CheckOpenssl(EVP_DigestSignFinal(ctx_.get(), out, &len), "EVP_DigestSignFinal");
  } else {
    CheckOpenssl(EVP_DigestSign(ctx_.get(), out, &len, tail.data(), tail.size()), "EVP_DigestSign");
  }
  return len;
}

int DigestSigner::Verify(std::span<const uint8_t> tail, std::span<const uint8_t> signature) {
  EnsureStarted();
  const MessageEnd end(started_);
  int rc;
  if (streamed_) {
    Update(tail);
    rc = EVP_DigestVerifyFinal(ctx_.get(), signature.data(), signature.size());
  } else {
    rc = EVP_DigestVerify(ctx_.get(), signature.data(), signature.size(), tail.data(), tail.size());
  }
  return Verdict(rc);
}

size_t SignDigest(EVP_PKEY* key, std::span<const uint8_t> digest, uint8_t* out) {
  PkeyCtxPtr ctx = NewKeyContext(key);
  if (EVP_PKEY_sign_init(ctx.get()) != 1) {
    ThrowOpensslError("the key cannot sign", ErrorKind::kInvalidKey);
  }
  size_t len = static_cast<size_t>(EVP_PKEY_get_size(key));
  CheckOpenssl(EVP_PKEY_sign(ctx.get(), out, &len, digest.data(), digest.size()), "EVP_PKEY_sign");
  return len;
}

int VerifyDigest(EVP_PKEY* key, std::span<const uint8_t> digest,
                 std::span<const uint8_t> signature) {
  PkeyCtxPtr ctx = NewKeyContext(key);
  if (EVP_PKEY_verify_init(ctx.get()) != 1) {
    ThrowOpensslError("the key cannot verify", ErrorKind::kInvalidKey);
  }
  return Verdict(
      EVP_PKEY_verify(ctx.get(), signature.data(), signature.size(), digest.data(), digest.size()));
}

SecretBuffer DeriveSecret(EVP_PKEY* key, EVP_PKEY* peer) {
  PkeyCtxPtr ctx = NewKeyContext(key);
  if (EVP_PKEY_derive_init(ctx.get()) != 1) {
    ThrowOpensslError("the key cannot be used for key agreement", ErrorKind::kInvalidKey);
  }
  // Validates the peer: on the curve, not the point at infinity, same group as `key`.
  if (EVP_PKEY_derive_set_peer(ctx.get(), peer) != 1) {
    ThrowOpensslError("invalid peer public key", ErrorKind::kInvalidKey);
  }
  size_t len = 0;
  CheckOpenssl(EVP_PKEY_derive(ctx.get(), nullptr, &len), "EVP_PKEY_derive");
  SecretBuffer secret(len);
  if (EVP_PKEY_derive(ctx.get(), secret.data(), &len) != 1) {
    ThrowOpensslError("key agreement failed", ErrorKind::kInvalidKey);
  }
  secret.Truncate(len);
  return secret;
}

}  // namespace carbide
