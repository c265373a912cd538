#!/usr/bin/env bash
# The fuzzers (docs/testing.md), on the built jar and test classes:
#   scripts/fuzz.sh --ci           CI's bounded pass: the differential fuzzer for 45 s on the fixed
#                                  seed and 30 s on a fresh one (printed), shared engines in a
#                                  child JVMs, then each native libFuzzer target for 20 s
#   scripts/fuzz.sh [--seconds N]  the long run on demand: N seconds (default 600) of the
#                                  differential fuzzer on a fresh seed, then N/4 per native target
# Replay a Java case: java -cp <jar>:provider/target/test-classes dev.carbide.fuzz.FuzzRunner
#   --seed S --target T --case N
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jar="$root/provider/target/carbide-provider-0.1.0-SNAPSHOT.jar"
classes="$root/provider/target/test-classes"
[[ -f $jar && -d $classes/dev/carbide/fuzz ]] || {
  echo "fuzz: build first (mvn -B -q -DskipTests package -pl provider -am)" >&2
  exit 2
}
differential() {
  java --enable-native-access=ALL-UNNAMED -Xmx512m -cp "$jar:$classes" dev.carbide.fuzz.FuzzRunner "$@"
}
if [[ ${1:-} == --ci ]]; then
  differential --seconds 45 --shared-engines 300
  # A fresh seed explores; what it finds is printed with its replay line for whoever follows,
  # but only a crash fails CI, so that a new harmless divergence cannot block a landing.
  differential --seconds 30 --fresh --report-only
  "$root/scripts/fuzz-native.sh" 20 1
else
  seconds=600
  [[ ${1:-} == --seconds ]] && seconds=$2
  differential --seconds "$seconds" --fresh --shared-engines 2000
  "$root/scripts/fuzz-native.sh" $((seconds / 4)) "$RANDOM"
fi
