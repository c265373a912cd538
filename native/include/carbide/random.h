// Random bytes from OpenSSL's DRBG hierarchy, for SecureRandom.
//
// OpenSSL 3 keeps one process-wide "primary" DRBG, seeded from the operating system, and two DRBGs
// per thread that it reseeds: "public" (RAND_bytes) and "private" (RAND_priv_bytes). Every function
// here works on that hierarchy of the default library context, so all are thread-safe and none
// holds state of its own. A reseed of the primary (by AddSeed or a prediction-resistant Reseed) is
// noticed by every thread's DRBG, which reseeds from the primary before its next output.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace carbide::random {

// The security strength, in bits, of the calling thread's public DRBG (256 for OpenSSL's default
// CTR-DRBG over AES-256), or 0 if OpenSSL has no working DRBG.
unsigned Strength() noexcept;

// The name of the DRBG mechanism behind the public DRBG ("CTR-DRBG"), or "" if there is none.
std::string MechanismName();

// Fills out[0, len) from the public DRBG (RAND_bytes). `out` may be null when len is 0. Throws
// Error(kProvider) if the DRBG fails, for example when its entropy source does; the contents of
// `out` are then unspecified and must not be used.
void Generate(uint8_t* out, size_t len);

// Fills out[0, len) as Generate does, with the per-request options of SP 800-90A: the DRBG must
// offer at least `strength` bits (0 asks for nothing), `prediction_resistance` first reseeds the
// chain from live entropy, and `additional[0, additional_len)` is mixed into this request only
// (`additional` may be null when additional_len is 0). Throws Error(kIllegalArgument) if
// `strength` exceeds Strength(), and Error(kProvider) if the DRBG fails.
void Generate(uint8_t* out, size_t len, unsigned strength, bool prediction_resistance,
              const uint8_t* additional, size_t additional_len);

// Fills out[0, len) from the private DRBG (RAND_priv_bytes), which never serves RAND_bytes, for
// seed material and long-term secrets. Throws as Generate does.
void GenerateSeed(uint8_t* out, size_t len);

// Mixes data[0, len) into the DRBG state as additional input, so that all later output depends on
// it, without replacing any entropy already there: the same seed given twice, or to two callers,
// never makes output repeat. Does nothing when len is 0 (`data` may then be null). Throws
// Error(kProvider) if the calling thread's DRBG cannot be reseeded.
void AddSeed(const uint8_t* data, size_t len);

// Reseeds the calling thread's public DRBG. With `prediction_resistance` the whole chain, primary
// included, takes fresh entropy from the operating system, so every thread's later output is
// independent of any state observed before the call; without it the public DRBG reseeds from the
// primary. `additional` is mixed in as AddSeed does (it may be null when additional_len is 0).
// Throws Error(kProvider) if the reseed fails.
void Reseed(bool prediction_resistance, const uint8_t* additional, size_t additional_len);

}  // namespace carbide::random
