#!/bin/sh
# Builds a Release Glass (no debug information in the runtime) into
# BUILD_DIR/ompd-release for tests/ompd/release.test and release-lib.test:
# only what `glass debug` needs (the runtime, libompd.so, the glass command,
# the gdb extension copy). Both tests, in the gcc and clang lit runs, share it;
# a lock serialises them, so all but the first (or a rerun) only pay for an
# up-to-date check.
# Usage: release-build.sh SRCROOT BUILD_DIR
set -eu
src=$1
out=$2/ompd-release
mkdir -p "$out"
exec 9>"$out.lock"
flock 9
log=$out/build.log
configure() { cmake -S "$src" -B "$out" -DCMAKE_BUILD_TYPE=Release -DGLASS_SANITIZE= >"$log" 2>&1; }
# A directory configured from another checkout (or half-configured) is started afresh.
if ! configure; then
  rm -rf "$out"
  mkdir -p "$out"
  configure || { tail -30 "$log" >&2; echo "release-build.sh: cannot configure $out (log: $log)" >&2; exit 1; }
fi
if ! cmake --build "$out" -j2 --target glass glass_ompd glass-cli glass_gdb_extension >>"$log" 2>&1; then
  tail -30 "$log" >&2
  echo "release-build.sh: the Release build failed (log: $log)" >&2
  exit 1
fi
