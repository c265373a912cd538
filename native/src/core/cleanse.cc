#include "carbide/cleanse.h"

#include <cstring>

namespace carbide {

void Cleanse(void* ptr, size_t len) noexcept {
  if (len == 0) {
    return;
  }
  // A plain memset runs at the speed of libc's vector stores (OPENSSL_cleanse stores 8 bytes a
  // time, which on a 1 KB record costs more than the crossing). The empty asm claims to read the
  // memory, so the compiler must keep the stores even when the buffer is about to die.
  std::memset(ptr, 0, len);
  __asm__ __volatile__("" : : "r"(ptr) : "memory");
}

}  // namespace carbide
