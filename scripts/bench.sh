#!/usr/bin/env bash
# Runs the JMH suite (bench/) against every provider, prints a comparison table, and (except
# --smoke) measures the native limit and writes the report, docs/performance.md with docs/img/.
# Usage: scripts/bench.sh [--quick | --smoke | --dry-run] [--filter REGEX] [--providers a,b] [--out DIR] [-Dname=value ...]
#   (default)    1 fork per benchmark, 1 s iterations, sized to finish within 45 minutes here
#                (bench/src/main/java/dev/carbide/bench/Plan.java prints the plan and time left)
#   --quick      about 5 minutes: no fork, short iterations; indicative numbers only
#   --smoke      one 100 ms iteration, no fork: proves every benchmark still runs (CI);
#                writes no report
#   --dry-run    probes every provider and prints the plan (count and time), measures nothing
#   --filter     a regex on the benchmark's full name, e.g. 'Mac|MessageDigest.*digest'
#   --providers  names from bench/src/main/java/dev/carbide/bench/Providers.java (default: all)
#   --out        results directory (default: bench/target/results/<time>; bench/target/results/latest
#                links to the newest)
#   -Dname=value a JVM property for the launcher and the measured JVMs, e.g.
#                -Dcarbide.openssl.path=system to measure Carbide on the system's OpenSSL 3.0
# A run narrowed by --filter or --providers writes its report into the results directory, not docs/.
# Builds bench/target/benchmarks.jar first (mvn package without tests) if any source is newer.
# Needs JDK 25 (JAVA_HOME or java on PATH); the report needs matplotlib (installed if absent).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

usage() {
  sed -n '2,20s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
  exit "${1:-2}"
}

launcher_args=() jvm_args=() out= smoke= quick= narrowed= dry=
while (($#)); do
  case $1 in
    --quick) launcher_args+=("$1") quick=1 ;;
    --smoke) launcher_args+=("$1") smoke=1 ;;
    --dry-run) launcher_args+=("$1") dry=1 ;;
    --filter | --providers)
      (($# >= 2)) || usage
      launcher_args+=("$1" "$2")
      narrowed=1
      shift
      ;;
    --out)
      (($# >= 2)) || usage
      out=$2
      shift
      ;;
    -D*) jvm_args+=("$1") ;;
    -h | --help) usage 0 ;;
    *) echo "bench: unknown argument $1" >&2 && usage ;;
  esac
  shift
done

java=${JAVA_HOME:+$JAVA_HOME/bin/}java
version=$("$java" -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.specification.version/ { print $2 }')
if ((${version:-0} < 25)); then
  echo "bench: needs JDK 25 or later, but $java is ${version:-unknown}; set JAVA_HOME" >&2
  exit 2
fi

jar=$root/bench/target/benchmarks.jar
stale() {
  [[ ! -f $jar ]] && return 0
  local newer
  newer=$(find "$root/pom.xml" "$root/bench/pom.xml" "$root/bench/src" "$root/provider/pom.xml" \
    "$root/provider/src" "$root/native" -path "$root/native/build*" -prune -o -type f -newer "$jar" -print -quit)
  [[ -n $newer ]]
}
if stale; then
  echo "bench: building $jar" >&2
  (cd "$root" && mvn -B -q -DskipTests -pl bench -am package)
fi

results=$root/bench/target/results
out=${out:-$results/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
if [[ $out == "$results"/* ]]; then
  ln -sfn "$(basename "$out")" "$results/latest"
fi

# The measured JVMs that JMH forks inherit these options (and the jvm_args).
"$java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow ${jvm_args[@]+"${jvm_args[@]}"} \
  -cp "$jar" dev.carbide.bench.BenchMain ${launcher_args[@]+"${launcher_args[@]}"} --out "$out"

[[ -z $dry ]] || exit 0
echo
echo "Results: $out/results.json"
if [[ -n $smoke ]]; then
  echo "Smoke run: these numbers are not measurements (100 ms, mostly before the JIT)."
fi
python3 "$root/scripts/bench_table.py" "$out"
[[ -z $smoke ]] || exit 0

# The native limit: the same operations on raw OpenSSL, on the bundled and the system OpenSSL.
native=$root/provider/target/native/carbide_bench
if [[ -x $native ]]; then
  native_args=(--benchmark_format=console --benchmark_out_format=json)
  [[ -z $quick ]] || native_args+=(--benchmark_min_time=0.2)
  echo "bench: native limit on the bundled OpenSSL" >&2
  "$native" "${native_args[@]}" --benchmark_out="$out/native.json" >&2
  echo "bench: native limit on the system OpenSSL" >&2
  # The binary's RUNPATH names the bundled OpenSSL; LD_LIBRARY_PATH takes precedence over it.
  LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu "$native" "${native_args[@]}" \
    --benchmark_out="$out/native-system.json" >&2 ||
    echo "bench: no native limit on the system OpenSSL (the run failed)" >&2
else
  echo "bench: $native is not built (needs libbenchmark-dev); the report has no native limit" >&2
fi

python=$("$root/scripts/report-python.sh")
docs=$root/docs
[[ -z $narrowed ]] || docs=$out/report
"$python" "$root/scripts/bench_report.py" "$out" "$docs"
