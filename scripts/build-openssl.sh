#!/usr/bin/env bash
# Build OpenSSL 3.5's shared libcrypto and libssl (plus headers) and cache them outside the
# work tree. The LAST stdout line is the install prefix (holds include/ and
# lib/libcrypto-carbide.so.3, lib/libssl-carbide.so.3), so callers can do:
#   OPENSSL_PREFIX=$(scripts/build-openssl.sh | tail -1)
# Env: CARBIDE_CACHE  cache root (default ~/.cache/carbide)
#      OPENSSL_SRC    local openssl 3.5.x tarball; skips apt and the network
#      CARBIDE_TARGET linux-aarch64 cross-compiles with Debian's aarch64-linux-gnu toolchain;
#                     unset builds for the host
#      CARBIDE_OPENSSL_FIPS=1  build OpenSSL's FIPS provider instead: the prefix then holds
#                     lib/ossl-modules/fips.so and ssl/fipsmodule.cnf (what `openssl fipsinstall`
#                     wrote for that very file). A separate configure (enable-fips, with the
#                     openssl app that fipsinstall needs), its own cache directory and lock, so the
#                     plain libcrypto build and its cache key stay as they are. See docs/fips.md.
set -euo pipefail

CACHE=${CARBIDE_CACHE:-$HOME/.cache/carbide}
mkdir -p "$CACHE"
CACHE=$(cd "$CACHE" && pwd -P)   # callers get an absolute prefix

# A cross build has its own cache entries, lock and log: it must neither be mistaken for the host
# build nor make a host build wait for its (long) compile.
case ${CARBIDE_TARGET:-} in
  '') arch=$(uname -m) tag='' cross=() ;;
  linux-aarch64) arch=aarch64 tag=-aarch64 cross=(--cross-compile-prefix=aarch64-linux-gnu-) ;;
  *) echo "build-openssl: unknown CARBIDE_TARGET=$CARBIDE_TARGET (known: linux-aarch64)" >&2; exit 1 ;;
esac
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg

log() { echo "build-openssl: $*" >&2; }
die() { log "error: $*"; exit 1; }
LOG=/dev/stderr   # until the recipe, and so the log name, is known
trap 'log "unexpected error at line $LINENO (log: $LOG)"' ERR   # set -e exits silently
# Verbose output goes to $LOG; on failure show its tail, not the whole thing.
run() { "$@" >>"$LOG" 2>&1 || { log "failed: $*"; tail -n 40 "$LOG" >&2; die "full log: $LOG"; }; }

# Configure options. Their hash is part of the cache key, so changing them
# rebuilds instead of silently reusing a library built another way.
configure_opts=(shared no-docs no-tests no-apps)
# The 64-bit constant-time field code for P-224, P-384 and P-521 (and what
# Debian's own amd64 build enables): without it those curves run on generic
# bignum arithmetic, and P-384 keygen is about 7x slower.
case $arch in x86_64 | aarch64) configure_opts+=(enable-ec_nistp_64_gcc_128) ;; esac
# The libraries are an OpenSSL "shared library variant": their sonames and every symbol version
# carry "carbide" (libcrypto-carbide.so.3, EVP_DigestInit_ex@OPENSSL_CARBIDE_3.0.0). Another
# libcrypto in the process, even one made global by LD_PRELOAD or RTLD_GLOBAL, then has no symbol
# that can satisfy libcarbide's references, and ours none that can satisfy another library's.
variant=-carbide
configure_opts+=(shlib_variant=$variant)   # not an OpenSSL option: it selects the target below
flavour=
if [[ ${CARBIDE_OPENSSL_FIPS:-} == 1 ]]; then
  # The module is loaded by libcrypto through dlopen and exports no libcrypto symbols, so it needs
  # no variant (and its cache key stays as it was).
  configure_opts=(shared no-docs no-tests enable-fips "${configure_opts[@]:4}")
  unset 'configure_opts[${#configure_opts[@]}-1]'
  variant=
  flavour=fips-
fi
# The cross prefix joins the hash, so a host build's key is what it always was.
recipe=$(printf '%s\n' "${configure_opts[@]}" "${cross[@]}" | sha256sum | cut -c1-8)
# Log and lock are per recipe: a build of another configuration (an older checkout, say) neither
# waits for this one nor overwrites its log.
LOG=$CACHE/openssl${tag}${CARBIDE_OPENSSL_FIPS:+-fips}-$recipe-build.log

