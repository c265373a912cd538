// Symmetric ciphers (AES modes, ChaCha20, and the AEADs AES-GCM and ChaCha20-Poly1305) over one
// reusable EVP_CIPHER_CTX. The caller decides how much data each Update sees; the engine never
// holds data back except while padding is switched on (SetPadding).
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>

#include "carbide/owned.h"

namespace carbide {

// The largest authentication tag and IV of any cipher we serve, for stack buffers.
inline constexpr size_t kMaxTagSize = 16;
inline constexpr size_t kMaxIvSize = 128;

// One cipher context, keyed once and restarted cheaply. A TLS connection re-initialises its
// AES-GCM cipher for every record with the same key and a new IV: Start without a key then costs
// one IV set, because OpenSSL keeps the key schedule.
// Not thread-safe: one owner at a time, as a JCA engine is.
class CipherContext {
 public:
  // Throws Error(kOutOfMemory) if the context cannot be allocated. The new context has no key.
  CipherContext();
  CipherContext(const CipherContext&) = delete;
  CipherContext& operator=(const CipherContext&) = delete;

  // Starts a message. With a key (non-null `key`), sets `cipher` (from FindCipher), the
  // direction and the key. With `key` null, keeps the key schedule of the last keyed Start, whose
  // cipher and direction must be `cipher` and `encrypt` (Error(kIllegalState) otherwise), and only
  // sets the IV. `iv` may be null only for ciphers without an IV (ECB). An IV length the cipher
  // cannot take gives Error(kInvalidParameter); a key length, Error(kInvalidKey). Padding is off
  // after Start. `tag_len` matters only to CCM, whose tag and nonce lengths OpenSSL fixes with the
  // key: a restart without a key must keep both (Error(kIllegalState) otherwise).
  void Start(const EVP_CIPHER* cipher, bool encrypt, const uint8_t* key, size_t key_len,
             const uint8_t* iv, size_t iv_len, size_t tag_len = 0);

  // Switches PKCS#5 padding for block modes. With padding on, Update may hold back up to a block
  // and Finish adds (encrypting) or checks and strips (decrypting) the padding.
  void SetPadding(bool on);

  // Absorbs additional authenticated data; AEAD ciphers only, before any Update.
  void UpdateAad(const uint8_t* aad, size_t len);

  // Transforms `len` bytes at `in` into `out` and returns the number of bytes written: `len`
  // unless padding is on or a block mode is fed a partial block (the rest is held back). `out`
  // may equal `in` but must not otherwise overlap it. Key wrapping (RFC 3394 and 5649) takes the
  // whole message in one Update, writing up to `len` + 15 bytes; an unwrap whose integrity check
  // fails gives Error(kIllegalBlockSize), as in SunJCE.
  size_t Update(const uint8_t* in, size_t len, uint8_t* out);

  // For a padded decryption (SetPadding on or about to be) whose remaining data ends with the
  // `tail_len` bytes at `tail` (one block, or the last two), checks the padding that Finish will
  // check, without writing anything or changing the message state: decrypts only the last block,
  // chained from the block before it, or from the running IV when `tail` holds one block. So a
  // caller can refuse bad padding before any plaintext reaches memory others can see. Throws
  // Error(kBadPadding) as Finish would. Must follow a Start or an Update of whole blocks.
  void CheckPadding(const uint8_t* tail, size_t tail_len);

  // Sets the tag that the next Finish of a decryption must verify; AEAD ciphers only.
  void SetExpectedTag(const uint8_t* tag, size_t len);

  // Ends the message, writing any held-back output to `out` (at most a block) and returning its
  // length. Throws Error(kBadTag) if a decryption's tag does not verify, Error(kBadPadding) if its
  // padding is invalid, Error(kIllegalArgument) if a block mode without padding saw a partial
  // block. The caller must Start again before the next message.
  size_t Finish(uint8_t* out);

  // Writes the first `len` bytes of an encryption's tag to `tag`, after Finish; AEAD only.
  void GetTag(uint8_t* tag, size_t len);

  // For the ciphers that take a whole message in one call (OneShot() is true: CCM, GCM-SIV, XTS),
  // after Start: absorbs `aad` (AEADs only), transforms the `len` bytes at `in` into `out` and
  // ends the message, returning the bytes written (`len`). An AEAD encryption writes its
  // `tag_len`-byte tag to `tag`; an AEAD decryption verifies the tag at `tag` and throws
  // Error(kBadTag) if it does not match, having written plaintext to `out` only for GCM-SIV (the
  // caller stages it). `out` may equal `in`. OpenSSL refuses a second Update of these messages:
  // CCM needs the length before the AAD, GCM-SIV derives its keystream from a tag over the whole
  // message, and XTS takes each call as a data unit of its own.
  size_t OneShot(const uint8_t* aad, size_t aad_len, const uint8_t* in, size_t len, uint8_t* out,
                 uint8_t* tag, size_t tag_len);

  // True for the ciphers that OneShot serves, and only through it.
  static bool IsOneShot(const EVP_CIPHER* cipher);

  // Writes the running IV (the chaining value of CBC) to `iv` (kMaxIvSize bytes) and returns its
  // length, so that a caller can later Start again from this point without a key.
  size_t RunningIv(uint8_t* iv);

 private:
  CipherCtxPtr ctx_;
  const EVP_CIPHER* cipher_ = nullptr;  // of the last keyed Start
  bool encrypt_ = false;
  bool padding_ = false;
  size_t iv_len_ = 0;       // as set in the context
  size_t ccm_tag_len_ = 0;  // as fixed by the last keyed Start of a CCM cipher
};

}  // namespace carbide
