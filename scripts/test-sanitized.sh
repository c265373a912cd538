#!/usr/bin/env bash
# Builds the engine and its GoogleTest suite with AddressSanitizer and UBSan and runs the suite.
# The JNI library is built too (so it compiles under the sanitizers) but only loads in a JVM
# without them.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${1:-$root/provider/target/native-sanitized}
prefix=${CARBIDE_OPENSSL_PREFIX:-$("$root/scripts/build-openssl.sh" | tail -n 1)}
java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}

cmake -S "$root/native" -B "$build_dir" -DCMAKE_BUILD_TYPE=Debug -DCARBIDE_SANITIZE=ON \
  -DCARBIDE_BENCH=OFF -DOPENSSL_ROOT_DIR="$prefix" \
  -DOPENSSL_INCLUDE_DIR="$prefix/include" -DOPENSSL_CRYPTO_LIBRARY="$prefix/lib/libcrypto.so" -DJAVA_HOME="$java_home" >/dev/null
cmake --build "$build_dir" --parallel "$(nproc)" >/dev/null
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir "$build_dir" --output-on-failure
