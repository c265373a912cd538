#!/usr/bin/env bash
# Builds the committed HEAD twice, in two fresh clones at different paths, and compares every
# artifact byte for byte: the provider jar (Java classes and both native pairs), the sources and
# javadoc jars, and the SBOM. Exits non-zero and names the differing jar entries if any differ.
# Costs two full builds (the cached OpenSSL builds are shared): about 10 minutes each on a quiet
# 2-core machine, so it is run on demand and before a release, not in every CI run.
# Usage: check-reproducible.sh [EXTRA MAVEN ARGS...]   e.g. -Dcarbide.aarch64.skip=true
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
log() { echo "check-reproducible: $*" >&2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
artifacts=()
for run in first second-at-another-path; do
  git clone -q "$root" "$work/$run"
  log "building $(git -C "$work/$run" rev-parse --short HEAD) in $work/$run"
  (cd "$work/$run" && mvn -B -q -DskipTests package -pl provider -am "$@" >"$work/$run.log" 2>&1) ||
    { tail -n 40 "$work/$run.log" >&2; exit 1; }
done

status=0
cd "$work/first/provider/target"
for file in carbide-provider-*.jar carbide-provider-*-cyclonedx.json; do
  other=$work/second-at-another-path/provider/target/$file
  if cmp -s "$file" "$other"; then
    log "same bytes: $file ($(sha256sum "$file" | cut -c1-16))"
    continue
  fi
  status=1
  log "DIFFERENT: $file"
  if [[ $file == *.jar ]]; then
    mkdir -p "$work/a" "$work/b"
    (cd "$work/a" && rm -rf ./* && unzip -q "$OLDPWD/$file")
    (cd "$work/b" && rm -rf ./* && unzip -q "$other")
    diff -rq "$work/a" "$work/b" >&2 || true
  fi
done
exit $status
