package dev.carbide.pqc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.internal.NativeFootprint;
import org.junit.jupiter.api.Test;

/**
 * NativeMemory prompts a collection when the keys waiting for one hold too much native memory, so a
 * key must account for what it holds. A post-quantum key holds at least its own encodings and, for
 * ML-KEM and ML-DSA, their expanded forms: accounting them as EC keys (2 KB) let a loop over ML-DSA
 * keys hold about fifteen times the limit before a collection came (docs/hybrid.md, session 13).
 */
class PqcKeyFootprintTest {
  @Test
  void everyParameterSetAccountsAtLeastItsEncodings() {
    for (PqcAlgorithm set : PqcAlgorithm.values()) {
      long held = set.footprint().bytes();
      assertTrue(
          held >= set.publicKeySize + set.privateKeySize,
          set + " accounts " + held + " bytes, less than its own encodings");
    }
  }

  @Test
  void latticeKeysAccountTheirExpandedForms() {
    for (PqcAlgorithm set : PqcAlgorithm.values()) {
      if (set.family == PqcAlgorithm.Family.SLH_DSA) {
        continue; // its keys are seeds and a root: small, like a curve key's
      }
      // Measured: from 4.6 KB (ML-KEM-512) to 39.8 KB (ML-DSA-87), all above an EC key's.
      assertTrue(
          set.footprint().bytes() > NativeFootprint.EC_KEY.bytes() * 2,
          set + " accounts only " + set.footprint().bytes() + " bytes");
    }
  }
}
