// libFuzzer target: one cipher step through the C entry point that the critical FFM downcall
// calls (carbide_cipher_step, cipher/cipher_critical.cc), with random step descriptions: the
// cipher, the flags, key, IV, AAD, a buffered prefix, and input and output ranges that may be out
// of bounds, negative, or overlap in any way (in place, shifted). The fuzzer checks the result
// against a plain OpenSSL EVP run over separate copies: a step that succeeds must have been handed
// valid ranges and must write exactly what OpenSSL writes; a step with valid ranges, room for its
// output and a reference that succeeds must succeed. ASan and UBSan catch any stray access.
//
// It targets the C interface only (the parameters of carbide_cipher_step), not the classes behind
// it, so that reworking the cipher bridge keeps it compiling and meaningful.
#include <openssl/evp.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "../jni/cipher/cipher_session.h"
#include "../jni/cipher/cipher_step.h"
#include "fuzz_input.h"

extern "C" int32_t carbide_cipher_step(
    int64_t context, int64_t cipher, int32_t flags, const uint8_t* key, int32_t key_len,
    const uint8_t* iv, int32_t iv_len, const uint8_t* aad, int32_t aad_array_len, int32_t aad_len,
    const uint8_t* prefix, int32_t prefix_array_len, int32_t prefix_len, const uint8_t* in,
    int32_t in_array_len, int32_t in_off, int32_t in_len, uint8_t* out, int32_t out_array_len,
    int32_t out_off, int32_t out_capacity, int32_t tag_len) noexcept;

namespace {

using carbide::fuzz::FuzzInput;
namespace jni = carbide::jni;

struct CipherChoice {
  const char* name;
  int32_t key_len;
  int32_t iv_len;
  bool aead;
  bool padded;  // may take kPad
};

constexpr CipherChoice kCiphers[] = {
    {"AES-128-CTR", 16, 16, false, false}, {"AES-256-CBC", 32, 16, false, true},
    {"AES-128-ECB", 16, 0, false, true},   {"AES-256-GCM", 32, 12, true, false},
    {"ChaCha20", 32, 16, false, false},    {"ChaCha20-Poly1305", 32, 12, true, false},
};

const EVP_CIPHER* Fetch(const char* name) {
  static EVP_CIPHER* fetched[std::size(kCiphers)] = {};
  for (size_t i = 0; i < std::size(kCiphers); ++i) {
    if (std::strcmp(kCiphers[i].name, name) == 0) {
      if (fetched[i] == nullptr) {
        fetched[i] = EVP_CIPHER_fetch(nullptr, name, nullptr);
      }
      return fetched[i];
    }
  }
  return nullptr;
}

bool Inside(int64_t array_len, int64_t offset, int64_t len) {
  return array_len >= 0 && offset >= 0 && len >= 0 && offset + len <= array_len;
}

// The step done by plain OpenSSL over separate buffers; false if OpenSSL refuses it.
bool Reference(const EVP_CIPHER* cipher, bool encrypt, bool finish, bool pad,
               const std::vector<uint8_t>& key, const std::vector<uint8_t>& iv,
               const std::vector<uint8_t>& aad, const std::vector<uint8_t>& data, int32_t tag_len,
               std::vector<uint8_t>& out) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  out.assign(data.size() + 64, 0);
  int n = 0;
  int total = 0;
  bool ok = EVP_CipherInit_ex2(ctx, cipher, nullptr, nullptr, encrypt ? 1 : 0, nullptr) == 1 &&
            static_cast<int>(key.size()) == EVP_CIPHER_get_key_length(cipher) &&
            (EVP_CIPHER_get_iv_length(cipher) == 0 ||
             static_cast<int>(iv.size()) == EVP_CIPHER_get_iv_length(cipher)) &&
            EVP_CipherInit_ex2(ctx, nullptr, key.data(), iv.empty() ? nullptr : iv.data(),
                               encrypt ? 1 : 0, nullptr) == 1 &&
            EVP_CIPHER_CTX_set_padding(ctx, pad ? 1 : 0) == 1;
  if (ok && !aad.empty()) {
    ok = EVP_CipherUpdate(ctx, nullptr, &n, aad.data(), static_cast<int>(aad.size())) == 1;
  }
  if (ok && !data.empty()) {
    ok = EVP_CipherUpdate(ctx, out.data(), &n, data.data(), static_cast<int>(data.size())) == 1;
    total += n;
  }
  if (ok && finish) {
    ok = EVP_CipherFinal_ex(ctx, out.data() + total, &n) == 1;
    total += n;
    if (ok && tag_len > 0) {
      ok = EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, tag_len, out.data() + total) == 1;
      total += tag_len;
    }
  }
  EVP_CIPHER_CTX_free(ctx);
  out.resize(static_cast<size_t>(total));
  return ok;
}

// Contents come from a generator seeded by the input, so that the input's bytes go to the step's
// shape (lengths, offsets, flags), which is what the checks are about; libFuzzer would otherwise
// spend them on the 640 bytes of the arena before reaching a length.
class Filler {
 public:
  explicit Filler(uint32_t seed) : state_(seed * 2654435761U + 1) {}

  std::vector<uint8_t> Bytes(int32_t len) {
    std::vector<uint8_t> bytes(static_cast<size_t>(std::max(len, 0)));
    for (uint8_t& b : bytes) {
      state_ = state_ * 1664525U + 1013904223U;
      b = static_cast<uint8_t>(state_ >> 24);
    }
    return bytes;
  }

