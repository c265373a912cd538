// Engine-internal: a digest provider's own functions (its OSSL_DISPATCH table), for the hot path of
// short messages whose digest the low-level shortcut (sha_functions.h) cannot serve: every digest
// in FIPS mode, and SHA-3 and the truncated SHA-512s in the default mode.
#pragma once

#include <openssl/core_dispatch.h>
#include <openssl/evp.h>

namespace carbide::internal {

// The functions EVP itself calls for one digest implementation, and the provider context they are
// created in. Calling them directly skips EVP's per-call bookkeeping (about a third of a 64-byte
// SHA-256), while the code that runs is still the provider's: in FIPS mode, the module's.
struct ProviderDigestFunctions {
  void* provider_context;
  OSSL_FUNC_digest_newctx_fn* newctx;
  OSSL_FUNC_digest_freectx_fn* freectx;
  OSSL_FUNC_digest_dupctx_fn* dupctx;
  OSSL_FUNC_digest_init_fn* init;
  OSSL_FUNC_digest_update_fn* update;
  OSSL_FUNC_digest_final_fn* final;
};

// Returns the functions of `md`'s implementation in the provider it was fetched from, found once
// per `md` and kept for the life of the process, or nullptr when `md` must go through EVP: an
// extendable-output function (its length is a context parameter), or a provider whose table lacks
// one of the functions or holds more than one implementation of the name. Thread-safe.
const ProviderDigestFunctions* FindProviderDigestFunctions(const EVP_MD* md);

}  // namespace carbide::internal
