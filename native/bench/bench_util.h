// Shared shape of the native-limit benchmarks, so their results line up with the JMH suite's.
#pragma once

#include <benchmark/benchmark.h>

#include <cstddef>

namespace carbide::bench {

// The input sizes of the JMH suite and the speed command: 64 B, 1 KB, 16 KB and 1 MB.
inline void StandardSizes(benchmark::internal::Benchmark* b) {
  for (int size : {64, 1024, 16 * 1024, 1024 * 1024}) {
    b->Arg(size);
  }
}

// Reports throughput in bytes and as operations per millisecond (the unit of the JMH suite).
inline void ReportOpsAndBytes(benchmark::State& state, size_t bytes_per_op) {
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes_per_op));
  state.counters["ops_per_ms"] = benchmark::Counter(
      static_cast<double>(state.iterations()) / 1000.0, benchmark::Counter::kIsRate);
}

}  // namespace carbide::bench
