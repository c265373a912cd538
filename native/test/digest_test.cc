#include "carbide/digest.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/provider_digest.h"
#include "test_util.h"

namespace carbide {
namespace {

struct DigestVector {
  const char* algorithm;
  std::string message;
  const char* expected_hex;
};

// FIPS 180-4 and FIPS 202 examples ("abc"), plus the empty message.
const DigestVector kVectors[] = {
    {"SHA1", "abc", "a9993e364706816aba3e25717850c26c9cd0d89d"},
    {"SHA2-256", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {"SHA2-256", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
    {"SHA2-512", "abc",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3fee"
     "bbd"
     "454d4423643ce80e2a9ac94fa54ca49f"},
    {"SHA3-256", "abc", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
    {"MD5", "abc", "900150983cd24fb0d6963f7d28e17f72"},
};

TEST(DigestTest, KnownAnswers) {
  for (const auto& vector : kVectors) {
    const EVP_MD* md = FindDigest(vector.algorithm);
    ASSERT_NE(md, nullptr) << vector.algorithm;
    Digest digest(md);
    digest.Update(reinterpret_cast<const uint8_t*>(vector.message.data()), vector.message.size());
    std::vector<uint8_t> out(digest.size());
    ASSERT_EQ(digest.Finish(out.data()), out.size());
    EXPECT_EQ(test::Hex(out), vector.expected_hex) << vector.algorithm;
  }
}

TEST(DigestTest, ContextIsReusableAfterFinish) {
  Digest digest(FindDigest("SHA2-256"));
  std::vector<uint8_t> first(32), second(32);
  digest.Update(reinterpret_cast<const uint8_t*>("abc"), 3);
  digest.Finish(first.data());
  digest.Update(reinterpret_cast<const uint8_t*>("abc"), 3);
  digest.Finish(second.data());
  EXPECT_EQ(first, second);
}

TEST(DigestTest, CopyContinuesIndependently) {
  Digest original(FindDigest("SHA2-256"));
  original.Update(reinterpret_cast<const uint8_t*>("ab"), 2);
  Digest copy(original);
  original.Update(reinterpret_cast<const uint8_t*>("c"), 1);
  copy.Update(reinterpret_cast<const uint8_t*>("c"), 1);
  std::vector<uint8_t> a(32), b(32);
  original.Finish(a.data());
  copy.Finish(b.data());
  EXPECT_EQ(a, b);
  EXPECT_EQ(test::Hex(a), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

// clone()'s snapshots: the state copied out finishes as the message would, and restored into
// another digest it continues the message, while the original goes on unchanged.
TEST(DigestTest, SnapshotFinishesAndRestoresTheMessage) {
  Digest original(FindDigest("SHA2-256"));
  const internal::ShaFunctions* sha = original.snapshot_functions();
  if (sha == nullptr) {
    GTEST_SKIP() << "SHA-256 does not take the SHA shortcut here (FIPS mode)";
  }
  original.Update(reinterpret_cast<const uint8_t*>("ab"), 2);
  internal::ShaState state;
  original.Snapshot(&state);
  original.Update(reinterpret_cast<const uint8_t*>("zz"), 2);

  Digest restored(FindDigest("SHA2-256"));
  restored.Restore(state);
  restored.Update(reinterpret_cast<const uint8_t*>("c"), 1);
  std::vector<uint8_t> out(32);
  restored.Finish(out.data());
  EXPECT_EQ(test::Hex(out), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");

  sha->update(&state, reinterpret_cast<const uint8_t*>("c"), 1);
  sha->final(out.data(), &state);
  EXPECT_EQ(test::Hex(out), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

// A state that crosses back from Java is checked before use: a count of buffered bytes at or past
// the block would make update write past the struct, so such a state is not valid and Restore
// refuses it. Every state init and update leave is valid.
TEST(DigestTest, StatesWithACountPastTheBlockAreRefused) {
  for (const char* name : {"SHA1", "SHA2-224", "SHA2-256", "SHA2-384", "SHA2-512"}) {
    Digest digest(FindDigest(name));
    const internal::ShaFunctions* sha = digest.snapshot_functions();
    if (sha == nullptr) {
      GTEST_SKIP() << name << " does not take the SHA shortcut here (FIPS mode)";
    }
    ASSERT_LE(sha->state_size, sizeof(internal::ShaState)) << name;
    internal::ShaState state{};
    sha->init(&state);
    EXPECT_TRUE(sha->valid(state)) << name;
    std::vector<uint8_t> message(sha->block_size - 1, 0x61);
    sha->update(&state, message.data(), message.size());
    ASSERT_TRUE(sha->valid(state)) << name;
    // The count is the only field that init leaves 0 and a block less one byte sets to it.
    internal::ShaState empty{};
    sha->init(&empty);
    size_t count_at = sizeof(state.bytes);
    for (size_t i = 0; i + 4 <= sha->state_size; i += 4) {
      uint32_t before = 0;
      uint32_t after = 0;
      std::memcpy(&before, empty.bytes + i, 4);
      std::memcpy(&after, state.bytes + i, 4);
      if (before == 0 && after == sha->block_size - 1) {
        count_at = i;
      }
    }
    ASSERT_LT(count_at, sizeof(state.bytes)) << name;
    uint32_t past = static_cast<uint32_t>(sha->block_size);
    std::memcpy(state.bytes + count_at, &past, 4);
    EXPECT_FALSE(sha->valid(state)) << name;
    try {
      digest.Restore(state);
      FAIL() << name << ": a state with a count past the block was restored";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kIllegalArgument) << name;
    }
  }
}

TEST(DigestTest, DigestsOffTheShortcutRefuseSnapshots) {
  Digest digest(FindDigest("SHA3-256"));
  EXPECT_EQ(digest.snapshot_functions(), nullptr);
  internal::ShaState state;
  try {
    digest.Snapshot(&state);
    FAIL() << "a SHA-3 snapshot was taken";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kIllegalState);
  }
}

TEST(DigestTest, ResetDiscardsData) {
  Digest digest(FindDigest("SHA2-256"));
  digest.Update(reinterpret_cast<const uint8_t*>("garbage"), 7);
  digest.Reset();
  std::vector<uint8_t> out(32);
  digest.Finish(out.data());
  EXPECT_EQ(test::Hex(out), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

// Digests the shortcut does not serve call their provider's own functions (provider_digest.h);
// SHAKE, whose length is a parameter, stays on EVP. Each path must agree with EVP's one-shot digest
// over split updates, a copy taken midway and a reuse after Finish.
TEST(DigestTest, ProviderFunctionsAgreeWithEvp) {
  for (const char* name : {"SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "SHA2-512/224",
                           "SHA2-512/256", "MD5", "SHA2-256", "SHAKE-256"}) {
    const EVP_MD* md = FindDigest(name);
    ASSERT_NE(md, nullptr) << name;
    bool xof = (EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF) != 0;
    bool shortcut = internal::FindShaFunctions(md) != nullptr;
    EXPECT_EQ(internal::FindProviderDigestFunctions(md) != nullptr, !xof) << name;
    size_t size = xof ? 64 : Digest::SizeOf(md);
    Digest digest(md, size);
    for (size_t len : {0, 1, 64, 135, 136, 1000}) {
      std::vector<uint8_t> message(len);
      for (size_t i = 0; i < len; ++i) {
        message[i] = static_cast<uint8_t>(i * 31 + len);
      }
      std::vector<uint8_t> expected(size);
      if (xof) {
        MdCtxPtr ctx(EVP_MD_CTX_new());
        ASSERT_EQ(EVP_DigestInit_ex2(ctx.get(), md, nullptr), 1);
        ASSERT_EQ(EVP_DigestUpdate(ctx.get(), message.data(), len), 1);
        ASSERT_EQ(EVP_DigestFinalXOF(ctx.get(), expected.data(), size), 1);
      } else {
        ASSERT_EQ(EVP_Digest(message.data(), len, expected.data(), nullptr, md, nullptr), 1);
      }
      size_t half = len / 2;
      digest.Update(message.data(), half);
      Digest copy(digest);
      digest.Update(message.data() + half, len - half);
      copy.Update(message.data() + half, len - half);
      std::vector<uint8_t> out(size), copied(size);
      digest.Finish(out.data());
      copy.Finish(copied.data());
      EXPECT_EQ(test::Hex(out), test::Hex(expected)) << name << " " << len << " " << shortcut;
      EXPECT_EQ(test::Hex(copied), test::Hex(expected)) << name << " " << len;
    }
  }
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

TEST(DigestTest, UnknownAlgorithmIsAbsentNotAnError) {
  EXPECT_EQ(FindDigest("NO-SUCH-DIGEST"), nullptr);
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

}  // namespace
}  // namespace carbide