# Newest completed build whose version matches glob $1. The .complete marker is
# written last, so an interrupted build is never mistaken for a good one.
find_cached() {
  local m
  for m in "$CACHE"/openssl$tag-$flavour$1-"$recipe"/.complete; do
    if [[ -f $m ]]; then echo "${m%/.complete}"; fi
  done | sort -V | tail -n 1
}

# Held for the whole run: a second caller waits, then finds the finished build.
lock=$CACHE/openssl$tag${flavour:+-fips}-$recipe.lock
exec 9>"$lock"
flock -n 9 || { log "another build holds $lock; waiting"; flock 9; }

ver=
if [[ -n ${OPENSSL_SRC:-} ]]; then
  [[ -f $OPENSSL_SRC ]] || die "OPENSSL_SRC=$OPENSSL_SRC is not a file"
  ver=$(basename "$OPENSSL_SRC" | sed -n 's/^openssl[-_]\(3\.5\.[0-9]\{1,\}\)\..*/\1/p')
  [[ -n $ver ]] || die "cannot read a 3.5.x version from the name $OPENSSL_SRC"
  prefix=$(find_cached "$ver")
else
  prefix=$(find_cached '3.5.*')   # any 3.5 is acceptable: reuse without network
fi
if [[ -n $prefix ]]; then
  log "using cached $(cat "$prefix/.complete")"
  echo "$prefix"; exit 0
fi

work=$(mktemp -d "$CACHE/tmp.XXXXXX")   # same fs as the cache; never in the tree
trap 'rm -rf "$work"' EXIT
: >"$LOG"

if [[ -n ${OPENSSL_SRC:-} ]]; then
  tarball=$(realpath "$OPENSSL_SRC") origin="openssl $ver from $tarball"
