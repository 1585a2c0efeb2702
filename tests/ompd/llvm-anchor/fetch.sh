#!/usr/bin/env bash
# Puts the sources of LLVM's OpenMP runtime, of the version Debian ships
# (libomp-14-dev), into DIR: only openmp/ and LLVM's shared cmake/ modules,
# taken from Debian's llvm-toolchain-14 orig tarball (130 MB), which apt
# downloads as the source package of the installed version
# (scripts/apt-source.sh: from the archive the machine's apt uses, with or
# without a deb-src entry).
#   usage: fetch.sh DIR [CACHE_DIR...]
# Prints the source tree (the directory holding openmp/ and cmake/).
# Nothing is downloaded twice: the first of these that exists is used,
#   1. the tree already in DIR;
#   2. a tree extracted in a CACHE_DIR (copied, 10 MB: DIR stays usable
#      when that CACHE_DIR goes away);
#   3. the tarball in DIR or in a CACHE_DIR (extracted into DIR);
#   4. scripts/apt-source.sh (apt-get source --download-only) into DIR.
# CACHE_DIRs are other DIRs of this script (e.g. the OMPD anchor's).
set -eu
dir=${1:?usage: fetch.sh DIR [CACHE_DIR...]}
shift
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

# The installed libomp-14-dev's version (e.g. 1:14.0.6-12), its source
# package's too, and the upstream part of it (14.0.6).
package_version=$(dpkg-query -W -f '${Version}' libomp-14-dev 2>/dev/null)
[ -n "$package_version" ] || { echo "fetch.sh: libomp-14-dev is not installed" >&2; exit 1; }
version=$(printf '%s' "$package_version" | sed -e 's/^[0-9]*://' -e 's/-[^-]*$//' -e 's/~.*//')
tarball=llvm-toolchain-14_$version.orig.tar.xz
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
  command -v apt-get >/dev/null || { echo "fetch.sh: no apt-get to download the source package llvm-toolchain-14" >&2; exit 1; }
  root=$(cd "$(dirname "$0")/../../.." && pwd)
  why=$("$root/scripts/apt-source.sh" "llvm-toolchain-14=$package_version" "$staging" 2>&1) \
    || why=${why:-apt-get source failed}
  if [ ! -s "$staging/$tarball" ]; then
    echo "fetch.sh: apt-get source --download-only llvm-toolchain-14=$package_version gave no $tarball" \
         "($(printf '%s' "$why" | tail -2 | tr '\n' ' '))" >&2
    exit 1
  fi
  mv "$staging/$tarball" "$dir/$tarball"
  rm -f "$staging"/llvm-toolchain-14_*
  source=$dir/$tarball
fi
# Only the openmp runtime and LLVM's shared cmake modules are needed.
tar -C "$staging" -xJf "$source" --wildcards "$top/openmp/*" "$top/cmake/*" \
  || { echo "fetch.sh: cannot extract $source" >&2; exit 1; }
mv "$staging/$top" "$tree"
echo "$tree"
