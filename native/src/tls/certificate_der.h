// DER certificates as the Java side hands them to the TLS engine (tls_credentials.cc, tls_ocsp.cc).
#pragma once

#include <openssl/x509.h>

#include <cstdint>
#include <memory>
#include <span>

#include "carbide/error.h"

namespace carbide::tls {

using X509Ptr = std::unique_ptr<X509, decltype(&X509_free)>;

// Parses one whole DER certificate. Throws carbide::Error of `kind` if `der` is empty, does not
// parse, or has bytes after the certificate.
X509Ptr ParseCertificate(std::span<const uint8_t> der, ErrorKind kind);

}  // namespace carbide::tls
