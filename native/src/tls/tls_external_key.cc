// The "carbide-external-key" provider (carbide/tls_external_key.h): key management for EC, RSA,
// RSA-PSS, Ed25519 and Ed448 keys whose data is a certificate's public key and an ExternalSigner,
// and one signature operation (tls_external_signature.cc), a one-shot digest_sign that hands the
// message and its TLS signature scheme to the signer.
//
// How libssl reaches it: EVP_DigestSignInit_ex on such a key asks the key's key manager which
// signature it uses (query_operation_name: a name only this provider serves), fails to fetch that
// from the SSL_CTX's library context, and then fetches it from the key's own provider. The key
// managers carry the default provider's names for the key types, so EVP_PKEY_is_a(key, "EC") holds
// and libssl files the key under the certificate type it expects.
#include "carbide/tls_external_key.h"

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <new>

#include "carbide/error.h"
#include "external_key_provider.h"

namespace carbide::tls {

namespace {

using external_key::ExternalKey;
using external_key::Function;
using external_key::KeyKind;
using external_key::kProperties;
using external_key::kSignatureName;
using external_key::SignatureFunctions;

constexpr const char* kProviderName = "carbide-external-key";
// The import parameter through which NewExternalKey hands over the public key and the signer: the
// address of a KeySource, valid during the import only.
constexpr const char* kSourceParam = "carbide-external-key-source";

struct KindInfo {
  KeyKind kind;
  const char* type;   // the name the certificate's key answers EVP_PKEY_is_a to
  const char* names;  // the key manager's names: the default provider's, so libssl knows the type
};

constexpr KindInfo kKinds[] = {
    {KeyKind::kEc, "EC", "EC:id-ecPublicKey:1.2.840.10045.2.1"},
    {KeyKind::kRsa, "RSA", "RSA:rsaEncryption:1.2.840.113549.1.1.1"},
    {KeyKind::kRsaPss, "RSA-PSS", "RSA-PSS:RSASSA-PSS:1.2.840.113549.1.1.10"},
    {KeyKind::kEd25519, "ED25519", "ED25519:1.3.101.112"},
    {KeyKind::kEd448, "ED448", "ED448:1.3.101.113"},
};

// What NewExternalKey passes to the import.
struct KeySource {
  EVP_PKEY* public_key;
  const std::shared_ptr<ExternalSigner>* signer;
};

const KindInfo& InfoOf(KeyKind kind) {
  for (const KindInfo& info : kKinds) {
    if (info.kind == kind) {
      return info;
    }
  }
  return kKinds[0];  // unreachable: every kind has a row
}

// --- Key management -------------------------------------------------------------------------

template <KeyKind kind>
void* NewKey(void* /*provctx*/) {
  return new (std::nothrow) ExternalKey(kind);
}

void FreeKey(void* keydata) { delete static_cast<ExternalKey*>(keydata); }

// A key made by NewExternalKey has everything a key can have: domain parameters and a public half
// (the certificate's), and a private half (the signer's).
int HasKey(const void* keydata, int /*selection*/) {
  const auto* key = static_cast<const ExternalKey*>(keydata);
  return key != nullptr && key->public_key != nullptr && key->signer != nullptr ? 1 : 0;
}

// Only NewExternalKey imports: no other parameters make such a key.
int ImportKey(void* keydata, int /*selection*/, const OSSL_PARAM params[]) {
  auto* key = static_cast<ExternalKey*>(keydata);
  const OSSL_PARAM* param = OSSL_PARAM_locate_const(params, kSourceParam);
  const void* data = nullptr;
  size_t size = 0;
  if (key == nullptr || param == nullptr ||
      OSSL_PARAM_get_octet_string_ptr(param, &data, &size) != 1 || size != sizeof(uintptr_t)) {
    return 0;
  }
  uintptr_t address = 0;
  std::memcpy(&address, data, sizeof(address));
  const auto* source = reinterpret_cast<const KeySource*>(address);
  if (source == nullptr || source->public_key == nullptr || source->signer == nullptr ||
      *source->signer == nullptr ||
      EVP_PKEY_is_a(source->public_key, InfoOf(key->kind).type) != 1 ||
      EVP_PKEY_up_ref(source->public_key) != 1) {
    return 0;
  }
  EVP_PKEY_free(key->public_key);
  key->public_key = source->public_key;
  key->signer = *source->signer;
  return 1;
}

const OSSL_PARAM* ImportTypes(int /*selection*/) {
  static const OSSL_PARAM types[] = {OSSL_PARAM_octet_string(kSourceParam, nullptr, 0),
                                     OSSL_PARAM_END};
  return types;
}

// The public half only, which another provider's key manager takes to compare the key with its
// certificate (EVP_PKEY_eq in SSL_use_cert_and_key). The private half cannot leave.
int ExportKey(void* keydata, int selection, OSSL_CALLBACK* callback, void* arg) {
  auto* key = static_cast<ExternalKey*>(keydata);
  if (key == nullptr || key->public_key == nullptr ||
      (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) {
    return 0;
  }
  OSSL_PARAM* params = nullptr;
  if (EVP_PKEY_todata(
          key->public_key,
          selection & (OSSL_KEYMGMT_SELECT_PUBLIC_KEY | OSSL_KEYMGMT_SELECT_ALL_PARAMETERS),
          &params) != 1) {
    return 0;
  }
  int rc = callback(params, arg);
  OSSL_PARAM_free(params);
  return rc;
}

const OSSL_PARAM* ExportTypes(int /*selection*/) {
  static const OSSL_PARAM types[] = {OSSL_PARAM_END};
  return types;
}

// Size, bits, curve, default digest...: all the certificate's key's.
int GetKeyParams(void* keydata, OSSL_PARAM params[]) {
  auto* key = static_cast<ExternalKey*>(keydata);
  return key != nullptr && key->public_key != nullptr &&
                 EVP_PKEY_get_params(key->public_key, params) == 1
             ? 1
             : 0;
}

const OSSL_PARAM* GettableKeyParams(void* /*provctx*/) {
  static const OSSL_PARAM params[] = {
      OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, nullptr),
      OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, nullptr),
      OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, nullptr),
      OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, nullptr, 0),
      OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_DEFAULT_DIGEST, nullptr, 0),
      OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_MANDATORY_DIGEST, nullptr, 0),
      OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, nullptr, 0),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, nullptr, 0),
      OSSL_PARAM_END};
  return params;
}

