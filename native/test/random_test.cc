#include "carbide/random.h"

#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <future>
#include <set>
#include <thread>
#include <vector>

#include "carbide/error.h"

namespace carbide::random {
namespace {

std::vector<uint8_t> Generated(size_t len) {
  std::vector<uint8_t> out(len);
  Generate(out.data(), out.size());
  return out;
}

// True if every block of `block` bytes holds a non-zero byte: a stretch left unwritten by a
// chunking mistake stays zero, while `block` random zero bytes in a row do not happen. The last
// block ends at the end and may overlap the one before, so a short tail never stands alone.
bool EveryBlockWritten(const std::vector<uint8_t>& bytes, size_t block = 64) {
  for (size_t at = 0; at < bytes.size(); at += block) {
    size_t start = bytes.size() < block ? 0 : std::min(at, bytes.size() - block);
    auto first = bytes.begin() + static_cast<std::ptrdiff_t>(start);
    auto last = bytes.begin() + static_cast<std::ptrdiff_t>(std::min(start + block, bytes.size()));
    if (std::all_of(first, last, [](uint8_t b) { return b == 0; })) {
      return false;
    }
  }
  return true;
}

// True if eight generations of `len` bytes, OR-ed together, leave no byte zero. A byte that
// chunking never writes stays zero in all of them, while a written byte is zero in all eight
// with probability 2^-64: checking single bytes of one output would fail 1 run in 256.
bool EveryByteWritten(size_t len) {
  std::vector<uint8_t> seen(len);
  for (int round = 0; round < 8; ++round) {
    std::vector<uint8_t> out = Generated(len);
    std::transform(seen.begin(), seen.end(), out.begin(), seen.begin(),
                   [](uint8_t a, uint8_t b) { return static_cast<uint8_t>(a | b); });
  }
  return std::none_of(seen.begin(), seen.end(), [](uint8_t b) { return b == 0; });
}

// How often a DRBG has been reseeded, read through OpenSSL's own parameter.
unsigned ReseedCount(EVP_RAND_CTX* drbg) {
  unsigned count = 0;
  OSSL_PARAM params[] = {OSSL_PARAM_construct_uint(OSSL_DRBG_PARAM_RESEED_COUNTER, &count),
                         OSSL_PARAM_construct_end()};
  EXPECT_EQ(EVP_RAND_CTX_get_params(drbg, params), 1);
  return count;
}

TEST(RandomTest, DescribesTheDefaultDrbg) {
  EXPECT_GE(Strength(), 128u);
  EXPECT_FALSE(MechanismName().empty());
}

TEST(RandomTest, OutputsDiffer) {
  std::set<std::vector<uint8_t>> seen;
  for (int i = 0; i < 1000; ++i) {
    EXPECT_TRUE(seen.insert(Generated(16)).second);
  }
}

TEST(RandomTest, ZeroLengthIsANoOp) {
  Generate(nullptr, 0);
  GenerateSeed(nullptr, 0);
  AddSeed(nullptr, 0);
  Generate(nullptr, 0, 0, true, nullptr, 0);
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

TEST(RandomTest, FillsEveryLength) {
  for (size_t len : {size_t{1}, size_t{255}, size_t{4096}, size_t{65537}, size_t{3} << 20}) {
    EXPECT_TRUE(EveryByteWritten(len)) << len;
  }
}

TEST(RandomTest, LargeOutputDoesNotRepeatItself) {
  std::vector<uint8_t> out = Generated(size_t{2} << 20);
  auto half = static_cast<std::ptrdiff_t>(out.size() / 2);
  EXPECT_FALSE(std::equal(out.begin(), out.begin() + half, out.begin() + half));
}

TEST(RandomTest, AddSeedNeverMakesOutputRepeat) {
  const std::vector<uint8_t> seed(48, 0x42);
  std::set<std::vector<uint8_t>> seen;
  for (int i = 0; i < 20; ++i) {
    AddSeed(seed.data(), seed.size());
    EXPECT_TRUE(seen.insert(Generated(32)).second);
  }
}

TEST(RandomTest, AddSeedReachesOtherThreadsDrbg) {
  std::promise<void> seeded;
  std::promise<void> ready;
  unsigned unprompted = 0;
  unsigned after_seed = 0;
  unsigned before = 0;
  std::thread other([&] {
    Generated(16);
    EVP_RAND_CTX* drbg = RAND_get0_public(nullptr);
    before = ReseedCount(drbg);
    Generated(16);
    unprompted = ReseedCount(drbg);
    ready.set_value();
    seeded.get_future().wait();
    Generated(16);
    after_seed = ReseedCount(drbg);
  });
  ready.get_future().wait();
  const uint8_t seed[] = {1, 2, 3};
  AddSeed(seed, sizeof seed);
  seeded.set_value();
  other.join();
  EXPECT_EQ(unprompted, before);  // without a seed, the other thread's DRBG does not reseed
  EXPECT_GT(after_seed, before);
}

TEST(RandomTest, PredictionResistantReseedReseedsThePrimary) {
  unsigned before = ReseedCount(RAND_get0_primary(nullptr));
  Reseed(/*prediction_resistance=*/true, nullptr, 0);
  EXPECT_GT(ReseedCount(RAND_get0_primary(nullptr)), before);
  EXPECT_EQ(Generated(32).size(), 32u);
}

TEST(RandomTest, ReseedWithAdditionalInput) {
  const uint8_t input[] = {9, 8, 7, 6};
  std::vector<uint8_t> before = Generated(32);
  Reseed(/*prediction_resistance=*/false, input, sizeof input);
  EXPECT_NE(Generated(32), before);
}

TEST(RandomTest, GenerateWithRequestOptions) {
  const uint8_t additional[] = {1, 2, 3, 4, 5};
  std::vector<uint8_t> a(100000), b(100000);
  Generate(a.data(), a.size(), Strength(), true, additional, sizeof additional);
  Generate(b.data(), b.size(), 0, false, additional, sizeof additional);
  EXPECT_TRUE(EveryBlockWritten(a));
  EXPECT_TRUE(EveryBlockWritten(b));
  EXPECT_NE(a, b);
}

TEST(RandomTest, StrengthAboveTheDrbgsIsRejected) {
  uint8_t out[16];
  try {
    Generate(out, sizeof out, Strength() + 1, false, nullptr, 0);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kIllegalArgument);
  }
  EXPECT_TRUE(OpensslErrorQueueEmpty());
}

// A forked child's DRBG reseeds before its first output, so the child and the parent, which hold
// the same DRBG state just after the fork, never produce the same bytes. Generate keeps the
// thread's DRBG from one call to the next, so the reseed must come from the DRBG itself.
TEST(RandomTest, ForkedChildDoesNotRepeatTheParent) {
  Generated(16);  // the thread's DRBG exists, and Generate holds it, before the fork
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    close(fds[0]);
    int status = 1;
    try {
      std::vector<uint8_t> out = Generated(32);
      status = write(fds[1], out.data(), out.size()) == 32 ? 0 : 1;
    } catch (...) {
      status = 2;
    }
    _exit(status);
  }
  close(fds[1]);
  std::vector<uint8_t> parent = Generated(32);
  std::vector<uint8_t> theirs(32);
  size_t got = 0;
  while (got < theirs.size()) {
    ssize_t n = read(fds[0], theirs.data() + got, theirs.size() - got);
    if (n <= 0) {
      break;
    }
    got += static_cast<size_t>(n);
  }
  close(fds[0]);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  ASSERT_EQ(got, theirs.size());
  EXPECT_NE(parent, theirs);
}

TEST(RandomTest, GenerateSeedWorks) {
  std::vector<uint8_t> a(64), b(64), large(size_t{1} << 20);
  GenerateSeed(a.data(), a.size());
  GenerateSeed(b.data(), b.size());
  GenerateSeed(large.data(), large.size());
  EXPECT_NE(a, b);
  EXPECT_TRUE(EveryBlockWritten(a, 32));
  EXPECT_TRUE(EveryBlockWritten(large));
}

}  // namespace
}  // namespace carbide::random
