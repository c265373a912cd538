#!/usr/bin/env bash
# Installs the Debian packages the build and tests need, only those that are absent, so a fresh
# machine works and a prepared one is not touched. Runs apt-get update at most once.
set -euo pipefail

needed=(cmake make g++ perl libgtest-dev libbenchmark-dev clang-format clang-tidy maven
        binutils libnss3 python3
        patchelf  # renames the bundled libcrypto's soname (scripts/build-native.sh)
        clang-14 libclang-rt-14-dev)  # clang-14: -fsanitize=fuzzer; libclang-rt-14-dev: libFuzzer
missing=()
for package in "${needed[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >&2
fi