const char* QueryOperationName(int operation_id) {
  return operation_id == OSSL_OP_SIGNATURE ? kSignatureName : nullptr;
}

template <KeyKind kind>
const OSSL_DISPATCH* KeyFunctions() {
  static const OSSL_DISPATCH functions[] = {
      {OSSL_FUNC_KEYMGMT_NEW, Function(&NewKey<kind>)},
      {OSSL_FUNC_KEYMGMT_FREE, Function(&FreeKey)},
      {OSSL_FUNC_KEYMGMT_HAS, Function(&HasKey)},
      {OSSL_FUNC_KEYMGMT_IMPORT, Function(&ImportKey)},
      {OSSL_FUNC_KEYMGMT_IMPORT_TYPES, Function(&ImportTypes)},
      {OSSL_FUNC_KEYMGMT_EXPORT, Function(&ExportKey)},
      {OSSL_FUNC_KEYMGMT_EXPORT_TYPES, Function(&ExportTypes)},
      {OSSL_FUNC_KEYMGMT_GET_PARAMS, Function(&GetKeyParams)},
      {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, Function(&GettableKeyParams)},
      {OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, Function(&QueryOperationName)},
      OSSL_DISPATCH_END};
  return functions;
}

// --- The provider ---------------------------------------------------------------------------

