#include "carbide/random.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <algorithm>
#include <climits>

#include "carbide/error.h"
#include "carbide/library.h"

namespace carbide::random {
namespace {

// RAND_bytes, RAND_priv_bytes and RAND_add take an int length, so longer requests go in pieces.
constexpr size_t kMaxIntLength = INT_MAX;

EVP_RAND_CTX* PublicDrbg() {
  EVP_RAND_CTX* drbg = RAND_get0_public(LibraryContext());
  if (drbg == nullptr) {
    ThrowOpensslError("RAND_get0_public");
  }
  return drbg;
}

template <typename Fill>
void FillInIntPieces(uint8_t* out, size_t len, Fill fill, const char* context) {
  while (len > 0) {
    size_t piece = std::min(len, kMaxIntLength);
    CheckOpenssl(fill(out, static_cast<int>(piece)), context);
    out += piece;
    len -= piece;
  }
}

// The calling thread's public DRBG in Carbide's FIPS context, looked up once per thread. In a
// library context of its own, RAND_bytes_ex finds the thread's DRBG through a per-context
// thread-local lookup on every call, which cost about 200 ns of a 16-byte request's 700 (native
// FipsContextRandom); the DRBG it finds stays the same for the thread's life. Only in FIPS mode:
// in the default context RAND_bytes_ex also honours a legacy RAND_METHOD, which this would skip.
EVP_RAND_CTX* ThreadFipsDrbg() {
  thread_local EVP_RAND_CTX* drbg = nullptr;
  if (drbg == nullptr) {
    drbg = PublicDrbg();
  }
  return drbg;
}

}  // namespace

unsigned Strength() noexcept {
  EVP_RAND_CTX* drbg = RAND_get0_public(LibraryContext());
  if (drbg == nullptr) {
    ClearOpensslErrors();
    return 0;
  }
  return EVP_RAND_get_strength(drbg);
}

std::string MechanismName() {
  EVP_RAND_CTX* drbg = RAND_get0_public(LibraryContext());
  if (drbg == nullptr) {
    ClearOpensslErrors();
    return "";
  }
  const char* name = EVP_RAND_get0_name(EVP_RAND_CTX_get0_rand(drbg));
  return name != nullptr ? name : "";
}

void Generate(uint8_t* out, size_t len) {
  if (LibraryContext() != nullptr) {
    if (len > 0) {
      // Splits at the DRBG's maximum request size itself, as RAND_bytes_ex does.
      CheckOpenssl(EVP_RAND_generate(ThreadFipsDrbg(), out, len, 0, 0, nullptr, 0),
                   "EVP_RAND_generate");
    }
    return;
  }
  FillInIntPieces(
      out, len,
      [](uint8_t* piece, int size) {
        return RAND_bytes_ex(LibraryContext(), piece, static_cast<size_t>(size), 0);
      },
      "RAND_bytes_ex");
}

void Generate(uint8_t* out, size_t len, unsigned strength, bool prediction_resistance,
              const uint8_t* additional, size_t additional_len) {
  EVP_RAND_CTX* drbg = PublicDrbg();
  if (strength > EVP_RAND_get_strength(drbg)) {
    throw Error(ErrorKind::kIllegalArgument, "requested strength " + std::to_string(strength) +
                                                 " exceeds the DRBG's " +
                                                 std::to_string(EVP_RAND_get_strength(drbg)));
  }
  if (len == 0) {
    return;
  }
  // EVP_RAND_generate splits the request at the DRBG's maximum request size itself, passing the
  // additional input with every piece and asking for prediction resistance on the first only.
  CheckOpenssl(EVP_RAND_generate(drbg, out, len, strength, prediction_resistance ? 1 : 0,
                                 additional, additional_len),
               "EVP_RAND_generate");
}

void GenerateSeed(uint8_t* out, size_t len) {
  FillInIntPieces(
      out, len,
      [](uint8_t* piece, int size) {
        return RAND_priv_bytes_ex(LibraryContext(), piece, static_cast<size_t>(size), 0);
      },
      "RAND_priv_bytes_ex");
}

void AddSeed(const uint8_t* data, size_t len) {
  // The seed must reach every thread's DRBG without replacing what they hold. In OpenSSL 3,
  // RAND_add is EVP_RAND_reseed(primary, 0, NULL, 0, data, len): the primary reseeds from the
  // operating system with `data` as SP 800-90A additional input, which is hashed into the state on
  // top of the fresh entropy (the `randomness` estimate is ignored, and we claim none). That bumps
  // the primary's reseed counter, so each thread's public and private DRBG reseeds from the primary
  // before its next output. RAND_add reports nothing, and a failure inside it would leave an entry
  // in the error queue to be blamed for a later, unrelated failure, so we make its call ourselves
  // and check it. The calling thread's public DRBG is then reseeded explicitly with the same
  // additional input: that takes effect at once and does not rely on the propagation.
  EVP_RAND_CTX* primary = RAND_get0_primary(LibraryContext());
  if (primary == nullptr) {
    ThrowOpensslError("RAND_get0_primary");
  }
  EVP_RAND_CTX* drbg = PublicDrbg();
  while (len > 0) {
    size_t piece = std::min(len, kMaxIntLength);
    CheckOpenssl(EVP_RAND_reseed(primary, 0, nullptr, 0, data, piece), "EVP_RAND_reseed");
    CheckOpenssl(EVP_RAND_reseed(drbg, 0, nullptr, 0, data, piece), "EVP_RAND_reseed");
    data += piece;
    len -= piece;
  }
}

void Reseed(bool prediction_resistance, const uint8_t* additional, size_t additional_len) {
  AddSeed(additional, additional_len);
  // With prediction resistance the public DRBG asks the primary for a prediction-resistant seed,
  // which makes the primary reseed from the operating system first; the primary's new reseed
  // counter then makes every other thread's DRBG reseed too.
  CheckOpenssl(EVP_RAND_reseed(PublicDrbg(), prediction_resistance ? 1 : 0, nullptr, 0, nullptr, 0),
               "EVP_RAND_reseed");
}

}  // namespace carbide::random
