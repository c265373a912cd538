// The record path with the caller's buffers lent to libssl (Engine::SealRecord, OpenRecord;
// record_bio.h): the same bytes as the queued path, in the same order, whatever the room, and
// records that did not fit or were not read yet wait in the queues rather than being lost.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "carbide/error.h"
#include "carbide/tls.h"
#include "tls_fixture.h"

namespace carbide::tls {
namespace {

class TrustEverything final : public PeerVerifier {
 public:
  bool Verify(const std::vector<Der>& /*chain*/, const std::string& /*suite*/) noexcept override {
    return true;
  }
};

struct Connected {
  Connected() : engines(context, TLS1_3_VERSION) {
    fixture::Identity identity = fixture::SelfSigned();
    engines.server.UseKey({identity.certificate}, identity.private_key);
    engines.client.UseKey({identity.certificate}, identity.private_key);
    fixture::Handshake(engines.client, engines.server, trust);
    // The server's tickets, read through the queues so that each test starts with none pending.
    fixture::Move(engines.server, engines.client);
    std::vector<uint8_t> none(16);
    EXPECT_EQ(engines.client.Read(none, trust), 0);
  }
  Context context;
  fixture::MutualEngines engines;
  TrustEverything trust;
};

std::vector<uint8_t> RandomBytes(std::mt19937& random, size_t n) {
  std::vector<uint8_t> bytes(n);
  for (auto& b : bytes) {
    b = static_cast<uint8_t>(random());
  }
  return bytes;
}

TEST(TlsRecordBioTest, SealedAndOpenedRecordsCarryTheBytesBothWays) {
  Connected c;
  std::mt19937 random(7);
  for (size_t size : {1u, 100u, 1024u, 5000u, 16384u}) {
    std::vector<uint8_t> data = RandomBytes(random, size);
    std::vector<uint8_t> wire(size + 256);
    size_t n = c.engines.server.SealRecord(data, wire);
    EXPECT_EQ(c.engines.server.PendingRecords(), 0u);
    EXPECT_EQ(n, size + 5 + 1 + 16) << "one TLS 1.3 AES-GCM record";
    std::vector<uint8_t> out(16384);
    long read = c.engines.client.OpenRecord({wire.data(), n}, out, c.trust);
    ASSERT_EQ(read, static_cast<long>(size));
    EXPECT_TRUE(std::equal(data.begin(), data.end(), out.begin()));
    // And the other way, read through the queue: the sealed record is an ordinary one.
    n = c.engines.client.SealRecord(data, wire);
    c.engines.server.FeedRecords({wire.data(), n});
    read = c.engines.server.Read(out, c.trust);
    ASSERT_EQ(read, static_cast<long>(size));
    EXPECT_TRUE(std::equal(data.begin(), data.end(), out.begin()));
  }
}

TEST(TlsRecordBioTest, ARecordWithoutRoomWaitsInTheQueue) {
  Connected c;
  std::vector<uint8_t> data(1000, 0x42);
  std::vector<uint8_t> small(100);
  EXPECT_EQ(c.engines.server.SealRecord(data, small), 100u) << "the room is filled from the queue";
  size_t rest = c.engines.server.PendingRecords();
  EXPECT_EQ(rest, 1000u + 22u - 100u);
  std::vector<uint8_t> wire(small);
  wire.resize(100 + rest);
  EXPECT_EQ(c.engines.server.TakeRecords({wire.data() + 100, rest}), rest);
  std::vector<uint8_t> out(2000);
  ASSERT_EQ(c.engines.client.OpenRecord(wire, out, c.trust), 1000);
  EXPECT_EQ(out[999], 0x42);
}

TEST(TlsRecordBioTest, QueuedRecordsGoOutBeforeASealedOne) {
  Connected c;
  const std::string first = "first";
  const std::string second = "second";
  c.engines.server.Write({reinterpret_cast<const uint8_t*>(first.data()), first.size()});
  std::vector<uint8_t> wire(1024);
  size_t n = c.engines.server.SealRecord(
      {reinterpret_cast<const uint8_t*>(second.data()), second.size()}, wire);
  EXPECT_EQ(c.engines.server.PendingRecords(), 0u);
  // Both records given at once: the first is read from the lent bytes, the second is kept and read
  // by the next call.
  std::vector<uint8_t> out(64);
  long read = c.engines.client.OpenRecord({wire.data(), n}, out, c.trust);
  ASSERT_EQ(read, static_cast<long>(first.size()));
  EXPECT_EQ(std::string(out.begin(), out.begin() + read), first);
  read = c.engines.client.Read(out, c.trust);
  ASSERT_EQ(read, static_cast<long>(second.size()));
  EXPECT_EQ(std::string(out.begin(), out.begin() + read), second);
}

TEST(TlsRecordBioTest, FedRecordsAreReadBeforeLentOnes) {
  Connected c;
  std::vector<uint8_t> wire(1024);
  const std::string first = "fed first";
  const std::string second = "lent second";
  size_t n1 = c.engines.server.SealRecord(
      {reinterpret_cast<const uint8_t*>(first.data()), first.size()}, wire);
  c.engines.client.FeedRecords({wire.data(), n1});
  size_t n2 = c.engines.server.SealRecord(
      {reinterpret_cast<const uint8_t*>(second.data()), second.size()}, wire);
  std::vector<uint8_t> out(64);
  long read = c.engines.client.OpenRecord({wire.data(), n2}, out, c.trust);
  EXPECT_EQ(std::string(out.begin(), out.begin() + read), first);
  read = c.engines.client.Read(out, c.trust);
  EXPECT_EQ(std::string(out.begin(), out.begin() + read), second);
}

TEST(TlsRecordBioTest, ATamperedLentRecordThrowsAndLeavesNoBytesBehind) {
  Connected c;
  std::vector<uint8_t> data(300, 1);
  std::vector<uint8_t> wire(512);
  size_t n = c.engines.server.SealRecord(data, wire);
  wire[n - 1] ^= 1;
  std::vector<uint8_t> out(512);
  EXPECT_THROW(c.engines.client.OpenRecord({wire.data(), n}, out, c.trust), Error);
  EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](uint8_t b) { return b == 0; }))
      << "no unauthenticated plaintext reaches the caller";
}

