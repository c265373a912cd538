#include "key_encoding_rules.h"

#include <algorithm>
#include <array>

#include "carbide/error.h"
#include "carbide/library.h"
#include "carbide/owned.h"

namespace carbide::key_encoding {
namespace {

constexpr uint8_t kTagInteger = 0x02;
constexpr uint8_t kTagBitString = 0x03;
constexpr uint8_t kTagOctetString = 0x04;
constexpr uint8_t kConstructed = 0x20;
// Deep enough for any key encoding; a bound, so a hostile nesting cannot exhaust the stack.
constexpr int kMaxDepth = 8;
// The content of OID 1.2.840.10045.2.1, id-ecPublicKey.
constexpr std::array<uint8_t, 7> kEcPublicKeyOid = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01};

[[noreturn]] void Refuse(const char* why) { throw Error(ErrorKind::kInvalidKey, why); }

struct DerValue {
  uint8_t tag = 0;
  std::span<const uint8_t> content;
};

// Splits one DER value off the front of `in`. Refuses BER: an indefinite length, or a definite
// one not in its shortest form (OpenSSL 3.0 reads both in keys; SunEC and OpenSSL 3.5 do not).
DerValue ReadDer(std::span<const uint8_t>& in) {
  if (in.size() < 2 || (in[0] & 0x1f) == 0x1f) {
    Refuse("truncated or multi-byte DER tag in the key encoding");
  }
  size_t header = 2;
  size_t length = in[1];
  if ((length & 0x80) != 0) {
    size_t count = length & 0x7f;
    if (count == 0 || count > sizeof(uint32_t) || in.size() - 2 < count || in[2] == 0) {
      Refuse("the key encoding is not DER: indefinite or padded length");
    }
    length = 0;
    for (size_t i = 0; i < count; ++i) {
      length = (length << 8) | in[2 + i];
    }
    if (length < 0x80) {
      Refuse("the key encoding is not DER: long form for a short length");
    }
    header += count;
  }
  if (length > in.size() - header) {
    Refuse("a length in the key encoding runs past its end");
  }
  DerValue value{in[0], in.subspan(header, length)};
  in = in.subspan(header + length);
  return value;
}

// Checks that `der` is a sequence of DER values, walking into constructed ones.
void CheckDerValues(std::span<const uint8_t> der, int depth) {
  if (depth > kMaxDepth) {
    Refuse("the key encoding nests too deep");
  }
  while (!der.empty()) {
    DerValue value = ReadDer(der);
    if ((value.tag & kConstructed) != 0) {
      CheckDerValues(value.content, depth + 1);
    }
  }
}

// Checks that `der` holds exactly one DER value and returns it.
DerValue WholeDerValue(std::span<const uint8_t> der) {
  CheckDerValues(der, 0);
  DerValue value = ReadDer(der);
  if (!der.empty()) {
    Refuse("trailing bytes after the key encoding");
  }
  return value;
}

bool IsSmallInteger(const DerValue& value, uint8_t wanted) {
  return value.tag == kTagInteger && value.content.size() == 1 && value.content[0] == wanted;
}

// X25519, X448, Ed25519 and Ed448: OIDs 1.3.101.110 to 1.3.101.113.
bool IsRfc8410(const DerValue& oid) {
  return oid.content.size() == 3 && oid.content[0] == 0x2b && oid.content[1] == 0x65 &&
         oid.content[2] >= 110 && oid.content[2] <= 113;
}

}  // namespace

// OpenSSL drops the unused bits a BIT STRING declares, so the key it returned was not the one
// encoded (its getEncoded() differed from the input). SunEC refuses such EdDSA and XDH keys; we
// refuse every one.
void CheckSubjectPublicKeyInfo(std::span<const uint8_t> der) {
  std::span<const uint8_t> fields = WholeDerValue(der).content;
  std::span<const uint8_t> algorithm = ReadDer(fields).content;
  DerValue oid = ReadDer(algorithm);
  DerValue bits = ReadDer(fields);
  if (bits.tag != kTagBitString || bits.content.empty() || bits.content[0] != 0) {
    Refuse("the X.509 public key's BIT STRING declares unused bits");
  }
  // OpenSSL also reads compressed and hybrid points (and keeps their form in getEncoded());
  // SunEC reads uncompressed ones only.
  if (std::ranges::equal(oid.content, kEcPublicKeyOid) &&
      (bits.content.size() < 2 || bits.content[1] != 0x04)) {
    Refuse("Only uncompressed point format supported");
  }
}

void CheckPrivateKeyInfo(std::span<const uint8_t> der) {
  std::span<const uint8_t> fields = WholeDerValue(der).content;
  // OpenSSL 3.0 reads any version; SunEC and RFC 5958 know 0 (v1) and 1 (v2) only.
  DerValue version = ReadDer(fields);
  if (!IsSmallInteger(version, 0) && !IsSmallInteger(version, 1)) {
    Refuse("the PKCS#8 version must be 0 or 1");
  }
  std::span<const uint8_t> algorithm = ReadDer(fields).content;
  DerValue oid = ReadDer(algorithm);
  DerValue private_key = ReadDer(fields);
  if (private_key.tag != kTagOctetString) {
    Refuse("the PKCS#8 private key is not an OCTET STRING");
  }
  // RFC 5958's [1] public key is a BIT STRING; OpenSSL 3.5 skips it unread, SunEC reads it.
  while (!fields.empty()) {
    DerValue field = ReadDer(fields);
    bool bad_bits = field.content.empty() || field.content[0] > 7 ||
                    (field.content.size() == 1 && field.content[0] != 0);
    if (field.tag == 0x81 && bad_bits) {
      Refuse("the PKCS#8 public key is not a valid BIT STRING");
    }
  }
  // An ECPrivateKey and an RFC 8410 CurvePrivateKey are one DER value each, which OpenSSL 3.0
  // reads leniently too. (Other types, ML-KEM's bare seeds among them, are left to OpenSSL.)
  bool ec = std::ranges::equal(oid.content, kEcPublicKeyOid);
  if (ec || IsRfc8410(oid)) {
    std::span<const uint8_t> inner = WholeDerValue(private_key.content).content;
    // RFC 5915 fixes the ECPrivateKey version at 1 and SunEC refuses any other; OpenSSL reads
    // it without looking.
    if (ec && !IsSmallInteger(ReadDer(inner), 1)) {
      Refuse("the ECPrivateKey version must be 1");
    }
  }
}

// OpenSSL keeps the public point an ECPrivateKey carries without comparing it with the private
// scalar, and does not check the scalar's range, so a key whose halves disagree or whose scalar
// is not below the order would pass. The pairwise check does both. It also multiplies the point
// by the order, which a prime-order curve does not need, but a check of our own through the EVP
// API measured no cheaper: it costs 1.9x a P-256 PKCS#8 decoding and 6x a P-384 one, on a path
// that foreign keys take once (TranslationCache).
void CheckDecodedPrivateKey(EVP_PKEY* key) {
  if (EVP_PKEY_is_a(key, "EC") != 1) {
    return;
  }
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(LibraryContext(), key, nullptr));
  if (ctx == nullptr || EVP_PKEY_pairwise_check(ctx.get()) != 1) {
    ThrowOpensslError("the EC private key is out of range or does not match its public key",
                      ErrorKind::kInvalidKey);
  }
}

}  // namespace carbide::key_encoding