 private:
  uint32_t state_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzInput in(data, size);
  const CipherChoice& choice = kCiphers[in.Byte() % std::size(kCiphers)];
  const EVP_CIPHER* cipher = Fetch(choice.name);
  if (cipher == nullptr) {
    return 0;
  }
  // Mostly encryptions (what the critical path takes); decryptions of the unchecked modes too,
  // and now and then a step the entry point must refuse.
  bool encrypt = in.Byte() < 200;
  bool finish = in.Bool();
  bool pad = choice.padded && in.Bool();
  int32_t flags = jni::kStart | (encrypt ? jni::kEncrypt : 0) | (finish ? jni::kFinish : 0) |
                  (pad ? jni::kPad : 0);
  Filler fill(static_cast<uint32_t>(in.Int32()));
  bool odd = in.Byte() < 8;
  std::vector<uint8_t> key = fill.Bytes(choice.key_len + (odd ? 1 : 0));
  std::vector<uint8_t> iv = fill.Bytes(choice.iv_len);
  std::vector<uint8_t> aad =
      choice.aead && in.Bool() ? fill.Bytes(in.Byte() % 40) : std::vector<uint8_t>();
  std::vector<uint8_t> prefix = fill.Bytes(in.Byte() % 48);
  int32_t tag_len = choice.aead && finish && encrypt ? 16 : 0;
  // Now and then another tag length, for an AEAD cipher only: Java never asks another cipher for
  // a tag, and OpenSSL's tag query on one (CBC, say) succeeds without writing anything, so the
  // step would hand back bytes it never wrote.
  if (in.Byte() < 8 && choice.aead) {
    tag_len = in.Length(20);
  }

  // One arena holds both the input and the output array, so that they can overlap any way.
  constexpr int32_t kArena = 640;
  std::vector<uint8_t> arena = fill.Bytes(kArena);
  int32_t in_start = in.Byte() % 128;
  int32_t out_start = in.Bool() ? in_start : in.Byte() % 160;
  auto claimed = [&](int32_t real) {
    int32_t len = in.Length(real);
    return len > real ? real : len;  // Java never claims more than the array holds
  };
  int32_t in_array_len = claimed(kArena - in_start);
  int32_t in_off = in.Length(96);
  int32_t in_len = in.Length(400);
  int32_t out_array_len = claimed(kArena - out_start);
  int32_t out_off = in.Bool() ? in_off : in.Length(96);
  int32_t out_capacity = in.Length(480);
  uint8_t* in_array = arena.data() + in_start;
  uint8_t* out_array = arena.data() + out_start;

  bool ranges = Inside(in_array_len, in_off, in_len) &&
                Inside(out_array_len, out_off, out_capacity) &&
                in_len + static_cast<int64_t>(prefix.size()) <= 16 * 1024;
  std::vector<uint8_t> message(prefix);
  if (Inside(in_array_len, in_off, in_len)) {
    message.insert(message.end(), in_array + in_off, in_array + in_off + in_len);
  }
  std::vector<uint8_t> expected;
  // The entry point takes encryptions and decryptions with nothing to check (no padding, no tag);
  // the tag length is the caller's to choose, within kMaxTagSize.
  bool checked = !encrypt && (pad || tag_len != 0);
  bool reference_ok = !checked && tag_len >= 0 && tag_len <= 16 &&
                      Reference(cipher, encrypt, finish, pad, key, iv, aad, message,
                                finish && encrypt ? tag_len : 0, expected);

  jni::CipherSession session;
  int32_t written = carbide_cipher_step(
      static_cast<int64_t>(reinterpret_cast<intptr_t>(&session)),
      static_cast<int64_t>(reinterpret_cast<intptr_t>(cipher)), flags, key.data(),
      static_cast<int32_t>(key.size()), iv.empty() ? nullptr : iv.data(),
      static_cast<int32_t>(iv.size()), aad.empty() ? nullptr : aad.data(),
      static_cast<int32_t>(aad.size()), static_cast<int32_t>(aad.size()),
      prefix.empty() ? nullptr : prefix.data(), static_cast<int32_t>(prefix.size()),
      static_cast<int32_t>(prefix.size()), in_array, in_array_len, in_off, in_len, out_array,
      out_array_len, out_off, out_capacity, tag_len);
  // Says what the step was and why it is wrong, then aborts so libFuzzer keeps the input.
  auto fail = [&](const char* why) {
    std::string parked = "none";
    if (written < 0) {
      try {
        session.deferred().Rethrow();
      } catch (const std::exception& e) {
        parked = e.what();
      }
    }
    std::fprintf(
        stderr,
        "cipher_step_fuzz: %s\n  %s flags %d key %zu iv %zu aad %zu prefix %zu in [%d, +%d) "
        "of %d, out [%d, +%d) of %d, arrays at %d and %d, tag %d\n  written %d, expected %zu "
        "(reference %s), error: %s\n",
        why, choice.name, flags, key.size(), iv.size(), aad.size(), prefix.size(), in_off, in_len,
        in_array_len, out_off, out_capacity, out_array_len, in_start, out_start, tag_len, written,
        expected.size(), reference_ok ? "ok" : "refused", parked.c_str());
    std::abort();
  };
  if (written >= 0) {
    // Success needs valid ranges, a step the critical path may take, and OpenSSL's very output.
    if (!ranges || !reference_ok) {
      fail("accepted a step it must refuse");
    }
    if (static_cast<size_t>(written) != expected.size() || written > out_capacity ||
        std::memcmp(out_array + out_off, expected.data(), expected.size()) != 0) {
      fail("output differs from OpenSSL's");
    }
  } else if (ranges && reference_ok &&
             static_cast<int64_t>(out_capacity) >= static_cast<int64_t>(message.size()) + 32) {
    fail("refused a valid step with room to spare");
  }
  return 0;
}