const OSSL_ALGORITHM* QueryOperation(void* /*provctx*/, int operation_id, int* no_cache) {
  static const OSSL_ALGORITHM key_managers[] = {
      {kKinds[0].names, kProperties, KeyFunctions<KeyKind::kEc>(), nullptr},
      {kKinds[1].names, kProperties, KeyFunctions<KeyKind::kRsa>(), nullptr},
      {kKinds[2].names, kProperties, KeyFunctions<KeyKind::kRsaPss>(), nullptr},
      {kKinds[3].names, kProperties, KeyFunctions<KeyKind::kEd25519>(), nullptr},
      {kKinds[4].names, kProperties, KeyFunctions<KeyKind::kEd448>(), nullptr},
      {nullptr, nullptr, nullptr, nullptr}};
  static const OSSL_ALGORITHM signatures[] = {
      {kSignatureName, kProperties, SignatureFunctions(), nullptr},
      {nullptr, nullptr, nullptr, nullptr}};
  *no_cache = 0;
  switch (operation_id) {
    case OSSL_OP_KEYMGMT:
      return key_managers;
    case OSSL_OP_SIGNATURE:
      return signatures;
    default:
      return nullptr;
  }
}

int ProviderInit(const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH* /*in*/,
                 const OSSL_DISPATCH** out, void** provctx) {
  static const OSSL_DISPATCH functions[] = {
      {OSSL_FUNC_PROVIDER_QUERY_OPERATION, Function(&QueryOperation)}, OSSL_DISPATCH_END};
  *out = functions;
  *provctx = const_cast<OSSL_CORE_HANDLE*>(handle);  // unused, but not null
  return 1;
}

// The provider's library context, made once per process and kept for its life.
OSSL_LIB_CTX* ExternalKeyLibrary() {
  static OSSL_LIB_CTX* const library = [] {
    OSSL_LIB_CTX* context = OSSL_LIB_CTX_new();
    if (context != nullptr &&
        (OSSL_PROVIDER_add_builtin(context, kProviderName, ProviderInit) != 1 ||
         OSSL_PROVIDER_load(context, kProviderName) == nullptr)) {
      OSSL_LIB_CTX_free(context);
      context = nullptr;
    }
    return context;
  }();
  return library;
}

}  // namespace

EVP_PKEY* NewExternalKey(EVP_PKEY* public_key, const std::shared_ptr<ExternalSigner>& signer) {
  if (public_key == nullptr || signer == nullptr) {
    throw Error(ErrorKind::kInvalidKey, "no public key or no signer");
  }
  const KindInfo* kind = nullptr;
  for (const KindInfo& info : kKinds) {
    if (EVP_PKEY_is_a(public_key, info.type) == 1) {
      kind = &info;
      break;
    }
  }
  if (kind == nullptr) {
    throw Error(ErrorKind::kInvalidKey,
                "a key without an encoding must be EC, RSA, RSASSA-PSS, Ed25519 or Ed448");
  }
  OSSL_LIB_CTX* library = ExternalKeyLibrary();
  if (library == nullptr) {
    ThrowOpensslError("cannot load the external key provider");
  }
  std::unique_ptr<EVP_PKEY_CTX, decltype(&EVP_PKEY_CTX_free)> context(
      EVP_PKEY_CTX_new_from_name(library, kind->type, kProperties), EVP_PKEY_CTX_free);
  KeySource source{public_key, &signer};
  auto address = reinterpret_cast<uintptr_t>(&source);
  OSSL_PARAM params[] = {OSSL_PARAM_construct_octet_string(kSourceParam, &address, sizeof(address)),
                         OSSL_PARAM_construct_end()};
  EVP_PKEY* key = nullptr;
  if (context == nullptr || EVP_PKEY_fromdata_init(context.get()) != 1 ||
      EVP_PKEY_fromdata(context.get(), &key, EVP_PKEY_KEYPAIR, params) != 1) {
    ThrowOpensslError("cannot make the external key", ErrorKind::kInvalidKey);
  }
  return key;
}

bool IsExternalKey(const EVP_PKEY* key) noexcept {
  const OSSL_PROVIDER* provider = key == nullptr ? nullptr : EVP_PKEY_get0_provider(key);
  const char* name = provider == nullptr ? nullptr : OSSL_PROVIDER_get0_name(provider);
  return name != nullptr && std::strcmp(name, kProviderName) == 0;
}

}  // namespace carbide::tls
