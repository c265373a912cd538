// The external key provider's signature operation (carbide/tls_external_key.h): a one-shot
// digest_sign, as libssl signs with EVP_DigestSign, that names the TLS signature scheme of the key
// type, digest and padding and hands the message to the key's ExternalSigner.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/proverr.h>
#include <openssl/rsa.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <span>
#include <vector>

#include "external_key_provider.h"

namespace carbide::tls::external_key {

namespace {

// The TLS signature schemes (RFC 8446, 4.2.3) of each digest, by signature; 0 where TLS has
// none. The names are the ones OpenSSL's digests go by (libssl passes EVP_MD_get0_name).
enum Signing { kEcdsa, kRsaPkcs1, kRsaPssRsae, kRsaPssPss };

struct DigestInfo {
  const char* names[3];
  int size;
  uint16_t schemes[4];  // by Signing
};

constexpr DigestInfo kDigests[] = {
    {{"SHA2-256", "SHA-256", "SHA256"}, 32, {0x0403, 0x0401, 0x0804, 0x0809}},
    {{"SHA2-384", "SHA-384", "SHA384"}, 48, {0x0503, 0x0501, 0x0805, 0x080a}},
    {{"SHA2-512", "SHA-512", "SHA512"}, 64, {0x0603, 0x0601, 0x0806, 0x080b}},
    {{"SHA2-224", "SHA-224", "SHA224"}, 28, {0x0303, 0x0301, 0, 0}},
    {{"SHA1", "SHA-1", "SSL3-SHA1"}, 20, {0x0203, 0x0201, 0, 0}},
};

const DigestInfo* FindDigest(const char* name) {
  for (const DigestInfo& digest : kDigests) {
    for (const char* alias : digest.names) {
      if (OPENSSL_strcasecmp(alias, name) == 0) {
        return &digest;
      }
    }
  }
  return nullptr;
}

struct SignContext {
  ExternalKey* key = nullptr;  // the EVP_PKEY_CTX holds the key while this context lives
  const DigestInfo* digest = nullptr;
  bool pss = false;
};

void* NewSignContext(void* /*provctx*/, const char* /*propq*/) {
  return new (std::nothrow) SignContext();
}

void FreeSignContext(void* context) { delete static_cast<SignContext*>(context); }

uint16_t SchemeOf(const SignContext& context) {
  switch (context.key->kind) {
    case KeyKind::kEd25519:
      return context.digest == nullptr ? 0x0807 : 0;
    case KeyKind::kEd448:
      return context.digest == nullptr ? 0x0808 : 0;
    case KeyKind::kEc:
      return context.digest == nullptr ? 0 : context.digest->schemes[kEcdsa];
    case KeyKind::kRsa:
      return context.digest == nullptr ? 0
             : context.pss             ? context.digest->schemes[kRsaPssRsae]
                                       : context.digest->schemes[kRsaPkcs1];
    case KeyKind::kRsaPss:
      return context.digest == nullptr ? 0 : context.digest->schemes[kRsaPssPss];
  }
  return 0;
}

int Refuse(int reason, const char* message) {
  ERR_raise_data(ERR_LIB_PROV, reason, "%s", message);
  return 0;
}

// RSA's padding (libssl asks for PSS with a salt as long as the digest) and nothing else.
int SetSignParams(void* vcontext, const OSSL_PARAM params[]) {
  auto* context = static_cast<SignContext*>(vcontext);
  if (context == nullptr || context->key == nullptr) {
    return 0;
  }
  bool rsa = context->key->kind == KeyKind::kRsa || context->key->kind == KeyKind::kRsaPss;
  if (const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_PAD_MODE)) {
    int mode = 0;
    const char* name = nullptr;
    if (p->data_type == OSSL_PARAM_UTF8_STRING) {
      if (OSSL_PARAM_get_utf8_string_ptr(p, &name) != 1) {
        return 0;
      }
      mode = OPENSSL_strcasecmp(name, "pss") == 0     ? RSA_PKCS1_PSS_PADDING
             : OPENSSL_strcasecmp(name, "pkcs1") == 0 ? RSA_PKCS1_PADDING
                                                      : 0;
    } else if (OSSL_PARAM_get_int(p, &mode) != 1) {
      return 0;
    }
    if (!rsa || (mode != RSA_PKCS1_PSS_PADDING &&
                 (mode != RSA_PKCS1_PADDING || context->key->kind == KeyKind::kRsaPss))) {
      return Refuse(PROV_R_NOT_SUPPORTED, "padding not supported for this key");
    }
    context->pss = mode == RSA_PKCS1_PSS_PADDING;
  }
  if (const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_PSS_SALTLEN)) {
    // TLS salts with the digest's length; the signer is given no other choice.
    int length = RSA_PSS_SALTLEN_DIGEST;
    const char* name = nullptr;
    if (p->data_type == OSSL_PARAM_UTF8_STRING) {
      if (OSSL_PARAM_get_utf8_string_ptr(p, &name) != 1) {
        return 0;
      }
      length = OPENSSL_strcasecmp(name, "digest") == 0
                   ? RSA_PSS_SALTLEN_DIGEST
                   : static_cast<int>(std::strtol(name, nullptr, 10));
    } else if (OSSL_PARAM_get_int(p, &length) != 1) {
      return 0;
    }
    if (!rsa || (length != RSA_PSS_SALTLEN_DIGEST &&
                 (context->digest == nullptr || length != context->digest->size))) {
      return Refuse(PROV_R_NOT_SUPPORTED, "only a salt as long as the digest is supported");
    }
  }
  return 1;
}

