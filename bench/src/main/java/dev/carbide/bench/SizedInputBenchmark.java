package dev.carbide.bench;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/** A benchmark over one input of {@code size} bytes; digests and MACs share these sizes. */
public abstract class SizedInputBenchmark extends ProviderBenchmark {
  /** Input length in bytes. */
  @Param({"64", "1024", "16384", "1048576"})
  public int size;

  /** {@code size} fixed bytes, the same for every provider. */
  protected byte[] input;

  @Setup
  public void makeInput() {
    input = Inputs.bytes(size, 1);
  }
}
