#include "carbide/cleanse.h"

#include <openssl/crypto.h>

namespace carbide {

void Cleanse(void* ptr, size_t len) noexcept { OPENSSL_cleanse(ptr, len); }

}  // namespace carbide
