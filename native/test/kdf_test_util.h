// Helpers shared by the HKDF tests, which run every case on both of Hkdf's paths.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "carbide/kdf.h"
#include "carbide/library.h"

namespace carbide {

// So that GoogleTest names the parameter rather than dumping its bytes.
inline void PrintTo(Hkdf::Path path, std::ostream* os) {
  *os << (path == Hkdf::Path::kComposed ? "Composed" : "EvpKdf");
}

namespace test {

using Bytes = std::vector<uint8_t>;

// `count` bytes counting up from `first` (wrapping), as RFC 5869's vectors are written.
inline Bytes Range(int first, int count) {
  Bytes out;
  for (int i = 0; i < count; ++i) {
    out.push_back(static_cast<uint8_t>(first + i));
  }
  return out;
}

inline Bytes Derive(const Hkdf& hkdf, HkdfMode mode, const Bytes& key, const Bytes& salt,
                    const Bytes& info, size_t len) {
  Bytes out(len);
  hkdf.Derive(mode, {key, salt, info}, out);
  return out;
}

inline std::string PathName(const testing::TestParamInfo<Hkdf::Path>& info) {
  return testing::PrintToString(info.param);
}

// A suite whose every test runs on each path, over a new Hkdf of its own.
class HkdfPathTest : public testing::TestWithParam<Hkdf::Path> {
 protected:
  Hkdf Make(const char* digest) const { return Hkdf(FindDigest(digest), GetParam()); }
};

}  // namespace test
}  // namespace carbide
