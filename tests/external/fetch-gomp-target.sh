#!/usr/bin/env bash
# Fetches GCC 12's libgomp tests (GCC's code, not part of this repository)
# for tests/external/gomp-target.sh (the target tests) and
# tests/external/gomp-host.sh (the others): Debian's gcc-12-source package
# is downloaded (apt-get download: no root needed), and from its
# libgomp/testsuite/libgomp.c/ and libgomp.c-c++-common/ the selected tests
# are copied into DEST, the two folders kept apart, with the headers of
# those folders and the extra sources the tests name (dg-additional-sources).
#
# The selection rule (the one docs/gomp-target-results.md states): a target
# test is a *.c file containing '#pragma omp target', 'declare target',
# 'omp_target_' or 'omp_get_num_devices', itself or in an extra source it
# names; --host selects every other *.c file.
#
# DEST/selected.list names the selected tests, one path per line relative
# to DEST (a folder may also hold sources that a selected test includes).
#
# Usage: tests/external/fetch-gomp-target.sh [--host] [DEST]
#        (default DEST: /tmp/gomp-target-tests, with --host /tmp/gomp-host-tests)
# Exit status: 0 with DEST filled, 1 when the package cannot be had.
set -u
selection=target
[ "${1:-}" = --host ] && { selection=host; shift; }
default_dest=/tmp/gomp-target-tests
[ $selection = host ] && default_dest=/tmp/gomp-host-tests
dest=${1:-$default_dest}
if [ -d "$dest/libgomp.c" ] && [ -d "$dest/libgomp.c-c++-common" ]; then
  echo "fetch-gomp-target: $dest already holds the tests"
  exit 0
fi
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
if ! apt-get download gcc-12-source >/dev/null 2>apt.log; then
  echo "fetch-gomp-target: cannot download Debian's gcc-12-source: $(tail -1 apt.log)" >&2
  exit 1
fi
dpkg-deb -x gcc-12-source_*.deb pkg || { echo "fetch-gomp-target: cannot unpack gcc-12-source" >&2; exit 1; }
tarball=$(ls pkg/usr/src/gcc-12/gcc-12.*.tar.* 2>/dev/null | head -1)
[ -n "$tarball" ] || { echo "fetch-gomp-target: no GCC source tarball in gcc-12-source" >&2; exit 1; }
tar -xaf "$tarball" --wildcards '*/libgomp/testsuite/libgomp.c/*' '*/libgomp/testsuite/libgomp.c-c++-common/*' ||
  { echo "fetch-gomp-target: cannot extract libgomp's tests from $tarball" >&2; exit 1; }
count=0
for folder in libgomp.c libgomp.c-c++-common; do
  src=$(ls -d gcc-12*/libgomp/testsuite/$folder | head -1)
  mkdir -p "$dest.partial/$folder"
  cp "$src"/*.h "$dest.partial/$folder/" 2>/dev/null
  for test in "$src"/*.c; do
    extras=$(sed -n 's/.*dg-additional-sources "\([^"]*\)".*/\1/p' "$test")
    # The file names have no blanks.
    # shellcheck disable=SC2046
    is_target=no
    grep -qE '#pragma omp target|declare target|omp_target_|omp_get_num_devices' "$test" \
      $(for extra in $extras; do echo "$src/$extra"; done) && is_target=yes
    [ $selection = host ] && [ $is_target = yes ] && continue
    [ $selection = target ] && [ $is_target = no ] && continue
    cp "$test" "$dest.partial/$folder/"
    echo "$folder/$(basename "$test")" >>"$dest.partial/selected.list"
    count=$((count + 1))
    for extra in $extras; do cp "$src/$extra" "$dest.partial/$folder/"; done
    # Sources a test includes from its own folder ("for-5.c"): copied, not selected.
    for included in $(sed -n 's/^#include "\([^"/]*\.c\)".*/\1/p' "$test"); do
      [ -f "$src/$included" ] && cp -n "$src/$included" "$dest.partial/$folder/"
    done
  done
done
rm -rf "$dest" && mv "$dest.partial" "$dest" || exit 1
what="with target constructs"; [ $selection = host ] && what="without target constructs"
echo "fetch-gomp-target: $count sources $what (tests and the extra sources they name) of $(basename "$tarball") in $dest"
