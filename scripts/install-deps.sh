#!/usr/bin/env bash
# Installs the Debian packages the build and tests need, only those that are absent, so a fresh
# machine works and a prepared one is not touched. Runs apt-get update at most once.
set -euo pipefail

needed=(cmake make g++ perl libgtest-dev libbenchmark-dev clang-format clang-tidy maven
        binutils libnss3 python3
        patchelf  # renames the bundled libcrypto's soname (scripts/build-native.sh)
        # linux-aarch64: the cross toolchain, qemu-user, and arm64 packages from multiarch to
        # run the cross-built tests (scripts/test-aarch64.sh)
        gcc-aarch64-linux-gnu g++-aarch64-linux-gnu qemu-user-static
        libgtest-dev:arm64 openjdk-17-jre-headless:arm64
        clang-14 libclang-rt-14-dev  # clang-14: -fsanitize=fuzzer; libclang-rt-14-dev: libFuzzer
        curl openssl wrk)  # TLS peers: interop tests (curl, openssl), ./carbide tls (wrk, s_time)
missing=()
for package in "${needed[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  if [[ ${missing[*]} == *:arm64* ]] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
    "${sudo_cmd[@]}" dpkg --add-architecture arm64
  fi
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >&2
fi
