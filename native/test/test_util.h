// Helpers shared by the engine tests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace carbide::test {

std::string Hex(const std::vector<uint8_t>& bytes);
std::vector<uint8_t> FromHex(const std::string& hex);

// Reads a whole file, for the test vectors under ../shared/testvectors.
std::string ReadFile(const std::string& path);

// The folder of the shared test vectors: $CARBIDE_TESTVECTORS if set, else the path compiled in.
std::string TestVectorDir();

}  // namespace carbide::test
