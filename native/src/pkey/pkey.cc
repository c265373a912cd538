#include "carbide/pkey.h"

#include <openssl/core_names.h>
#include <openssl/obj_mac.h>
#include <openssl/objects.h>
#include <openssl/params.h>
#include <openssl/x509.h>

#include "carbide/cleanse.h"
#include "carbide/error.h"

namespace carbide {
namespace {

using Pkcs8Ptr = Owned<PKCS8_PRIV_KEY_INFO, PKCS8_PRIV_KEY_INFO_free>;

// One DER value, split off the front of an encoding that OpenSSL has already parsed: the rules
// below look at fields OpenSSL reads leniently. Returns false if `in` holds no whole value.
struct DerValue {
  uint8_t tag = 0;
  std::span<const uint8_t> content;
};

bool ReadDer(std::span<const uint8_t>& in, DerValue& value) {
  if (in.size() < 2) {
    return false;
  }
  size_t header = 2;
  size_t length = in[1];
  if ((length & 0x80) != 0) {
    size_t count = length & 0x7f;
    if (count == 0 || count > sizeof(uint32_t) || in.size() - 2 < count) {
      return false;
    }
    length = 0;
    for (size_t i = 0; i < count; ++i) {
      length = (length << 8) | in[2 + i];
    }
    header += count;
  }
  if (length > in.size() - header) {
    return false;
  }
  value.tag = in[0];
  value.content = in.subspan(header, length);
  in = in.subspan(header + length);
  return true;
}

constexpr uint8_t kTagInteger = 0x02;
constexpr uint8_t kTagBitString = 0x03;
constexpr uint8_t kTagSequence = 0x30;

// OpenSSL drops the unused bits a SubjectPublicKeyInfo's BIT STRING declares, so the key it
// returns is not the one encoded (its getEncoded() differs from the input). SunEC refuses such
// EdDSA and XDH keys; we refuse every one.
void CheckWholeBytesKey(std::span<const uint8_t> der) {
  DerValue spki;
  DerValue algorithm;
  DerValue bits;
  std::span<const uint8_t> rest = der;
  bool whole_bytes = ReadDer(rest, spki) && spki.tag == kTagSequence;
  rest = spki.content;
  whole_bytes = whole_bytes && ReadDer(rest, algorithm) && ReadDer(rest, bits) &&
                bits.tag == kTagBitString && !bits.content.empty() && bits.content[0] == 0;
  if (!whole_bytes) {
    throw Error(ErrorKind::kInvalidKey, "the X.509 public key's BIT STRING declares unused bits");
  }
}

// RFC 5915 fixes the ECPrivateKey version at 1 and SunEC refuses any other; OpenSSL reads it
// without looking.
void CheckEcPrivateKeyVersion(const PKCS8_PRIV_KEY_INFO* info) {
  const ASN1_OBJECT* algorithm = nullptr;
  const unsigned char* key = nullptr;
  int key_len = 0;
  if (PKCS8_pkey_get0(&algorithm, &key, &key_len, nullptr, info) != 1) {
    ThrowOpensslError("invalid PKCS#8 private key encoding", ErrorKind::kInvalidKey);
  }
  if (OBJ_obj2nid(algorithm) != NID_X9_62_id_ecPublicKey) {
    return;
  }
  std::span<const uint8_t> rest(key, static_cast<size_t>(key_len));
  DerValue sequence;
  DerValue version;
  bool ok = ReadDer(rest, sequence) && sequence.tag == kTagSequence;
  rest = sequence.content;
  ok = ok && ReadDer(rest, version) && version.tag == kTagInteger && version.content.size() == 1 &&
       version.content[0] == 1;
  if (!ok) {
    throw Error(ErrorKind::kInvalidKey, "the ECPrivateKey version must be 1");
  }
}

// OpenSSL keeps the public point an ECPrivateKey carries without comparing it with the private
// scalar, and does not check the scalar's range, so a key whose halves disagree or whose scalar
// is not below the order would pass. The pairwise check does both (and costs one multiplication,
// on a path that PKCS#8 decoding makes slow already).
void CheckEcKeyPair(EVP_PKEY* key) {
  if (EVP_PKEY_is_a(key, "EC") != 1) {
    return;
  }
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, key, nullptr));
  if (ctx == nullptr || EVP_PKEY_pairwise_check(ctx.get()) != 1) {
    ThrowOpensslError("the EC private key is out of range or does not match its public key",
                      ErrorKind::kInvalidKey);
  }
}

}  // namespace

SecretBuffer::~SecretBuffer() { Cleanse(bytes_.data(), bytes_.size()); }

void SecretBuffer::Truncate(size_t size) noexcept {
  if (size < bytes_.size()) {
    Cleanse(bytes_.data() + size, bytes_.size() - size);
    bytes_.resize(size);
  }
}

PkeyPtr RetainKey(EVP_PKEY* key) {
  CheckOpenssl(EVP_PKEY_up_ref(key), "EVP_PKEY_up_ref");
  return PkeyPtr(key);
}

PkeyPtr ParsePublicKeyDer(std::span<const uint8_t> der) {
  const unsigned char* cursor = der.data();
  PkeyPtr key(d2i_PUBKEY(nullptr, &cursor, static_cast<long>(der.size())));
  if (key == nullptr) {
    ThrowOpensslError("invalid X.509 public key encoding", ErrorKind::kInvalidKey);
  }
  if (cursor != der.data() + der.size()) {
    throw Error(ErrorKind::kInvalidKey, "trailing bytes after the X.509 public key encoding");
  }
  CheckWholeBytesKey(der);
  return key;
}