const OSSL_PARAM* SettableSignParams(void* /*context*/, void* /*provctx*/) {
  static const OSSL_PARAM params[] = {
      OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PAD_MODE, nullptr, 0),
      OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PSS_SALTLEN, nullptr, 0), OSSL_PARAM_END};
  return params;
}

// Accepts the digests some TLS scheme pairs with the key (libssl probes each sigalg's digest with
// EVP_PKEY_digestsign_supports_digest); the padding is checked when signing.
int DigestSignInit(void* vcontext, const char* mdname, void* provkey, const OSSL_PARAM params[]) {
  auto* context = static_cast<SignContext*>(vcontext);
  auto* key = provkey != nullptr ? static_cast<ExternalKey*>(provkey)
                                 : (context != nullptr ? context->key : nullptr);
  if (context == nullptr || key == nullptr || key->signer == nullptr) {
    return 0;
  }
  bool eddsa = key->kind == KeyKind::kEd25519 || key->kind == KeyKind::kEd448;
  bool no_digest = mdname == nullptr || mdname[0] == '\0';
  const DigestInfo* digest = no_digest ? nullptr : FindDigest(mdname);
  if (eddsa ? !no_digest : digest == nullptr) {
    return Refuse(PROV_R_INVALID_DIGEST, "no TLS signature scheme signs with this digest");
  }
  context->key = key;
  context->digest = digest;
  context->pss = key->kind == KeyKind::kRsaPss;
  return SetSignParams(context, params);
}

int DigestSign(void* vcontext, unsigned char* signature, size_t* signature_length,
               size_t signature_size, const unsigned char* message, size_t message_length) {
  auto* context = static_cast<SignContext*>(vcontext);
  if (context == nullptr || context->key == nullptr || signature_length == nullptr) {
    return 0;
  }
  int max_size = EVP_PKEY_get_size(context->key->public_key);
  if (max_size <= 0) {
    return 0;
  }
  if (signature == nullptr) {
    *signature_length = static_cast<size_t>(max_size);
    return 1;
  }
  uint16_t scheme = SchemeOf(*context);
  if (scheme == 0) {
    return Refuse(PROV_R_NOT_SUPPORTED, "no TLS signature scheme for this digest and padding");
  }
  try {
    std::vector<uint8_t> signed_bytes =
        context->key->signer->Sign(scheme, std::span<const uint8_t>(message, message_length));
    if (signed_bytes.empty() || signed_bytes.size() > signature_size) {
      return Refuse(PROV_R_FAILED_TO_SIGN, "the external signature has an impossible length");
    }
    std::memcpy(signature, signed_bytes.data(), signed_bytes.size());
    *signature_length = signed_bytes.size();
    return 1;
  } catch (const std::exception& e) {
    return Refuse(PROV_R_FAILED_TO_SIGN, e.what());
  } catch (...) {
    return Refuse(PROV_R_FAILED_TO_SIGN, "the external signer failed");
  }
}

}  // namespace

const OSSL_DISPATCH* SignatureFunctions() {
  static const OSSL_DISPATCH functions[] = {
      {OSSL_FUNC_SIGNATURE_NEWCTX, Function(&NewSignContext)},
      {OSSL_FUNC_SIGNATURE_FREECTX, Function(&FreeSignContext)},
      {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, Function(&DigestSignInit)},
      {OSSL_FUNC_SIGNATURE_DIGEST_SIGN, Function(&DigestSign)},
      {OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, Function(&SetSignParams)},
      {OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, Function(&SettableSignParams)},
      OSSL_DISPATCH_END};
  return functions;
}

}  // namespace carbide::tls::external_key
