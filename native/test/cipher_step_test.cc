// The padding check ahead of a padded decryption (CipherContext::CheckPadding) and the cipher step
// fed in pieces (jni::StepRun), as the JNI bridge feeds it a bounded chunk of a Java array at a
// time.
#include "../jni/cipher/cipher_step.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "carbide/cipher.h"
#include "carbide/error.h"
#include "carbide/library.h"
#include "test_util.h"

namespace carbide {
namespace {

using jni::CipherStep;
using jni::StepRun;
using test::KindOf;

std::vector<uint8_t> Pattern(size_t len, uint8_t seed) {
  std::vector<uint8_t> bytes(len);
  for (size_t i = 0; i < len; ++i) {
    bytes[i] = static_cast<uint8_t>(seed + i * 131 + (i >> 8));
  }
  return bytes;
}

const std::vector<uint8_t> kKey = Pattern(32, 1);
const std::vector<uint8_t> kIv = Pattern(16, 2);

// A whole message through a fresh context: encrypted, or decrypted with `pad` checked.
std::vector<uint8_t> OneShot(const char* cipher, bool encrypt, bool pad,
                             const std::vector<uint8_t>& in) {
  CipherContext context;
  const EVP_CIPHER* evp = FindCipher(cipher);
  size_t iv_len = static_cast<size_t>(EVP_CIPHER_get_iv_length(evp));
  context.Start(evp, encrypt, kKey.data(), 32, iv_len == 0 ? nullptr : kIv.data(), iv_len);
  context.SetPadding(pad);
  std::vector<uint8_t> out(in.size() + 16);
  size_t n = context.Update(in.data(), in.size(), out.data());
  n += context.Finish(out.data() + n);
  out.resize(n);
  return out;
}

// Decrypts `ct` on one context in two parts, as a JCA update and doFinal do: `head` bytes without
// padding, then CheckPadding over the tail, then the rest with padding.
std::vector<uint8_t> DecryptCheckingAhead(const char* cipher, const std::vector<uint8_t>& ct,
                                          size_t head, size_t tail_len) {
  CipherContext context;
  const EVP_CIPHER* evp = FindCipher(cipher);
  size_t iv_len = static_cast<size_t>(EVP_CIPHER_get_iv_length(evp));
  context.Start(evp, false, kKey.data(), 32, iv_len == 0 ? nullptr : kIv.data(), iv_len);
  std::vector<uint8_t> out(ct.size() + 16);
  size_t n = context.Update(ct.data(), head, out.data());
  context.CheckPadding(ct.data() + ct.size() - tail_len, tail_len);
  context.SetPadding(true);
  n += context.Update(ct.data() + head, ct.size() - head, out.data() + n);
  n += context.Finish(out.data() + n);
  out.resize(n);
  return out;
}

TEST(CheckPaddingTest, PassesValidPaddingAndLeavesTheMessageAsItWas) {
  for (const char* cipher : {"AES-256-CBC", "AES-256-ECB"}) {
    for (size_t len : {0, 15, 16, 33, 100}) {
      std::vector<uint8_t> msg = Pattern(len, 3);
      std::vector<uint8_t> ct = OneShot(cipher, true, true, msg);
      // The tail as two blocks, and as one block chained from the running IV.
      EXPECT_EQ(DecryptCheckingAhead(cipher, ct, 0, ct.size() >= 32 ? 32 : 16), msg) << cipher;
      EXPECT_EQ(DecryptCheckingAhead(cipher, ct, ct.size() - 16, 16), msg) << cipher << len;
    }
  }
}

TEST(CheckPaddingTest, RefusesBadPaddingBeforeAnythingIsWritten) {
  for (const char* cipher : {"AES-256-CBC", "AES-256-ECB"}) {
    std::vector<uint8_t> ct = OneShot(cipher, true, true, Pattern(40, 4));
    // A block-aligned message without padding ends in a random byte: not valid padding here.
    std::vector<uint8_t> unpadded = OneShot(cipher, true, false, Pattern(48, 5));
    CipherContext context;
    const EVP_CIPHER* evp = FindCipher(cipher);
    size_t iv_len = static_cast<size_t>(EVP_CIPHER_get_iv_length(evp));
    context.Start(evp, false, kKey.data(), 32, iv_len == 0 ? nullptr : kIv.data(), iv_len);
    std::vector<uint8_t> plain = Pattern(48, 5);
    ASSERT_NE(plain.back(), 1);  // not a valid one-byte padding by chance
    EXPECT_EQ(KindOf([&] { context.CheckPadding(unpadded.data() + 16, 32); }),
              ErrorKind::kBadPadding);
    // The failed check changed nothing: the message still decrypts from its start.
    std::vector<uint8_t> out(48);
    ASSERT_EQ(context.Update(unpadded.data(), 48, out.data()), 48u);
    EXPECT_EQ(out, plain) << cipher;
  }
}

TEST(CheckPaddingTest, MisuseIsIllegalState) {
  CipherContext context;
  context.Start(FindCipher("AES-256-CBC"), true, kKey.data(), 32, kIv.data(), 16);
  uint8_t tail[32] = {};
  EXPECT_EQ(KindOf([&] { context.CheckPadding(tail, 32); }), ErrorKind::kIllegalState);
  context.Start(FindCipher("AES-256-CBC"), false, kKey.data(), 32, kIv.data(), 16);
  EXPECT_EQ(KindOf([&] { context.CheckPadding(tail, 20); }), ErrorKind::kIllegalState);
}

// One step over `prefix` and `in`, run whole (Run) and fed in pieces of `piece` bytes.
struct StepCase {
  const char* cipher;
  int32_t flags;
  size_t tag_len;
};

std::vector<uint8_t> RunWhole(const StepCase& c, const std::vector<uint8_t>& prefix,
                              const std::vector<uint8_t>& in, CipherStep::Output output) {
  const EVP_CIPHER* evp = FindCipher(c.cipher);
  std::span<const uint8_t> iv(kIv.data(), static_cast<size_t>(EVP_CIPHER_get_iv_length(evp)));
  CipherStep step(evp, c.flags, kKey, iv, {}, prefix, static_cast<int32_t>(in.size()),
                  static_cast<int32_t>(c.tag_len));
  CipherContext context;
  std::vector<uint8_t> out(step.max_out(), 0xee);
  out.resize(step.Run(context, in.data(), out.data(), output));
  return out;
}

std::vector<uint8_t> RunInPieces(const StepCase& c, const std::vector<uint8_t>& prefix,
                                 const std::vector<uint8_t>& in, size_t piece) {
  const EVP_CIPHER* evp = FindCipher(c.cipher);
  std::span<const uint8_t> iv(kIv.data(), static_cast<size_t>(EVP_CIPHER_get_iv_length(evp)));
  CipherStep step(evp, c.flags, kKey, iv, {}, prefix, static_cast<int32_t>(in.size()),
                  static_cast<int32_t>(c.tag_len));
  CipherContext context;
  std::vector<uint8_t> out(step.max_out());
  StepRun run(step, context);
  if (step.Unpads()) {
    std::vector<uint8_t> all = prefix;
    all.insert(all.end(), in.begin(), in.end());
    run.CheckPadding({all.data() + step.data_len() - step.padding_tail(), step.padding_tail()});
  }
  size_t written = 0;
  for (const auto* part : {&prefix, &in}) {
    for (size_t done = 0; done < part->size(); done += piece) {
      size_t n = std::min(piece, part->size() - done);
      written += run.Feed(part->data() + done, n, out.data() + written);
    }
  }
  written += run.End(out.data() + written);
  out.resize(written);
  return out;
}

constexpr int32_t kFinal = jni::kStart | jni::kFinish;

TEST(StepRunTest, FeedingInPiecesMatchesOneRun) {
  std::vector<uint8_t> msg = Pattern(5000, 6);
  std::vector<uint8_t> gcm_ct =
      RunWhole({"AES-256-GCM", kFinal | jni::kEncrypt, 16}, {}, msg, CipherStep::Output::kCallers);
  std::vector<uint8_t> chacha_ct = RunWhole({"ChaCha20-Poly1305", kFinal | jni::kEncrypt, 16}, {},
                                            msg, CipherStep::Output::kCallers);
  std::vector<uint8_t> cbc_ct = OneShot("AES-256-CBC", true, true, msg);
  const struct {
    StepCase step;
    std::vector<uint8_t> data;
    std::vector<uint8_t> expected;
  } cases[] = {
      {{"AES-256-GCM", kFinal, 16}, gcm_ct, msg},
      {{"ChaCha20-Poly1305", kFinal, 16}, chacha_ct, msg},
      {{"AES-256-CBC", kFinal | jni::kPad, 0}, cbc_ct, msg},
      {{"AES-256-CBC", kFinal | jni::kPad | jni::kEncrypt, 0}, msg, cbc_ct},
      {{"AES-256-CTR", kFinal | jni::kEncrypt, 0}, msg, OneShot("AES-256-CTR", true, false, msg)},
  };
  for (const auto& c : cases) {
    // The data split between a prefix and an input at odd places, fed in odd pieces; the tag
    // straddles pieces.
    for (size_t split : {size_t{0}, size_t{1}, size_t{4095}, c.data.size()}) {
      std::vector<uint8_t> prefix(c.data.begin(), c.data.begin() + split);
      std::vector<uint8_t> in(c.data.begin() + split, c.data.end());
      EXPECT_EQ(RunWhole(c.step, prefix, in, CipherStep::Output::kCallers), c.expected)
          << c.step.cipher << " split " << split;
      for (size_t piece : {1, 7, 4097, 100000}) {
        EXPECT_EQ(RunInPieces(c.step, prefix, in, piece), c.expected)
            << c.step.cipher << " split " << split << " piece " << piece;
      }
    }
  }
}

TEST(StepRunTest, FailedChecksLeaveTheCallersOutputUntouched) {
  std::vector<uint8_t> msg = Pattern(3008, 7);  // whole blocks, for CBC without padding
  StepCase seal{"AES-256-GCM", kFinal | jni::kEncrypt, 16};
  std::vector<uint8_t> ct = RunWhole(seal, {}, msg, CipherStep::Output::kCallers);
  ct.back() ^= 1;
  std::vector<uint8_t> cbc = OneShot("AES-256-CBC", true, false, msg);  // no padding block
  const struct {
    StepCase step;
    const std::vector<uint8_t>* data;
    ErrorKind kind;
  } cases[] = {
      {{"AES-256-GCM", kFinal, 16}, &ct, ErrorKind::kBadTag},
      {{"AES-256-CBC", kFinal | jni::kPad, 0}, &cbc, ErrorKind::kBadPadding},
  };
  for (const auto& c : cases) {
    const EVP_CIPHER* evp = FindCipher(c.step.cipher);
    std::span<const uint8_t> iv(kIv.data(), static_cast<size_t>(EVP_CIPHER_get_iv_length(evp)));
    CipherStep step(evp, c.step.flags, kKey, iv, {}, {}, static_cast<int32_t>(c.data->size()),
                    static_cast<int32_t>(c.step.tag_len));
    CipherContext context;
    std::vector<uint8_t> out(step.max_out(), 0xee);
    EXPECT_EQ(KindOf([&] {
                step.Run(context, c.data->data(), out.data(), CipherStep::Output::kCallers);
              }),
              c.kind);
    EXPECT_EQ(out, std::vector<uint8_t>(step.max_out(), 0xee)) << c.step.cipher;
    // In place, the ciphertext is all the output holds afterwards.
    std::vector<uint8_t> in_place = *c.data;
    EXPECT_EQ(KindOf([&] {
                step.Run(context, in_place.data(), in_place.data(), CipherStep::Output::kCallers);
              }),
              c.kind);
    EXPECT_EQ(in_place, *c.data) << c.step.cipher;
  }
}

// Into a private output (the allocating Cipher.doFinal's new array), an AEAD decryption is not
// staged: it writes its plaintext straight away, and a failed tag check cleanses all it wrote. An
// unwrap stays staged, since OpenSSL cleanses past the end of what it returns.
TEST(StepRunTest, PrivateOutputTakesPlaintextDirectlyAndIsCleansedOnFailure) {
  std::vector<uint8_t> msg = Pattern(3000, 5);
  StepCase seal{"AES-256-GCM", kFinal | jni::kEncrypt, 16};
  std::vector<uint8_t> ct = RunWhole(seal, {}, msg, CipherStep::Output::kCallers);
  const EVP_CIPHER* evp = FindCipher("AES-256-GCM");
  std::span<const uint8_t> iv(kIv.data(), 12);
  CipherStep open(evp, kFinal | jni::kPrivateOutput, kKey, iv, {}, {},
                  static_cast<int32_t>(ct.size()), 16);
  EXPECT_FALSE(open.Staged());
  CipherContext context;
  std::vector<uint8_t> out(open.max_out(), 0xee);
  out.resize(open.Run(context, ct.data(), out.data(), CipherStep::Output::kCallers));
  EXPECT_EQ(out, msg);

  ct.back() ^= 1;
  std::vector<uint8_t> spoiled(open.max_out(), 0xee);
  EXPECT_EQ(
      KindOf([&] { open.Run(context, ct.data(), spoiled.data(), CipherStep::Output::kCallers); }),
      ErrorKind::kBadTag);
  EXPECT_EQ(spoiled, std::vector<uint8_t>(open.max_out(), 0));  // cleansed, not plaintext

  CipherStep unwrap(FindCipher("AES-256-WRAP-PAD"), kFinal | jni::kWrap | jni::kPrivateOutput, kKey,
                    {}, {}, {}, 40, 0);
  EXPECT_TRUE(unwrap.Staged());
}

// OpenSSL's key unwrap cleanses as many output bytes as it took input when the integrity check
// fails: a semiblock more than max_out(). The staging memory must hold that (ASan sees an overflow
// of it otherwise), and the caller's output still sees nothing.
TEST(StepRunTest, FailedKeyUnwrapStaysInsideItsStagingMemory) {
  const EVP_CIPHER* evp = FindCipher("AES-256-WRAP-PAD");
  const std::vector<uint8_t> icv = {0xa6, 0x59, 0x59, 0xa6};  // RFC 5649's
  std::vector<uint8_t> key_data = Pattern(2520, 9);
  CipherStep wrap(evp, kFinal | jni::kEncrypt | jni::kWrap, kKey, icv, {}, {},
                  static_cast<int32_t>(key_data.size()), 0);
  std::vector<uint8_t> wrapped(wrap.max_out());
  CipherContext context;
  wrapped.resize(wrap.Run(context, key_data.data(), wrapped.data(), CipherStep::Output::kCallers));
  wrapped[1428] ^= 1;
  CipherStep unwrap(evp, kFinal | jni::kWrap, kKey, icv, {}, {},
                    static_cast<int32_t>(wrapped.size()), 0);
  EXPECT_GT(unwrap.staging_size(), unwrap.max_out());
  std::vector<uint8_t> out(unwrap.max_out(), 0xee);
  KindOf([&] { unwrap.Run(context, wrapped.data(), out.data(), CipherStep::Output::kCallers); });
  EXPECT_EQ(out, std::vector<uint8_t>(unwrap.max_out(), 0xee));
}

// A one-shot cipher's message (XTS, CCM, GCM-SIV) comes whole either as the prefix (what Java
// buffered) or as the input (a doFinal with nothing buffered, read where it lies, in place too),
// never split between them; both give the same output.
TEST(StepRunTest, OneShotTakesItsMessageAsPrefixOrAsInput) {
  std::vector<uint8_t> msg = Pattern(3001, 8);
  const std::pair<const char*, int32_t> kCases[] = {
      {"AES-128-XTS", 0}, {"AES-256-CCM", 16}, {"AES-256-GCM-SIV", 16}};
  for (const auto& [cipher, tag_len] : kCases) {
    const EVP_CIPHER* evp = FindCipher(cipher);
    if (evp == nullptr) {
      continue;  // GCM-SIV before OpenSSL 3.2
    }
    const int32_t one_shot = kFinal | jni::kOneShot;
    StepCase seal{cipher, one_shot | jni::kEncrypt, static_cast<size_t>(tag_len)};
    StepCase open{cipher, one_shot, static_cast<size_t>(tag_len)};
    std::vector<uint8_t> ct = RunWhole(seal, msg, {}, CipherStep::Output::kCallers);
    EXPECT_EQ(RunWhole(seal, {}, msg, CipherStep::Output::kCallers), ct) << cipher;
    EXPECT_EQ(RunWhole(open, ct, {}, CipherStep::Output::kCallers), msg) << cipher;
    EXPECT_EQ(RunWhole(open, {}, ct, CipherStep::Output::kCallers), msg) << cipher;

    std::span<const uint8_t> iv(kIv.data(), static_cast<size_t>(EVP_CIPHER_get_iv_length(evp)));
    CipherStep in_place(evp, seal.flags, kKey, iv, {}, {}, static_cast<int32_t>(msg.size()),
                        tag_len);
    std::vector<uint8_t> buffer = msg;
    buffer.resize(in_place.max_out());
    CipherContext context;
    buffer.resize(
        in_place.Run(context, buffer.data(), buffer.data(), CipherStep::Output::kCallers));
    EXPECT_EQ(buffer, ct) << cipher << " in place";

    std::vector<uint8_t> half(msg.begin(), msg.begin() + 100);
    EXPECT_EQ(KindOf([&] { CipherStep split(evp, seal.flags, kKey, iv, {}, half, 10, tag_len); }),
              ErrorKind::kIllegalArgument)
        << cipher;
  }
}

// GCM-SIV writes its plaintext before it checks the tag. Into a private output (not staged) a
// failed decryption cleanses what it wrote.
TEST(StepRunTest, FailedOneShotDecryptionIntoPrivateOutputIsCleansed) {
  const EVP_CIPHER* evp = FindCipher("AES-256-GCM-SIV");
  if (evp == nullptr) {
    GTEST_SKIP() << "GCM-SIV needs OpenSSL 3.2";
  }
  std::vector<uint8_t> msg = Pattern(2000, 9);
  const int32_t one_shot = kFinal | jni::kOneShot;
  std::vector<uint8_t> ct = RunWhole({"AES-256-GCM-SIV", one_shot | jni::kEncrypt, 16}, {}, msg,
                                     CipherStep::Output::kCallers);
  ct[5] ^= 1;
  std::span<const uint8_t> iv(kIv.data(), 12);
  CipherStep open(evp, one_shot | jni::kPrivateOutput, kKey, iv, {}, {},
                  static_cast<int32_t>(ct.size()), 16);
  EXPECT_FALSE(open.Staged());
  std::vector<uint8_t> out(open.max_out(), 0xee);
  CipherContext context;
  EXPECT_EQ(KindOf([&] { open.Run(context, ct.data(), out.data(), CipherStep::Output::kCallers); }),
            ErrorKind::kBadTag);
  EXPECT_EQ(out, std::vector<uint8_t>(open.max_out(), 0));
}

// A whole message restarted with a new IV alone (CipherStep::WholeRestart, every re-init of a JCA
// cipher with the same key) takes a shorter path than StepRun: it must give what a fresh context
// gives, in place and into overlapping output (which falls back to the general path) too, and a
// failing message must release nothing it wrote.
TEST(StepRunTest, RestartWithTheIvAloneMatchesAFreshContext) {
  for (const char* cipher :
       {"AES-256-CBC", "AES-256-CTR", "AES-256-OFB", "AES-256-CFB", "AES-256-ECB"}) {
    for (bool encrypt : {true, false}) {
      SCOPED_TRACE(std::string(cipher) + (encrypt ? " encrypt" : " decrypt"));
      const EVP_CIPHER* evp = FindCipher(cipher);
      const size_t iv_len = static_cast<size_t>(EVP_CIPHER_get_iv_length(evp));
      const int32_t flags = kFinal | (encrypt ? jni::kEncrypt : 0);
      CipherContext context;
      std::vector<uint8_t> first = Pattern(32, 9);
      std::vector<uint8_t> out(64);
      // The first message sends the key; the ones after it only their IVs.
      CipherStep keyed(evp, flags, kKey, {kIv.data(), iv_len}, {}, {}, 32, 0);
      ASSERT_FALSE(keyed.WholeRestart());
      keyed.Run(context, first.data(), out.data(), CipherStep::Output::kCallers);
      for (int message = 0; message < 3; ++message) {
        std::vector<uint8_t> iv = Pattern(16, static_cast<uint8_t>(40 + message));
        std::vector<uint8_t> in = Pattern(64 + 16 * message, static_cast<uint8_t>(message));
        CipherContext fresh;
        fresh.Start(evp, encrypt, kKey.data(), 32, iv_len == 0 ? nullptr : iv.data(), iv_len);
        std::vector<uint8_t> expected(in.size());
        size_t n = fresh.Update(in.data(), in.size(), expected.data());
        expected.resize(n + fresh.Finish(expected.data() + n));

        CipherStep step(evp, flags, {}, {iv.data(), iv_len}, {}, {},
                        static_cast<int32_t>(in.size()), 0);
        ASSERT_TRUE(step.WholeRestart());
        std::vector<uint8_t> apart(in.size());
        apart.resize(step.Run(context, in.data(), apart.data(), CipherStep::Output::kCallers));
        EXPECT_EQ(apart, expected);
        std::vector<uint8_t> in_place = in;
        in_place.resize(
            step.Run(context, in_place.data(), in_place.data(), CipherStep::Output::kCallers));
        EXPECT_EQ(in_place, expected);
        // Output one block behind the input, overlapping it: the general path copies the input.
        std::vector<uint8_t> shifted(in.size() + 16);
        std::memcpy(shifted.data() + 16, in.data(), in.size());
        size_t written =
            step.Run(context, shifted.data() + 16, shifted.data(), CipherStep::Output::kCallers);
        EXPECT_EQ(std::vector<uint8_t>(shifted.begin(), shifted.begin() + written), expected);
      }
    }
  }
  // A CBC message that is not whole blocks fails at its end: the block it wrote is cleansed.
  const EVP_CIPHER* cbc = FindCipher("AES-256-CBC");
  CipherContext context;
  std::vector<uint8_t> in = Pattern(20, 3);
  std::vector<uint8_t> out(20, 0xee);
  CipherStep keyed(cbc, kFinal | jni::kEncrypt, kKey, {kIv.data(), 16}, {}, {}, 16, 0);
  keyed.Run(context, in.data(), out.data(), CipherStep::Output::kCallers);
  CipherStep partial(cbc, kFinal | jni::kEncrypt, {}, {kIv.data(), 16}, {}, {}, 20, 0);
  ASSERT_TRUE(partial.WholeRestart());
  std::fill(out.begin(), out.end(), 0xee);
  EXPECT_EQ(
      KindOf([&] { partial.Run(context, in.data(), out.data(), CipherStep::Output::kCallers); }),
      ErrorKind::kIllegalArgument);
  EXPECT_EQ(std::vector<uint8_t>(out.begin(), out.begin() + 16), std::vector<uint8_t>(16, 0));
}

}  // namespace
}  // namespace carbide
