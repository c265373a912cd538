#!/usr/bin/env bash
# Fails if a C++ file is not clang-formatted, clang-tidy finds anything in the engine or the
# bridge, or a Java file is not in google-java-format's style. Uses the compile commands of the
# Maven build's native tree (or builds one).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
fix=no
[[ ${1:-} == --fix ]] && fix=yes
mapfile -t sources < <(git ls-files 'native/*.cc' 'native/*.h')
[[ $fix == yes ]] && clang-format -i "${sources[@]}"
clang-format --dry-run -Werror "${sources[@]}"

build_dir=$root/provider/target/native
if [[ ! -f $build_dir/compile_commands.json ]]; then
  scripts/build-native.sh "$build_dir" "$root/provider/target/classes/META-INF/native/linux-x86_64"
fi
mapfile -t units < <(git ls-files 'native/src/*.cc' 'native/jni/*.cc')
clang-tidy --quiet -p "$build_dir" "${units[@]}" 2>/dev/null

# google-java-format comes from Maven Central into the cache; `--fix` rewrites instead of checking.
gjf_version=1.28.0
tools=${CARBIDE_CACHE:-$HOME/.cache/carbide}/tools
gjf=$tools/google-java-format-$gjf_version-all-deps.jar
if [[ ! -f $gjf ]]; then
  mvn -B -q dependency:copy -DoutputDirectory="$tools" \
    -Dartifact=com.google.googlejavaformat:google-java-format:$gjf_version:jar:all-deps >&2
fi
mapfile -t java_sources < <(git ls-files '*.java')
if [[ $fix == yes ]]; then
  java -jar "$gjf" --replace "${java_sources[@]}"
fi
unformatted=$(java -jar "$gjf" --dry-run "${java_sources[@]}")
if [[ -n $unformatted ]]; then
  echo "not in google-java-format style (run scripts/check-style.sh --fix):" >&2
  echo "$unformatted" >&2
  exit 1
fi
echo "style: clang-format, clang-tidy and google-java-format clean"
