// Key derivations through OpenSSL's EVP_KDF by name, with parameters from one fixed table: scrypt,
// Argon2, KBKDF (SP 800-108), SSKDF (SP 800-56C one-step) and the ANSI X9.63 KDF all go through
// KdfTemplate, each differing only in the parameters its caller sends. (HKDF has its own, faster
// path in carbide/kdf.h, since TLS derives with it dozens of times per handshake.)
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <span>
#include <vector>

namespace carbide {

// The parameters a caller may send, each one of OpenSSL's KDF parameters. The values cross JNI, so
// they must not change; new ones are appended.
enum class KdfParamId : int {
  // Octet strings, taken from KdfParam::bytes.
  kKey = 0,             // "key": KBKDF's KI, SSKDF's Z, X9.63's shared secret
  kPassword = 1,        // "pass": scrypt's and Argon2's password
  kSalt = 2,            // "salt": scrypt, Argon2, SSKDF-HMAC; KBKDF's Label
  kInfo = 3,            // "info": KBKDF's Context, SSKDF's FixedInfo, X9.63's SharedInfo
  kSeed = 4,            // "seed": KBKDF feedback mode's IV
  kSecret = 5,          // "secret": Argon2's secret value K
  kAssociatedData = 6,  // "ad": Argon2's associated data X
  // UTF-8 names, taken from KdfParam::bytes.
  kDigest = 7,  // "digest", an OpenSSL digest name ("SHA2-256")
  kMac = 8,     // "mac": "HMAC" or "CMAC"
  kCipher = 9,  // "cipher": CMAC's cipher ("AES-128-CBC")
  kMode = 10,   // "mode": KBKDF's "counter" or "feedback"
  // Numbers, taken from KdfParam::number.
  kScryptN = 11,         // "n" (uint64): scrypt's cost, a power of two above 1
  kScryptR = 12,         // "r" (uint32): scrypt's block size
  kScryptP = 13,         // "p" (uint32): scrypt's parallelisation
  kMaxMemoryBytes = 14,  // "maxmem_bytes" (uint64): scrypt refuses to use more
  kIterations = 15,      // "iter" (uint32): Argon2's passes
  kMemoryCost = 16,      // "memcost" (uint32): Argon2's memory in KiB
  kLanes = 17,           // "lanes" (uint32): Argon2's parallelism
  kUseLength = 18,       // "use-l" (int, 0 or 1): KBKDF appends [L]_32
  kUseSeparator = 19,    // "use-separator" (int, 0 or 1): KBKDF puts 0x00 after the Label
  kPkcs5 = 20,           // "pkcs5" (int, 0 or 1): PBKDF2 without SP 800-132's lower bounds
};

// True for the parameters that KdfParam::bytes carries (octet strings and names), false for the
// numbers and for ids past the table's end.
constexpr bool KdfParamTakesBytes(KdfParamId id) {
  return static_cast<int>(id) >= 0 && static_cast<int>(id) <= static_cast<int>(KdfParamId::kMode);
}

// One parameter: bytes for octet strings and names, number for numbers. Spans may be empty.
struct KdfParam {
  KdfParamId id;
  std::span<const uint8_t> bytes;
  uint64_t number = 0;
};

// One of OpenSSL's KDFs with some parameters fixed for good (its digest, MAC, cipher or mode), set
// once on a prototype context. Each derivation starts from a copy of the prototype, which spares
// OpenSSL a fetch of the digest or MAC by name and a MAC context per derivation (about half of a
// one-step or X9.63 derivation's time), and then sets its own parameters (keys, salts, costs) on
// the copy alone. Thread-safe.
//
// KBKDF over CMAC is the exception: copying its context copies a cipher context, which cost as
// much as the derivation itself (docs/kdfs.md), so such a template keeps a few spare contexts
// instead. A spare is reused only by a derivation that sets every parameter it still holds (an
// empty octet string is no parameter at all to OpenSSL's KBKDF, so it would keep the old value,
// and a number left out would keep the last one), and is keyed with zeros before it is put back,
// which overwrites its key and the CMAC key schedule: no secret outlives the derivation, as with a
// freed copy. (Spares for KBKDF over HMAC, the one-step KDF and X9.63 measured slower than copies:
// OpenSSL's KBKDF looks the MAC up by name four times per parameter call, and HMAC keys again.)
class KdfTemplate {
 public:
  // `kdf` comes from FindKdf (non-null). Throws Error(kInvalidParameter) if OpenSSL refuses
  // `fixed`, for instance a digest the loaded OpenSSL (or its FIPS module) lacks.
  KdfTemplate(const EVP_KDF* kdf, std::span<const KdfParam> fixed);
  ~KdfTemplate();
  KdfTemplate(const KdfTemplate&) = delete;
  KdfTemplate& operator=(const KdfTemplate&) = delete;

  // Fills `out` (1 byte or more, not overlapping the parameters) with the KDF's output under the
  // fixed parameters and `params`, on a context no other derivation uses meanwhile, which holds
  // no secret of this one afterwards (freed, or a spare keyed with zeros). A number too large for
  // its parameter's type, an unknown id, or a name holding a NUL is an Error(kInvalidParameter); so
  // is OpenSSL refusing the parameters or the derivation (its reason in the message), since every
  // cause of that is a parameter the caller chose. `out` is cleansed if this throws. Thread-safe.
  void Derive(std::span<const KdfParam> params, std::span<uint8_t> out) const;

 private:
  // A context kept for reuse, and the parameters it holds (bit i for KdfParamId i).
  struct Spare {
    EVP_KDF_CTX* ctx;
    uint32_t held;
  };

  EVP_KDF_CTX* NewContext() const;
  // A spare whose held parameters `params` all replace (removed from the spares), or null.
  EVP_KDF_CTX* TakeSpare(uint32_t held_after) const;
  // Keys `ctx` with zeros as long as `params`' key and keeps it as a spare holding
  // `held`, or frees it if that fails, the key is missing or enough spares wait.
  void PutBack(EVP_KDF_CTX* ctx, std::span<const KdfParam> params, uint32_t held) const;

  const EVP_KDF* kdf_;
  EVP_KDF_CTX* prototype_;
  // The fixed parameters' names, kept to set them on a new context where OpenSSL cannot copy the
  // prototype (a KDF without a dup function, as in OpenSSL 3.0).
  std::vector<std::vector<uint8_t>> fixed_bytes_;
  std::vector<KdfParam> fixed_;
  // True for KBKDF over CMAC: derivations reuse spare contexts.
  bool keeps_spares_ = false;
  mutable std::mutex spares_mutex_;
  mutable std::vector<Spare> spares_;
};

// Sets `params` on `ctx` (non-null). Throws as KdfTemplate::Derive.
void SetKdfParams(EVP_KDF_CTX* ctx, std::span<const KdfParam> params);

}  // namespace carbide
