#!/usr/bin/env bash
# Builds the C++ engine and libcarbide.so with CMake against the bundled OpenSSL 3.5, then copies
# libcarbide.so, that libcrypto.so.3 and OpenSSL's FIPS provider to where the jar picks them up.
# Usage: build-native.sh BUILD_DIR OUTPUT_DIR
# CARBIDE_OPENSSL_PREFIX names an OpenSSL install to use instead of building one. The paths are
# passed explicitly because CMake caches what FindOpenSSL found, and a stale cache would silently
# keep an earlier OpenSSL.
set -euo pipefail
build_dir=$1
output_dir=$2
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

prefix=${CARBIDE_OPENSSL_PREFIX:-$("$root/scripts/build-openssl.sh" | tail -n 1)}
java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}

mkdir -p "$build_dir"
cmake -S "$root/native" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release \
  -DOPENSSL_ROOT_DIR="$prefix" \
  -DOPENSSL_INCLUDE_DIR="$prefix/include" -DOPENSSL_CRYPTO_LIBRARY="$prefix/lib/libcrypto.so" -DJAVA_HOME="$java_home" >"$build_dir.configure.log" 2>&1 ||
  { cat "$build_dir.configure.log" >&2; exit 1; }
cmake --build "$build_dir" --parallel "$(nproc)"

mkdir -p "$output_dir"
cp "$build_dir/libcarbide.so" "$output_dir/libcarbide.so"
cp -L "$prefix/lib/libcrypto.so.3" "$output_dir/libcrypto.so.3"
# OpenSSL's FIPS provider and the configuration fipsinstall wrote for it, carried beside libcrypto
# for carbide.fips=true (docs/fips.md). Built once per machine, in its own cache directory; not with
# an OpenSSL of the caller's choosing, whose FIPS module (if any) is the caller's.
if [[ -z ${CARBIDE_OPENSSL_PREFIX:-} ]]; then
  fips_prefix=$(CARBIDE_OPENSSL_FIPS=1 "$root/scripts/build-openssl.sh" | tail -n 1)
  cp "$fips_prefix/lib/ossl-modules/fips.so" "$output_dir/fips.so"
  cp "$fips_prefix/ssl/fipsmodule.cnf" "$output_dir/fipsmodule.cnf"
fi
