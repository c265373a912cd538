#!/usr/bin/env bash
# Builds the C++ engine and libcarbide.so with CMake against the bundled OpenSSL 3.5, then puts
# the three files the jar carries in OUTPUT_DIR:
#   libcrypto-carbide.so.3  the bundled libcrypto, an OpenSSL "shared library variant" whose soname
#                           and symbol versions (OPENSSL_CARBIDE_3.0.0, ...) are its own
#   libcarbide.so           linked against libcrypto-carbide.so.3 (the default, bundled mode)
#   libcarbide-system.so    the same code with unversioned references and a DT_NEEDED on
#                           libcrypto.so.3 (a system or given one: carbide.openssl.path)
# A library found by soname is shared by everything in the process that names it, and a symbol is
# looked up first in the libraries made global (LD_PRELOAD, RTLD_GLOBAL): with upstream names, a
# libcrypto.so.3 loaded by another native library could capture libcarbide's calls, and ours could
# capture its. See docs/platforms.md.
# Usage: build-native.sh BUILD_DIR OUTPUT_DIR [TARGET]
# OUTPUT_DIR also gets OpenSSL's FIPS provider (fips.so, fipsmodule.cnf) for the host target.
# TARGET linux-aarch64 cross-compiles libcarbide.so (only the library: scripts/test-aarch64.sh
# builds the tests) against a cross-compiled OpenSSL, with native/cmake/aarch64-linux-gnu.cmake.
# CARBIDE_OPENSSL_PREFIX names an OpenSSL install to use instead of building one (a build of
# build-openssl.sh's variant, for libcarbide.so binds to its names). The paths are
# passed explicitly because CMake caches what FindOpenSSL found, and a stale cache would silently
# keep an earlier OpenSSL.
set -euo pipefail
build_dir=$1
output_dir=$2
target=${3:-}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

cross=() build_targets=()
case $target in
  '') ;;
  linux-aarch64)
    for tool in aarch64-linux-gnu-g++ patchelf; do
      command -v "$tool" >/dev/null || {
        echo "build-native: $tool is missing: run scripts/install-deps.sh, or build without" \
          "the aarch64 library (mvn -Dcarbide.aarch64.skip=true)" >&2
        exit 1
      }
    done
    cross=(-DCMAKE_TOOLCHAIN_FILE="$root/native/cmake/aarch64-linux-gnu.cmake" -DCARBIDE_BENCH=OFF)
    build_targets=(--target carbide carbide_system)
    ;;
  *) echo "build-native: unknown target $target (known: linux-aarch64)" >&2; exit 1 ;;
esac

prefix=${CARBIDE_OPENSSL_PREFIX:-$(CARBIDE_TARGET=$target "$root/scripts/build-openssl.sh" | tail -n 1)}
java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}

# The TLS engine (libcarbide-ssl.so) is built where the OpenSSL build has a libssl.
ssl=()
if [[ -e $prefix/lib/libssl.so ]]; then
  ssl=(-DOPENSSL_SSL_LIBRARY="$prefix/lib/libssl.so")
  if [[ ${#build_targets[@]} -gt 0 ]]; then build_targets+=(carbide_ssl); fi
fi
mkdir -p "$build_dir"
cmake -S "$root/native" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release "${cross[@]}" \
  -DOPENSSL_ROOT_DIR="$prefix" \
  -DOPENSSL_INCLUDE_DIR="$prefix/include" -DOPENSSL_CRYPTO_LIBRARY="$prefix/lib/libcrypto.so" \
  "${ssl[@]}" -DJAVA_HOME="$java_home" >"$build_dir.configure.log" 2>&1 ||
  { cat "$build_dir.configure.log" >&2; exit 1; }
cmake --build "$build_dir" --parallel "$(nproc)" "${build_targets[@]}"

mkdir -p "$output_dir"
rm -f "$output_dir/libcrypto.so.3" "$output_dir/libcarbide-crypto.so.3"   # earlier layouts' names
bundled=$(readlink "$prefix/lib/libcrypto.so")   # libcrypto-carbide.so.3
[[ $bundled == libcrypto-carbide.so.3 ]] ||
  { echo "build-native: $prefix is not a carbide variant build ($bundled)" >&2; exit 1; }
cp "$prefix/lib/$bundled" "$output_dir/$bundled"
cp "$build_dir/libcarbide.so" "$output_dir/libcarbide.so"
cp "$build_dir/libcarbide-system.so" "$output_dir/libcarbide-system.so"
# The native TLS engine and the bundled libssl it links, loaded only for an SSLContext (docs/tls.md).
rm -f "$output_dir/libssl-carbide.so.3" "$output_dir/libcarbide-ssl.so"
if [[ -f $build_dir/libcarbide-ssl.so ]]; then
  cp "$prefix/lib/$(readlink "$prefix/lib/libssl.so")" "$output_dir/libssl-carbide.so.3"
  cp "$build_dir/libcarbide-ssl.so" "$output_dir/libcarbide-ssl.so"
fi
patchelf --add-needed libcrypto.so.3 "$output_dir/libcarbide-system.so"
# What the bundled OpenSSL is and how it was configured, for `carbide info` and the SBOM.
cp "$prefix/.complete" "$output_dir/openssl-build.txt"
# OpenSSL's FIPS provider and the configuration fipsinstall wrote for it, carried beside libcrypto
# for carbide.fips=true (docs/fips.md). Built once per machine, in its own cache directory; not with
# an OpenSSL of the caller's choosing, whose FIPS module (if any) is the caller's.
if [[ -z ${CARBIDE_OPENSSL_PREFIX:-} && -z $target ]]; then
  fips_prefix=$(CARBIDE_OPENSSL_FIPS=1 "$root/scripts/build-openssl.sh" | tail -n 1)
  cp "$fips_prefix/lib/ossl-modules/fips.so" "$output_dir/fips.so"
  cp "$fips_prefix/ssl/fipsmodule.cnf" "$output_dir/fipsmodule.cnf"
fi
