#!/bin/sh
# What a Glass build directory really has, for checking `glass --version`'s
# "optional parts" rows (tests/tools/cli.test, minimal-build.test): prints
# FileCheck's arguments, one prefix per part (OMPT-YES or OMPT-NO, ...) and
# -DGDB=PATH. Each answer comes from the built files, not from the settings
# the glass command was compiled with, so a row that says the wrong thing fails:
#   OMPT     the GLASS_OMPT cache entry (as lit's "ompt" feature reads it)
#   LIBDW    libglass-profile.so needs libdw.so
#   OTF2     libglass-trace.so needs the OTF2 library (as "otf2-built")
#   FORTRAN  the omp_lib module was compiled (include/omp_lib.mod)
#   GDB      gdb is on PATH (as the "gdb" feature); its path is GDB
# Usage: built-parts.sh BUILD_DIR
set -eu
build=${1:?usage: built-parts.sh BUILD_DIR}
[ -f "$build/CMakeCache.txt" ] || { echo "built-parts.sh: $build is not a build directory" >&2; exit 2; }

needs() { # LIBRARY NEEDED-NAME-PREFIX: does LIBRARY's dynamic section name it?
  [ -f "$1" ] && readelf -d "$1" | grep -q "(NEEDED).*\[$2"
}
answer() { if "$@"; then echo YES; else echo NO; fi; }
ompt_on() { ! grep -qiE '^GLASS_OMPT:[A-Z]*=(OFF|0|FALSE|NO|N)$' "$build/CMakeCache.txt"; }

prefixes="PARTS"
prefixes="$prefixes,OMPT-$(answer ompt_on)"
prefixes="$prefixes,LIBDW-$(answer needs "$build/lib/libglass-profile.so" libdw.so)"
prefixes="$prefixes,OTF2-$(answer needs "$build/lib/libglass-trace.so" libopen-trace-format2.so)"
prefixes="$prefixes,FORTRAN-$(answer test -f "$build/include/omp_lib.mod")"
gdb=$(command -v gdb || true)
prefixes="$prefixes,GDB-$(answer test -n "$gdb")"
echo "--check-prefixes=$prefixes${gdb:+ -DGDB=$gdb}"
