// Helpers shared by the engine tests.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "carbide/error.h"

namespace carbide::test {

// The kind of the Error that `call` throws; a test failure (and kProvider) if it throws none.
ErrorKind KindOf(const std::function<void()>& call);

std::string Hex(const std::vector<uint8_t>& bytes);
std::vector<uint8_t> FromHex(const std::string& hex);

// Reads a whole file. (No native test reads vector files today; the Java tests carry them.)
std::string ReadFile(const std::string& path);

// The folder of the shared test vectors: $CARBIDE_TESTVECTORS if set and not empty, else the path
// compiled in. The project copy (provider/src/test/resources/testvectors) is gzipped.
std::string TestVectorDir();

}  // namespace carbide::test
