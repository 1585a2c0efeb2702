#!/usr/bin/env bash
# Puts the sources of LLVM's OpenMP runtime, of the version Debian ships
# (libomp-14-dev), into DIR: only openmp/ and LLVM's shared cmake/ modules,
# taken from Debian's llvm-toolchain-14 orig tarball (130 MB, deb.debian.org).
#   usage: fetch.sh DIR [CACHE_DIR...]
# Prints the source tree (the directory holding openmp/ and cmake/).
# Nothing is downloaded twice: the first of these that exists is used,
#   1. the tree already in DIR;
#   2. a tree extracted in a CACHE_DIR (copied, 10 MB: DIR stays usable
#      when that CACHE_DIR goes away);
#   3. the tarball in DIR or in a CACHE_DIR (extracted into DIR);
#   4. a download into DIR.
# CACHE_DIRs are other DIRs of this script (e.g. the OMPD anchor's).
set -eu
dir=${1:?usage: fetch.sh DIR [CACHE_DIR...]}
shift
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

# Upstream version of the installed libomp-14-dev (e.g. 1:14.0.6-12 -> 14.0.6).
version=$(dpkg-query -W -f '${Version}' libomp-14-dev 2>/dev/null | sed -e 's/^[0-9]*://' -e 's/-[^-]*$//' -e 's/~.*//')
[ -n "$version" ] || { echo "fetch.sh: libomp-14-dev is not installed" >&2; exit 1; }
tarball=llvm-toolchain-14_$version.orig.tar.xz
url=http://deb.debian.org/debian/pool/main/l/llvm-toolchain-14/$tarball
top=llvm-toolchain-14_$version
tree=$dir/$top

complete() { [ -f "$1/openmp/CMakeLists.txt" ] && [ -d "$1/cmake/Modules" ]; }
if complete "$tree"; then echo "$tree"; exit 0; fi

# Whatever is built goes to a temporary name first and is renamed when
# complete, so an interrupted run never leaves a half tree that looks done.
staging=$dir/.fetch.tmp
trap 'rm -rf "$staging"' EXIT
rm -rf "$staging" "$tree"
mkdir -p "$staging"
for cache in "$@"; do
  if [ -d "$cache" ] && [ "$(cd "$cache" && pwd)" != "$dir" ] && complete "$cache/$top"; then
    mkdir -p "$staging/$top"
    cp -a "$cache/$top/openmp" "$cache/$top/cmake" "$staging/$top/"
    mv "$staging/$top" "$tree"
    echo "$tree"
    exit 0
  fi
done

source=
for candidate in "$dir" "$@"; do
  if [ -f "$candidate/$tarball" ]; then source=$candidate/$tarball; break; fi
done
if [ -z "$source" ]; then
  # On failure one line says why (callers such as bench/run show only that).
  if command -v curl >/dev/null; then
    why=$(curl -sSfL --connect-timeout 30 -o "$dir/$tarball.part" "$url" 2>&1) || why=${why:-curl failed}
  else
    why=$(python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' \
      "$url" "$dir/$tarball.part" 2>&1) || why=$(printf '%s\n' "$why" | tail -1)
  fi
  if [ ! -s "$dir/$tarball.part" ] || [ -n "$why" ]; then
    rm -f "$dir/$tarball.part"
    echo "fetch.sh: cannot download $url ($(printf '%s' "${why:-empty file}" | tr '\n' ' '))" >&2
    exit 1
  fi
  mv "$dir/$tarball.part" "$dir/$tarball"
  source=$dir/$tarball
fi
# Only the openmp runtime and LLVM's shared cmake modules are needed.
tar -C "$staging" -xJf "$source" --wildcards "$top/openmp/*" "$top/cmake/*" \
  || { echo "fetch.sh: cannot extract $source" >&2; exit 1; }
mv "$staging/$top" "$tree"
echo "$tree"
