#pragma once

#include <cstddef>

namespace carbide {

// Overwrites `len` bytes at `ptr` with zeros in a way the compiler cannot elide (memset behind a
// compiler barrier, as fast as memset).
// For every native buffer that held a key, a secret or plaintext.
void Cleanse(void* ptr, size_t len) noexcept;

}  // namespace carbide
