// Whether OpenSSL's own generator serves RAND_bytes in the default library context, asked through
// the deprecated RAND_METHOD API, which only rand_method.cc may include.
#pragma once

namespace carbide::random::internal {

// True if a legacy RAND_METHOD replaces OpenSSL's DRBGs for RAND_bytes in the default library
// context: one set with RAND_set_rand_method, or an ENGINE's that a configuration file made the
// default for RAND. RAND_bytes_ex honours it, so Carbide must too.
bool LegacyMethodInstalled() noexcept;

}  // namespace carbide::random::internal
