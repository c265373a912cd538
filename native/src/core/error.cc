#include "carbide/error.h"

#include <openssl/err.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace carbide {

void ThrowOpensslError(const char* context, ErrorKind kind) {
  std::string message(context);
  // The oldest entry is the root cause; later ones are callers reporting that it failed.
  unsigned long code = ERR_get_error();
  if (code != 0) {
    const char* reason = ERR_reason_error_string(code);
    message += ": ";
    message += reason != nullptr ? reason : "OpenSSL error " + std::to_string(ERR_GET_REASON(code));
  }
  ERR_clear_error();
  throw Error(kind, message);
}

void ClearOpensslErrors() noexcept { ERR_clear_error(); }

bool OpensslErrorQueueEmpty() noexcept { return ERR_peek_error() == 0; }

void AbortOnStaleOpensslErrors(const char* where) noexcept {
  std::fprintf(stderr, "carbide: %s succeeded but left OpenSSL's error queue non-empty:\n", where);
  ERR_print_errors_fp(stderr);
  std::abort();
}

}  // namespace carbide
