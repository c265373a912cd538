// HMAC, keyed once and restarted cheaply for every message.
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "carbide/owned.h"
#include "carbide/sha_functions.h"

namespace carbide {

// The largest output of any HMAC we serve, for stack buffers.
inline constexpr size_t kMaxMacSize = EVP_MAX_MD_SIZE;

// One HMAC computation at a time. SetKey does the expensive work (hashing a long key, computing
// the inner and outer pads) once; every later message under the same key only restarts from the
// saved inner state, which is what makes short messages cheap.
// Not thread-safe: one owner at a time, as a JCA engine is.
//
// With SHA-1, SHA-2 and MD5 from OpenSSL's default provider, HMAC (RFC 2104) is computed here over
// OpenSSL's low-level hash functions: the states after the inner and outer pad blocks are kept,
// and a message costs plain copies of them. OpenSSL's own EVP_MAC restarts by duplicating digest
// contexts, which allocates twice per message and made a 64-byte HMAC-SHA256 slower than the
// JDK's. SHA-3 and any digest of another provider (a FIPS provider above all) use EVP_MAC.
class Hmac {
 public:
  // `md` comes from FindDigest and must be non-null. Throws Error(kProvider) if the loaded OpenSSL
  // offers no HMAC, or Error(kOutOfMemory) if the context cannot be allocated. The new object has
  // no key: Update, Finish and Reset need SetKey first.
  explicit Hmac(const EVP_MD* md);

  // Copies the key and the running state of `other`, so that both continue independently
  // (clone()). Copying an object without a key gives another object without a key.
  Hmac(const Hmac& other);
  Hmac& operator=(const Hmac&) = delete;

  // Cleanses the pad states, which are as good as the key.
  ~Hmac();

  // An HMAC message is often secret (HKDF-Expand feeds it the previous output block), so buffers
  // that held it are cleansed after each message.
  static constexpr bool kInputIsSecret = true;

  // Length of the HMAC with digest `md`, in bytes.
  static size_t SizeOf(const EVP_MD* md) noexcept;

  // Length of the output of Finish, in bytes.
  size_t size() const noexcept { return size_; }

  // True once SetKey has succeeded.
  bool keyed() const noexcept { return keyed_; }

  // Keys the HMAC with `len` bytes at `key` (which may be null when len is 0; an empty key is
  // valid, as in SunJCE) and starts a new message, discarding any data absorbed so far. OpenSSL
  // keeps its own copy of the key, which it cleanses when freed; the caller cleanses `key`.
  void SetKey(const uint8_t* key, size_t len);

  // Discards any data absorbed so far and starts a new message under the same key. Does nothing
  // if there is no key yet.
  void Reset();

  // Absorbs `len` bytes at `data` (which may be null when len is 0). Throws Error(kIllegalState)
  // if there is no key.
  void Update(const uint8_t* data, size_t len);

  // Writes the HMAC of the message to `out`, which must hold size() bytes, then starts a new
  // message under the same key. Returns size(). Throws Error(kIllegalState) if there is no key.
  size_t Finish(uint8_t* out);

 private:
  void RequireKey() const;

  MacCtxPtr ctx_;  // the EVP_MAC path; null when sha_ is set
  const EVP_MD* md_;
  size_t size_;
  bool keyed_ = false;
  // The low-level path: the hash functions, the states after the inner and outer pad blocks, and
  // the state of the message being absorbed.
  const internal::ShaFunctions* sha_;
  internal::ShaState inner_{};
  internal::ShaState outer_{};
  internal::ShaState running_{};
};

}  // namespace carbide

namespace carbide {

// A MAC of OpenSSL's EVP_MAC family other than HMAC, keyed with a key and at most one parameter:
// CMAC and GMAC over a block cipher, KMAC with its customisation string, Poly1305.
// Not thread-safe: one owner at a time, as a JCA engine is.
//
// CMAC and KMAC restart a message under the same key cheaply (EVP_MAC_init with no key keeps the
// key schedule). Poly1305 and GMAC cannot (OpenSSL refuses to restart a used Poly1305 context, and
// a GMAC's GCM state restarts only with its IV): they keep a copy of the key and IV, cleansed when
// replaced or freed, and Reset keys them again. A Poly1305 key may then authenticate another
// message, as Bouncy Castle allows; RFC 8439 makes using it once the caller's duty. A GMAC IV
// serves one message: after Finish, GMAC needs SetKey with a new IV, as in Bouncy Castle.
class EvpMac {
 public:
  // What the parameter passed to SetKey means.
  enum class Parameter {
    kNone,           // CMAC, Poly1305
    kIv,             // GMAC: the GCM nonce
    kCustomisation,  // KMAC: the customisation string S of SP 800-185
  };

