// OCSP for a stapling server (carbide/tls_ocsp.h): the responder, the request and the verdict on a
// response, each a few OpenSSL calls on DER the Java side passes. Nothing here touches the network.
#include "carbide/tls_ocsp.h"

#include <openssl/asn1.h>
#include <openssl/err.h>
#include <openssl/ocsp.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <algorithm>
#include <climits>
#include <memory>
#include <string>

#include "carbide/error.h"
#include "certificate_der.h"

namespace carbide::tls {

namespace {

using CertIdPtr = std::unique_ptr<OCSP_CERTID, decltype(&OCSP_CERTID_free)>;

// The clock skew a response's thisUpdate and nextUpdate are allowed, in seconds (OpenSSL's own
// `openssl ocsp` allows the same five minutes).
constexpr long kClockSkewSeconds = 300;

// The CertID naming `leaf` as issued by `issuer`: SHA-1 hashes of the issuer's name and key.
CertIdPtr CertId(std::span<const uint8_t> leaf, std::span<const uint8_t> issuer) {
  X509Ptr subject = ParseCertificate(leaf, ErrorKind::kIllegalArgument);
  X509Ptr authority = ParseCertificate(issuer, ErrorKind::kIllegalArgument);
  CertIdPtr id(OCSP_cert_to_id(nullptr, subject.get(), authority.get()), OCSP_CERTID_free);
  if (id == nullptr) {
    ThrowOpensslError("cannot name the certificate for OCSP");
  }
  return id;
}

}  // namespace

std::string OcspResponderUri(std::span<const uint8_t> certificate) {
  X509Ptr cert = ParseCertificate(certificate, ErrorKind::kIllegalArgument);
  // Only the accessLocations that are URIs, in the certificate's order, as SunJSSE takes them.
  STACK_OF(OPENSSL_STRING)* uris = X509_get1_ocsp(cert.get());
  std::string uri = sk_OPENSSL_STRING_num(uris) > 0 ? sk_OPENSSL_STRING_value(uris, 0) : "";
  X509_email_free(uris);  // X509_get1_ocsp's stack is freed as X509_get1_email's
  return uri;
}

Der NewOcspRequest(std::span<const uint8_t> leaf, std::span<const uint8_t> issuer) {
  CertIdPtr id = CertId(leaf, issuer);
  std::unique_ptr<OCSP_REQUEST, decltype(&OCSP_REQUEST_free)> request(OCSP_REQUEST_new(),
                                                                      OCSP_REQUEST_free);
  if (request == nullptr || OCSP_request_add0_id(request.get(), id.get()) == nullptr) {
    ThrowOpensslError("cannot make the OCSP request", ErrorKind::kOutOfMemory);
  }
  static_cast<void>(id.release());  // the request owns it now
  int length = i2d_OCSP_REQUEST(request.get(), nullptr);
  if (length <= 0) {
    ThrowOpensslError("cannot encode the OCSP request");
  }
  Der der(static_cast<size_t>(length));
  unsigned char* p = der.data();
  i2d_OCSP_REQUEST(request.get(), &p);
  return der;
}

OcspVerdict InspectOcspResponse(std::span<const uint8_t> response, std::span<const uint8_t> leaf,
                                std::span<const uint8_t> issuer) {
  CertIdPtr id = CertId(leaf, issuer);
  OcspVerdict verdict;
  if (response.empty() || response.size() > LONG_MAX) {
    return verdict;
  }
  const unsigned char* p = response.data();
  std::unique_ptr<OCSP_RESPONSE, decltype(&OCSP_RESPONSE_free)> parsed(
      d2i_OCSP_RESPONSE(nullptr, &p, static_cast<long>(response.size())), OCSP_RESPONSE_free);
  if (parsed == nullptr || p != response.data() + response.size() ||
      OCSP_response_status(parsed.get()) != OCSP_RESPONSE_STATUS_SUCCESSFUL) {
    ERR_clear_error();  // a bad answer is a verdict, not an error
    return verdict;
  }
  std::unique_ptr<OCSP_BASICRESP, decltype(&OCSP_BASICRESP_free)> basic(
      OCSP_response_get1_basic(parsed.get()), OCSP_BASICRESP_free);
  int status = -1;
  int reason = -1;
  ASN1_GENERALIZEDTIME* revoked_at = nullptr;
  ASN1_GENERALIZEDTIME* this_update = nullptr;
  ASN1_GENERALIZEDTIME* next_update = nullptr;
  if (basic == nullptr ||
      OCSP_resp_find_status(basic.get(), id.get(), &status, &reason, &revoked_at, &this_update,
                            &next_update) != 1 ||
      OCSP_check_validity(this_update, next_update, kClockSkewSeconds, -1) != 1) {
    ERR_clear_error();
    return verdict;
  }
  int days = 0;
  int seconds = 0;
  if (next_update != nullptr) {
    if (ASN1_TIME_diff(&days, &seconds, nullptr, next_update) != 1) {
      ERR_clear_error();
      return verdict;
    }
    verdict.seconds_to_next_update = std::max<int64_t>(0, int64_t{days} * 86400 + seconds);
  }
  switch (status) {
    case V_OCSP_CERTSTATUS_GOOD:
      verdict.status = OcspVerdict::Status::kGood;
      break;
    case V_OCSP_CERTSTATUS_REVOKED:
      verdict.status = OcspVerdict::Status::kRevoked;
      break;
    default:
      verdict.status = OcspVerdict::Status::kUnknown;
      break;
  }
  return verdict;
}

}  // namespace carbide::tls