PkeyPtr ParsePrivateKeyDer(std::span<const uint8_t> der) {
  const unsigned char* cursor = der.data();
  Pkcs8Ptr info(d2i_PKCS8_PRIV_KEY_INFO(nullptr, &cursor, static_cast<long>(der.size())));
  if (info == nullptr) {
    ThrowOpensslError("invalid PKCS#8 private key encoding", ErrorKind::kInvalidKey);
  }
  if (cursor != der.data() + der.size()) {
    throw Error(ErrorKind::kInvalidKey, "trailing bytes after the PKCS#8 private key encoding");
  }
  CheckEcPrivateKeyVersion(info.get());
  PkeyPtr key(EVP_PKCS82PKEY(info.get()));
  if (key == nullptr) {
    ThrowOpensslError("unusable PKCS#8 private key", ErrorKind::kInvalidKey);
  }
  CheckEcKeyPair(key.get());
  return key;
}

std::vector<uint8_t> EncodePublicKeyDer(const EVP_PKEY* key) {
  int len = i2d_PUBKEY(key, nullptr);
  if (len <= 0) {
    ThrowOpensslError("i2d_PUBKEY", ErrorKind::kInvalidKey);
  }
  std::vector<uint8_t> der(static_cast<size_t>(len));
  unsigned char* cursor = der.data();
  if (i2d_PUBKEY(key, &cursor) != len) {
    ThrowOpensslError("i2d_PUBKEY");
  }
  return der;
}

SecretBuffer EncodePrivateKeyDer(const EVP_PKEY* key) {
  Pkcs8Ptr info(EVP_PKEY2PKCS8(key));
  if (info == nullptr) {
    ThrowOpensslError("the key has no PKCS#8 private key encoding", ErrorKind::kInvalidKey);
  }
  int len = i2d_PKCS8_PRIV_KEY_INFO(info.get(), nullptr);
  if (len <= 0) {
    ThrowOpensslError("i2d_PKCS8_PRIV_KEY_INFO");
  }
  SecretBuffer der(static_cast<size_t>(len));
  unsigned char* cursor = der.data();
  if (i2d_PKCS8_PRIV_KEY_INFO(info.get(), &cursor) != len) {
    ThrowOpensslError("i2d_PKCS8_PRIV_KEY_INFO");
  }
  return der;
}

PkeyPtr RawPublicKey(const char* type, std::span<const uint8_t> bytes) {
  PkeyPtr key(EVP_PKEY_new_raw_public_key_ex(nullptr, type, nullptr, bytes.data(), bytes.size()));
  if (key == nullptr) {
    ThrowOpensslError("invalid public key", ErrorKind::kInvalidKey);
  }
  return key;
}

PkeyPtr RawPrivateKey(const char* type, std::span<const uint8_t> bytes) {
  PkeyPtr key(EVP_PKEY_new_raw_private_key_ex(nullptr, type, nullptr, bytes.data(), bytes.size()));
  if (key == nullptr) {
    ThrowOpensslError("invalid private key", ErrorKind::kInvalidKey);
  }
  return key;
}

std::vector<uint8_t> RawPublicBytes(const EVP_PKEY* key) {
  size_t len = 0;
  CheckOpenssl(EVP_PKEY_get_raw_public_key(key, nullptr, &len), "EVP_PKEY_get_raw_public_key");
  std::vector<uint8_t> bytes(len);
  CheckOpenssl(EVP_PKEY_get_raw_public_key(key, bytes.data(), &len), "EVP_PKEY_get_raw_public_key");
  bytes.resize(len);
  return bytes;
}

SecretBuffer RawPrivateBytes(const EVP_PKEY* key) {
  size_t len = 0;
  CheckOpenssl(EVP_PKEY_get_raw_private_key(key, nullptr, &len), "EVP_PKEY_get_raw_private_key");
  SecretBuffer bytes(len);
  CheckOpenssl(EVP_PKEY_get_raw_private_key(key, bytes.data(), &len),
               "EVP_PKEY_get_raw_private_key");
  bytes.Truncate(len);
  return bytes;
}

std::string KeyTypeName(const EVP_PKEY* key) {
  const char* name = EVP_PKEY_get0_type_name(key);
  return name != nullptr ? name : "";
}

KeyPairGenerator::KeyPairGenerator(const char* algorithm, const char* group)
    : ctx_(EVP_PKEY_CTX_new_from_name(nullptr, algorithm, nullptr)) {
  if (ctx_ == nullptr || EVP_PKEY_keygen_init(ctx_.get()) != 1) {
    ThrowOpensslError("key generation is not available", ErrorKind::kInvalidParameter);
  }
  if (group != nullptr) {
    const OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, const_cast<char*>(group), 0),
        OSSL_PARAM_construct_end(),
    };
    if (EVP_PKEY_CTX_set_params(ctx_.get(), params) != 1) {
      ThrowOpensslError("unsupported curve", ErrorKind::kInvalidParameter);
    }
  }
}

PkeyPtr KeyPairGenerator::Generate() {
  EVP_PKEY* key = nullptr;
  CheckOpenssl(EVP_PKEY_generate(ctx_.get(), &key), "EVP_PKEY_generate");
  return PkeyPtr(key);
}

}  // namespace carbide
