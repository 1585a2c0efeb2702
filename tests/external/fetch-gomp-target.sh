#!/usr/bin/env bash
# Fetches GCC 12's libgomp target tests (GCC's code, not part of this
# repository) for tests/external/gomp-target.sh: Debian's gcc-12-source
# package is downloaded (apt-get download: no root needed), and from its
# libgomp/testsuite/libgomp.c/ and libgomp.c-c++-common/ every test with a
# target construct is copied into DEST, the two folders kept apart, with the
# headers of those folders and the extra sources the tests name
# (dg-additional-sources).
#
# The selection rule (the one docs/gomp-target-results.md states): a *.c file
# containing '#pragma omp target', 'declare target', 'omp_target_' or
# 'omp_get_num_devices', itself or in an extra source it names.
#
# Usage: tests/external/fetch-gomp-target.sh [DEST]   (default /tmp/gomp-target-tests)
# Exit status: 0 with DEST filled, 1 when the package cannot be had.
set -u
dest=${1:-/tmp/gomp-target-tests}
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
    grep -qE '#pragma omp target|declare target|omp_target_|omp_get_num_devices' "$test" \
      $(for extra in $extras; do echo "$src/$extra"; done) || continue
    cp "$test" "$dest.partial/$folder/"
    count=$((count + 1))
    for extra in $extras; do cp "$src/$extra" "$dest.partial/$folder/"; done
  done
done
rm -rf "$dest" && mv "$dest.partial" "$dest" || exit 1
echo "fetch-gomp-target: $count sources with target constructs (tests and the extra sources they name) of $(basename "$tarball") in $dest"
