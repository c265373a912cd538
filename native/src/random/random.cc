#include "carbide/random.h"

#include <dlfcn.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <algorithm>
#include <climits>

#include "carbide/error.h"
#include "carbide/library.h"
#include "rand_method.h"

namespace carbide::random {
namespace {

// RAND_bytes, RAND_priv_bytes and RAND_add take an int length, so longer requests go in pieces.
constexpr size_t kMaxIntLength = INT_MAX;

EVP_RAND_CTX* PublicDrbg(OSSL_LIB_CTX* context) {
  EVP_RAND_CTX* drbg = RAND_get0_public(context);
  if (drbg == nullptr) {
    ThrowOpensslError("RAND_get0_public");
  }
  return drbg;
}

EVP_RAND_CTX* PublicDrbg() { return PublicDrbg(LibraryContext()); }

template <typename Fill>
void FillInIntPieces(uint8_t* out, size_t len, Fill fill, const char* context) {
  while (len > 0) {
    size_t piece = std::min(len, kMaxIntLength);
    CheckOpenssl(fill(out, static_cast<int>(piece)), context);
    out += piece;
    len -= piece;
  }
}

// True if the libcrypto in use is the jar's own variant (libcrypto-carbide.so.3). Its symbols carry
// their own version (OPENSSL_CARBIDE_3.0.0), so no other library in the process can bind to them
// and only Carbide calls into its default context. A system libcrypto is shared: another library
// on the same thread may end the thread's OpenSSL state (OPENSSL_thread_stop) or replace its DRBG
// (RAND_set0_public), and a DRBG pointer kept across calls would then dangle.
bool PrivateLibcrypto() {
  static const bool is_private =
      dlvsym(RTLD_DEFAULT, "RAND_get0_public", "OPENSSL_CARBIDE_3.0.0") != nullptr;
  return is_private;
}

// The calling thread's public DRBG in `context`, looked up once per thread and context, or null
// where Generate must leave the lookup to RAND_bytes_ex on every call. RAND_bytes_ex finds the
// DRBG again each time: in the default context it takes a process-wide lock to see whether a
// legacy RAND_METHOD replaces OpenSSL's generator, then both contexts make a per-context
// thread-local lookup, which in Carbide's FIPS context cost about 200 ns of a 16-byte request's
// 700 (native FipsContextRandom). What keeps the output safe lives in the DRBG, not in the lookup:
// every generate checks the process id and reseeds in a forked child, reseeds after its interval
// of requests and seconds, and reseeds when its parent's reseed counter has moved (AddSeed,
// Reseed). So the lookup is kept only where its answer can change: in the default context of a
// shared system libcrypto (see PrivateLibcrypto), or where a legacy RAND_METHOD serves RAND_bytes
// (only a configuration file can install one in the private library, and it does so before any
// use, so asking once per thread suffices). FIPS mode, in a library context of Carbide's own,
// looked its DRBG up once per thread before the default context did.
EVP_RAND_CTX* ThreadPublicDrbg(OSSL_LIB_CTX* context) {
  struct Cached {
    OSSL_LIB_CTX* context;
    EVP_RAND_CTX* drbg;
    bool known;
  };
  // Keyed by the context, since FIPS mode may start after a thread used the default one.
  thread_local Cached cached{nullptr, nullptr, false};
  if (!cached.known || cached.context != context) {
    bool keep = context != nullptr || (PrivateLibcrypto() && !internal::LegacyMethodInstalled());
    cached = {context, keep ? PublicDrbg(context) : nullptr, true};
  }
  return cached.drbg;
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
  if (len == 0) {
    return;
  }
  OSSL_LIB_CTX* context = LibraryContext();
  EVP_RAND_CTX* drbg = ThreadPublicDrbg(context);
  if (drbg == nullptr) {
    FillInIntPieces(
        out, len,
        [context](uint8_t* piece, int size) {
          return RAND_bytes_ex(context, piece, static_cast<size_t>(size), 0);
        },
        "RAND_bytes_ex");
    return;
  }
  // Splits at the DRBG's maximum request size itself, as RAND_bytes_ex does.
  CheckOpenssl(EVP_RAND_generate(drbg, out, len, 0, 0, nullptr, 0), "EVP_RAND_generate");
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