  // `mac` comes from FindMac ("CMAC", "GMAC", "KMAC-128", "POLY1305") and must be non-null.
  // Throws Error(kOutOfMemory) if the context cannot be allocated. The new object has no key.
  EvpMac(const EVP_MAC* mac, Parameter parameter);

  // Copies the key and the running state of `other` (clone()).
  EvpMac(const EvpMac& other);
  EvpMac& operator=(const EvpMac&) = delete;
  ~EvpMac();

  // A MAC's message may be secret (a KDF's input), so buffers that held it are cleansed.
  static constexpr bool kInputIsSecret = true;

  // Length of the output of Finish, in bytes; 0 before the first SetKey.
  size_t size() const noexcept { return size_; }

  // Keys the MAC and starts a new message. `cipher` names the block cipher of CMAC and GMAC in
  // OpenSSL's terms ("AES-128-CBC", "AES-256-GCM") and is ignored (may be null) otherwise.
  // `parameter` is the IV or customisation string the constructor's Parameter names (empty if
  // none). `output_size` is the tag length for KMAC, whose output length is chosen by the caller,
  // and ignored otherwise. Throws Error(kInvalidKey) if OpenSSL refuses the key (a wrong length),
  // Error(kInvalidParameter) if it refuses the parameter; the object then has no key.
  void SetKey(std::span<const uint8_t> key, const char* cipher, std::span<const uint8_t> parameter,
              size_t output_size);

  // A GMAC's next message: if the context holds `key` already (keyed by SetKey, under the cipher
  // named then), starts a new message under `iv` (not empty) alone and returns true, without keying
  // again; otherwise returns false and changes nothing. Throws Error(kInvalidParameter) if OpenSSL
  // refuses the IV; the object then has no key. Always false for the other MACs.
  bool Renew(std::span<const uint8_t> key, std::span<const uint8_t> iv);

  // Discards any data absorbed so far and starts a new message under the same key (and IV). Does
  // nothing if there is no key.
  void Reset();

  // Absorbs `len` bytes at `data`. Throws Error(kIllegalState) if there is no key (or, for GMAC,
  // no fresh IV).
  void Update(const uint8_t* data, size_t len);

  // Writes the tag to `out`, which must hold size() bytes, then starts a new message under the
  // same key, as Reset does; GMAC instead drops its key and IV. Returns size(). Throws
  // Error(kIllegalState) as Update does.
  size_t Finish(uint8_t* out);

  // Update(data, len) then Finish(out), checking the key once: a short message's whole path.
  size_t UpdateAndFinish(const uint8_t* data, size_t len, uint8_t* out);

 private:
  void RequireKey() const;
  // Finish once RequireKey has passed.
  size_t FinishKeyed(uint8_t* out);
  // Keys ctx_ again with saved_key_ and saved_iv_ (GMAC, Poly1305).
  void Rekey();
  // True if ctx_ holds `key` (under saved_cipher_), so a GMAC needs only its new IV.
  bool HoldsKey(std::span<const uint8_t> key) const;
  // Starts a GMAC's new message under `iv` on the key ctx_ holds.
  void StartIv(std::span<const uint8_t> iv);
  void Forget() noexcept;

  const EVP_MAC* mac_;
  Parameter parameter_;
  bool must_rekey_;  // GMAC and Poly1305
  MacCtxPtr ctx_;
  size_t size_ = 0;
  bool keyed_ = false;
  bool spent_ = false;              // a GMAC whose IV has served its message
  std::vector<uint8_t> saved_key_;  // for Rekey
  std::vector<uint8_t> saved_iv_;   // for Rekey
  std::string saved_cipher_;        // the cipher of saved_key_, for HoldsKey
};

}  // namespace carbide
