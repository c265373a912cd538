// What a stapling server needs of OCSP (tls_ocsp.cc), without the network: the responder a
// certificate names, the request for its status, and what a responder's answer says. The Java side
// posts the request and caches the answer (docs/tls.md, "OCSP stapling, server side"); the engine
// only staples it (Engine::StapleResponse). The response's signature is not checked here: the
// client checks it, as RFC 6066 has it.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "carbide/tls.h"

namespace carbide::tls {

// The first OCSP responder URI in `certificate`'s (DER) authority information access, empty if
// it names none. Throws carbide::Error (kIllegalArgument) if the certificate does not parse.
std::string OcspResponderUri(std::span<const uint8_t> certificate);

// A DER OCSP request for the status of `leaf`, issued by `issuer` (both DER): one CertID with
// SHA-1 hashes, as SunJSSE and most responders use, and no nonce (a cached response serves many
// handshakes). Throws carbide::Error (kIllegalArgument) if a certificate does not parse.
Der NewOcspRequest(std::span<const uint8_t> leaf, std::span<const uint8_t> issuer);

// What a responder's answer says about `leaf`.
struct OcspVerdict {
  enum class Status { kUnusable, kGood, kRevoked, kUnknown };
  // kUnusable: not a DER OCSP response, not `successful`, no single response for the leaf, or one
  // outside its validity window (thisUpdate ahead of now or nextUpdate past, five minutes' skew
  // allowed).
  Status status = Status::kUnusable;
  // Seconds from now to the single response's nextUpdate, or -1 if it gives none.
  int64_t seconds_to_next_update = -1;
};

// Reads `response` (DER, from the network: any bytes are safe) for `leaf`, issued by `issuer`.
// Throws carbide::Error (kIllegalArgument) only if a certificate does not parse.
OcspVerdict InspectOcspResponse(std::span<const uint8_t> response, std::span<const uint8_t> leaf,
                                std::span<const uint8_t> issuer);

}  // namespace carbide::tls
