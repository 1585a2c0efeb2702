#!/usr/bin/env bash
# Builds Glass and runs the whole test suite. Ends with "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GLASS_BUILD_DIR:-$root/build}
jobs=$(nproc)

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null || exit 1
cmake --build "$build" -j "$jobs" >/dev/null || { cmake --build "$build" 2>&1 | tail -30; exit 1; }

lit="$(llvm-config-14 --prefix)/build/utils/lit/lit.py"
out=$(mktemp)
python3 "$lit" -sv -j "$jobs" --param build_dir="$build" "$root/tests" "$@" 2>&1 | tee "$out" | grep -E '^(FAIL|XPASS|UNRESOLVED|TIMEOUT):|\*\*\*\*' || true
passed=$(grep -oE '^ *Passed *: *[0-9]+' "$out" | grep -oE '[0-9]+$' || echo 0)
expected_fail=$(grep -oE '^ *Expectedly Failed *: *[0-9]+' "$out" | grep -oE '[0-9]+$' || echo 0)
failed=0
for n in $(grep -oE '^ *(Failed|Unresolved|Timed Out|Unexpectedly Passed) *: *[0-9]+' "$out" | grep -oE '[0-9]+$'); do
  failed=$((failed + n))
done
skipped=$(grep -oE '^ *Unsupported *: *[0-9]+' "$out" | grep -oE '[0-9]+$' || echo 0)
rm -f "$out"
echo "${passed:-0} passed, ${failed} failed, ${skipped:-0} skipped"
[ "$failed" -eq 0 ] && [ "${passed:-0}" -gt 0 ]
