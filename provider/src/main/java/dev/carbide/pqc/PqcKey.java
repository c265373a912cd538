package dev.carbide.pqc;

/** A Carbide post-quantum key, which knows its parameter set. */
interface PqcKey {
  PqcAlgorithm parameterSet();
}
