package dev.carbide.edec;

/** A Carbide EdDSA or XDH key, public or private. */
interface EdEcKey {
  EdEcCurve curve();
}
