#!/usr/bin/env bash
# Builds the libFuzzer targets (native/fuzz/*_fuzz.cc) with Clang, ASan and UBSan, and runs each
# for a bounded time from a fixed seed, keeping its corpus in the build tree (never in the repo):
#   scripts/fuzz-native.sh [SECONDS_PER_TARGET] [SEED]     (defaults: 25 s, seed 1)
# A crash stops the run and names the input that caused it; replay it with
#   LD_LIBRARY_PATH=<openssl prefix>/lib provider/target/native-fuzz/<target> <input>
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-25}
seed=${2:-1}
build_dir=${CARBIDE_FUZZ_BUILD:-$root/provider/target/native-fuzz}
prefix=${CARBIDE_OPENSSL_PREFIX:-$("$root/scripts/build-openssl.sh" | tail -n 1)}
java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}
clang=$(command -v clang++ || command -v clang++-14)

cmake -S "$root/native" -B "$build_dir" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER="$clang" \
  -DCARBIDE_FUZZ=ON -DCARBIDE_SANITIZE=ON -DCARBIDE_TESTS=OFF -DCARBIDE_BENCH=OFF \
  -DOPENSSL_ROOT_DIR="$prefix" -DOPENSSL_INCLUDE_DIR="$prefix/include" \
  -DOPENSSL_CRYPTO_LIBRARY="$prefix/lib/libcrypto.so" -DJAVA_HOME="$java_home" >/dev/null
# Only the fuzz targets: the JNI library itself does not link with Clang's sanitizer runtimes.
targets=()
for source in "$root"/native/fuzz/*_fuzz.cc; do targets+=("$(basename "$source" .cc)"); done
cmake --build "$build_dir" --parallel "$(nproc)" --target "${targets[@]}" >/dev/null

export LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for name in "${targets[@]}"; do
  corpus="$build_dir/corpus/$name"
  mkdir -p "$corpus" "$build_dir/crashes"
  echo "fuzz-native: $name for ${seconds}s, seed $seed, corpus $corpus" >&2
  status=0
  "$build_dir/$name" -seed="$seed" -max_total_time="$seconds" -max_len=2048 -print_final_stats=1 \
    -artifact_prefix="$build_dir/crashes/$name-" "$corpus" >"$build_dir/$name.log" 2>&1 ||
    status=$?
  grep -E '^(stat::number_of_executed_units|[a-z_]+_fuzz:|==[0-9]+==|SUMMARY)' \
    "$build_dir/$name.log" | sed "s/^/fuzz-native: $name: /" >&2 || true
  if ((status != 0)); then
    echo "fuzz-native: $name FAILED (log $build_dir/$name.log, input in $build_dir/crashes)" >&2
    exit 1
  fi
done