// The queues keep the bytes in order however they are taken and fed: records written while
// earlier ones are only partly taken, taken in odd pieces and fed in other odd pieces (the queue
// then moves what is left to its front, or empties and starts again).
TEST(TlsRecordBioTest, TheQueuesKeepOrderAcrossPartialTakesAndFeeds) {
  Connected c;
  std::mt19937 random(11);
  std::vector<uint8_t> sent;
  std::vector<uint8_t> wire;
  for (int round = 0; round < 40; round++) {
    std::vector<uint8_t> data = RandomBytes(random, 1 + random() % 3000);
    c.engines.server.Write(data);
    sent.insert(sent.end(), data.begin(), data.end());
    std::vector<uint8_t> piece(random() % 2500);
    piece.resize(c.engines.server.TakeRecords(piece));
    wire.insert(wire.end(), piece.begin(), piece.end());
  }
  std::vector<uint8_t> rest(c.engines.server.PendingRecords());
  EXPECT_EQ(c.engines.server.TakeRecords(rest), rest.size());
  EXPECT_EQ(c.engines.server.PendingRecords(), 0u);
  wire.insert(wire.end(), rest.begin(), rest.end());
  std::vector<uint8_t> received;
  std::vector<uint8_t> out(16384);
  for (size_t at = 0; at < wire.size();) {
    size_t n = std::min<size_t>(1 + random() % 700, wire.size() - at);
    c.engines.client.FeedRecords({wire.data() + at, n});
    at += n;
    for (long read; (read = c.engines.client.Read(out, c.trust)) > 0;) {
      received.insert(received.end(), out.begin(), out.begin() + read);
    }
  }
  EXPECT_EQ(received, sent);
}

}  // namespace
}  // namespace carbide::tls
