// libFuzzer target: records from the network into the native TLS engine, as the Java SSLEngine's
// unwrap hands them over (one whole record at a time, its header's length believed up to the
// largest record), for a server engine (which parses a ClientHello) and for a client engine that
// has queued its ClientHello (which parses a server's flight). Every input must end in a result or
// a carbide::Error, never a crash, a leak or undefined behaviour (ASan and UBSan).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "../test/tls_fixture.h"
#include "carbide/error.h"
#include "carbide/tls.h"

namespace {

// The largest record the Java side passes on: 2^14 + 2048 bytes of body and the 5-byte header.
constexpr size_t kMaxRecord = 16384 + 2048 + 5;

void Feed(carbide::tls::Engine& engine, std::span<const uint8_t> input) {
  carbide::tls::fixture::TrustAll verifier;
  std::vector<uint8_t> out(16384);
  size_t at = 0;
  while (input.size() - at >= 5) {
    size_t length = 5 + (static_cast<size_t>(input[at + 3]) << 8 | input[at + 4]);
    if (length > kMaxRecord || length > input.size() - at) {
      return;  // the Java side refuses the first, and waits for the rest of the second
    }
    engine.FeedRecords(input.subspan(at, length));
    at += length;
    if (!engine.HandshakeComplete()) {
      engine.Handshake(verifier);
    } else if (engine.Read(out, verifier) < 0) {
      engine.Shutdown();
    }
    // Drain what it answered, as wrap would.
    while (engine.TakeRecords(out) > 0) {
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const carbide::tls::fixture::Identity identity = carbide::tls::fixture::SelfSignedEc();
  static const carbide::tls::Context context;
  if (size == 0) {
    return 0;
  }
  bool client = (data[0] & 1) != 0;
  carbide::tls::Engine engine(context, client);
  carbide::tls::Settings settings;
  settings.groups = "X25519MLKEM768:X25519:secp256r1";
  carbide::tls::fixture::TrustAll verifier;
  try {
    engine.Configure(settings);
    if (client) {
      engine.Handshake(verifier);  // queues the ClientHello
    } else {
      engine.UseKey({identity.certificate}, identity.private_key);
    }
    Feed(engine, std::span<const uint8_t>(data + 1, size - 1));
  } catch (const carbide::Error&) {
    // Refused: what the Java side turns into SSLException.
  }
  return 0;
}