else
  # Print "URI SUITE" for each source in the system apt config (deb822 and
  # one-line formats). We reuse the configured mirror rather than hardcode one.
  apt_sources() {
    local f
    for f in /etc/apt/sources.list.d/*.sources; do
      [[ -f $f ]] || continue
      awk 'function flush(  i, j, n, m, u, s) {
             n = split(uris, u, " "); m = split(suites, s, " ")
             for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) print u[i], s[j]
             uris = suites = "" }
           /^[ \t]*#/ { next }
           /^[ \t]*$/ { flush(); next }
           tolower($1) == "uris:"   { $1 = ""; uris = $0 }
           tolower($1) == "suites:" { $1 = ""; suites = $0 }
           END { flush() }' "$f"
    done
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
      [[ -f $f ]] || continue
      sed -e 's/#.*//' -e 's/\[[^]]*\]//' "$f" | awk '$1 == "deb" || $1 == "deb-src" { print $2, $3 }'
    done
  }
  srcs=$(apt_sources)   # captured first: awk's early exit below must not SIGPIPE it
  mirror=$(awk '$1 ~ /^https?:/ && $2 !~ /-security$|\/updates$/ { print $1; exit }' <<<"$srcs")
  secmirror=$(awk '$1 ~ /^https?:/ && $2 ~ /-security$|\/updates$/ { print $1; exit }' <<<"$srcs")
  [[ -n $mirror ]] || die "no http(s) Debian mirror in the apt config; set OPENSSL_SRC instead"

  # Private apt state: the system's lists, cache and status are never touched.
  # signed-by makes apt verify the trixie Release files (the archive keyring
  # carries the trixie keys); apt-get source then checks every file it fetches
  # against the hashes in that signed index.
  a=$work/apt
  mkdir -p "$a/lists/partial" "$a/cache/archives/partial" "$work/dl"
  : >"$a/status"
  {
    echo "deb-src [signed-by=$KEYRING] $mirror trixie main"
    echo "deb-src [signed-by=$KEYRING] $mirror trixie-updates main"
    if [[ -n $secmirror ]]; then echo "deb-src [signed-by=$KEYRING] $secmirror trixie-security main"; fi
  } >"$a/sources.list"
  apt_opts=(-q -o "Dir::Etc::sourcelist=$a/sources.list" -o Dir::Etc::sourceparts=-
            -o "Dir::State::Lists=$a/lists" -o "Dir::Cache=$a/cache" -o "Dir::State::status=$a/status"
            -o "APT::Sandbox::User=$(id -un)")   # _apt cannot enter a private $HOME
  log "fetching trixie source index from $mirror${secmirror:+ and $secmirror}"
  run apt-get "${apt_opts[@]}" update

  # "debian-version sha256 orig-tarball" for each 3.5.x, newest first. The
  # mirror has been seen to list versions whose files 404 (3.5.9-1~deb13u1;
  # 3.5.7-1~deb13u3 lacks its .dsc), so every candidate is tried in turn;
  # 3.5.7-1~deb13u2 (trixie main) was complete as of 2026-11-30.
  apt-cache "${apt_opts[@]}" showsrc openssl 2>>"$LOG" |
    awk '/^Version:/ { v = $2 } /^Checksums-Sha256:/ { s = 1; next } /^[^ ]/ { s = 0 }
         s && v ~ /^3\.5\./ && $3 ~ /\.orig\.tar\.(gz|xz)$/ { print v, $1, $3 }' |
    sort -u | sort -k1,1Vr >"$work/candidates"
  [[ -s $work/candidates ]] || die "no openssl 3.5.x in the trixie Sources index"

  tarball=
  while read -r dver sha file; do
    log "trying openssl=$dver"
    # Only the upstream tarball matters: apt may fail on the .dsc/.debian.tar
    # yet have fetched the orig, which we then re-check against the signed index.
    (cd "$work/dl" && apt-get "${apt_opts[@]}" source --download-only "openssl=$dver") >>"$LOG" 2>&1 || true
    if [[ -f $work/dl/$file ]] && echo "$sha  $work/dl/$file" | sha256sum -c --status; then
      tarball=$work/dl/$file; ver=${file#openssl_}; ver=${ver%.orig.tar.*}
      origin="openssl $ver from Debian openssl=$dver ($file sha256 $sha)"
      break
    fi
    log "  $file unavailable or bad; next candidate"; rm -f "$work/dl/$file"
  done <"$work/candidates"
  [[ -n $tarball ]] || { tail -n 40 "$LOG" >&2; die "no candidate could be downloaded (log: $LOG)"; }
fi

prefix=$CACHE/openssl$tag-$flavour$ver-$recipe
log "building $origin (log: $LOG)"
start=$SECONDS
mkdir "$work/build"; cd "$work/build"
run tar -xf "$tarball" --strip-components=1
# Upstream source, no Debian patches. --openssldir points inside the prefix
# where no openssl.cnf exists, so the system's (3.0) config is never loaded;
# the default provider is built in, so nothing else is located by path.
target=linux-$arch target_conf=()
if [[ -n $variant ]]; then
  # A Configure target of our own that differs from the stock one only in shlib_variant.
  target=carbide-linux-$arch
  cat >"$work/carbide-targets.conf" <<CONF
my %targets = (
    "$target" => { inherit_from => [ "linux-$arch" ], shlib_variant => "$variant" },
);
CONF
  target_conf=(--config="$work/carbide-targets.conf")
fi
openssl_opts=()
for opt in "${configure_opts[@]}"; do [[ $opt == shlib_variant=* ]] || openssl_opts+=("$opt"); done
run ./Configure "$target" "${target_conf[@]}" "${openssl_opts[@]}" "${cross[@]}" \
  --prefix="$prefix" --libdir=lib --openssldir="$prefix/ssl"
run make -j"$(nproc)" build_generated
rm -rf "$prefix"   # leftovers of an interrupted install (no .complete marker)
if [[ -n $flavour ]]; then
  # The module, and the app only to run fipsinstall in the build tree: its config carries the
  # HMAC of this fips.so, so the jar ships the two together and a changed module fails to load.
  run make -j"$(nproc)" providers/fips.so apps/openssl
  run env LD_LIBRARY_PATH=. OPENSSL_CONF=/dev/null apps/openssl fipsinstall \
    -module providers/fips.so -provider_name fips -out fipsmodule.cnf
  mkdir -p "$prefix/lib/ossl-modules" "$prefix/ssl"
  cp providers/fips.so "$prefix/lib/ossl-modules/"
  cp fipsmodule.cnf "$prefix/ssl/"
else
  # Just the shared libs: build_libs/install_dev would also compile every object
  # a second time for the static libcrypto.a and libssl.a.
  run make -j"$(nproc)" libcrypto.so libssl.so exporters/libcrypto.pc exporters/libssl.pc
  mkdir -p "$prefix/include/openssl" "$prefix/lib/pkgconfig"
  cp include/openssl/*.h "$prefix/include/openssl/"
  for lib in crypto ssl; do
    cp "lib$lib$variant.so.3" "$prefix/lib/"
    ln -sf "lib$lib$variant.so.3" "$prefix/lib/lib$lib.so"   # what -lcrypto/-lssl link to
    cp "exporters/lib$lib.pc" "$prefix/lib/pkgconfig/"
  done
fi
echo "$origin, configured with $target ${openssl_opts[*]}${cross:+ ${cross[*]}}" >"$prefix/.complete"
log "built in $((SECONDS - start))s"
echo "$prefix"
