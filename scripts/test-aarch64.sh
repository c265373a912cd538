#!/usr/bin/env bash
# The linux-aarch64 pass: the cross-built GoogleTest suite and a subset of the Java tests, run on
# this x86-64 machine under qemu-user, the Java ones on Debian's arm64 JDK 17 (multiarch) against
# the jar's linux-aarch64 pair. Needs the jar built with that pair (mvn package does by default).
# What it covers and what it costs: docs/platforms.md.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

log() { echo "test-aarch64: $*" >&2; }
die() { log "error: $*"; exit 1; }

qemu=$(command -v qemu-aarch64-static || command -v qemu-aarch64 || true)
java_arm64=/usr/lib/jvm/java-17-openjdk-arm64/bin/java
build_dir=$root/provider/target/native-aarch64
[[ -n $qemu ]] || die "no qemu-aarch64-static: run scripts/install-deps.sh"
[[ -x $java_arm64 ]] || die "no $java_arm64: run scripts/install-deps.sh"
[[ -f $build_dir/CMakeCache.txt ]] || die "no aarch64 build in $build_dir: run mvn package"

# One test class per family, chosen for coverage per second under emulation (about 10-30x slower
# than native): the loader in-process, `info`, known answers for digests and MACs, Wycheproof for
# AES-GCM, ECDSA, EdDSA/XDH and ML-KEM, HKDF; the jar's own `selftest` (a known answer for every
# registered service, RSA's included) runs before them. RSA's Wycheproof files are left out: 78
# files took 653 s emulated on the loaded machine. The child-JVM tests cannot run: without
# binfmt_misc, an arm64 JVM cannot start another arm64 process.
java_subset=(
  'LoaderTest#loadsInTheTestJvm+exactlyOneLibcryptoIsMappedAndItIsTheChosenOne+bundledModeRunsTheBundledOpenssl'
  InfoTest DigestKnownAnswerTest MacKnownAnswerTest AesWycheproofTest EcdsaWycheproofTest
  EdEcWycheproofTest MlKemWycheproofTest HkdfComputationTest
)

start=$SECONDS
log "native tests (GoogleTest) under $qemu"
cmake --build "$build_dir" --parallel "$(nproc)" --target carbide_tests >/dev/null
"$qemu" "$build_dir/carbide_tests" --gtest_brief=1
log "native tests took $((SECONDS - start)) s"

start=$SECONDS
log "Java subset on the arm64 JDK 17 under $qemu"
# Surefire starts the test JVM through this, so every fork runs emulated (it wants a path that
# ends in bin/java).
wrapper=$root/provider/target/qemu-arm64-jdk/bin/java
mkdir -p "$(dirname "$wrapper")"
printf '#!/bin/sh\nexec %s %s "$@"\n' "$qemu" "$java_arm64" >"$wrapper"
chmod +x "$wrapper"
jar=$(ls "$root"/provider/target/carbide-provider-*.jar | grep -v -e '-sources' -e '-javadoc' | head -n 1)
"$wrapper" -jar "$jar" info | head -n 4
"$wrapper" -jar "$jar" selftest
mvn -B -pl provider surefire:test -Dcarbide.test.jvm="$wrapper" \
  -Dtest="$(IFS=,; echo "${java_subset[*]}")"
log "Java subset took $((SECONDS - start)) s"
