#!/usr/bin/env bash
# Builds Glass and runs the whole test suite once per compiler: with the
# runtime tests compiled by gcc, then by clang (14) and by clang-19
# (--param compiler=..., each its own exec root). Ends with "N passed, N
# failed" summed over the runs.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GLASS_BUILD_DIR:-$root/build}
jobs=$(nproc)

# The packages the tests need, installed when missing (scripts/deps.sh).
"$root/scripts/deps.sh" test || exit 1

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null || exit 1
cmake --build "$build" -j "$jobs" >/dev/null || { cmake --build "$build" 2>&1 | tail -30; exit 1; }

# OMPD LLVM anchor: LLVM's own libomp, built once with its OMPD
# symbols kept, for tests/ompd/llvm-anchor.test (skipped if it cannot be built).
anchor=${GLASS_LLVM_ANCHOR_DIR:-$build/llvm-anchor}
# Another build directory's copy of the sources is reused (no second download).
"$root/tests/ompd/llvm-anchor/build.sh" "$anchor" "$root/build/llvm-anchor" >/dev/null 2>"$build/llvm-anchor.log" \
  || echo "note: LLVM OMPD anchor not built, its test is skipped (see $build/llvm-anchor.log)"

lit="$root/scripts/lit.sh"  # lit with a time limit per test
compilers="gcc"
command -v clang >/dev/null && compilers="gcc clang"
# clang 19 (Debian 12's newest) too: programs it compiles must run unchanged.
command -v clang-19 >/dev/null && compilers="$compilers clang-19"

# Sums lit's "<label>: N" summary lines of a run into the totals.
count() {
  grep -oE "^ *$1 *: *[0-9]+" "$2" | grep -oE '[0-9]+$' | awk '{s += $1} END {print s + 0}'
}

passed=0 failed=0 skipped=0
# Each failure's name, repeated before the totals: a log's tail names them.
failures=()
for compiler in $compilers; do
  out=$(mktemp)
  # A failing test's whole output (its RUN lines and what they printed) is shown.
  echo "== runtime tests compiled by $compiler"
  "$lit" -sv -j "$jobs" --param build_dir="$build" --param compiler="$compiler" "$root/tests" "$@" 2>&1 \
    | tee "$out" | awk '/^\*+ TEST /{show=1} show{print} /^\*+$/{show=0} !show && /^(FAIL|XPASS|UNRESOLVED|TIMEOUT):|^  glass-|note: GPU tests skipped/{print}' || true
  passed=$((passed + $(count Passed "$out")))
  failed=$((failed + $(count 'Failed' "$out") + $(count 'Unresolved' "$out") + $(count 'Timed Out' "$out") \
    + $(count 'Unexpectedly Passed' "$out")))
  skipped=$((skipped + $(count Unsupported "$out")))
  while IFS= read -r line; do failures+=("$line ($compiler)"); done \
    < <(grep -E '^(FAIL|XPASS|UNRESOLVED|TIMEOUT): ' "$out")
  rm -f "$out"
done

# GCC 12.2's own libgomp run tests without target constructs, on Glass
# (tests/external/gomp-host.sh; every one must pass but those it lists).
# Fetched once from Debian's gcc-12-source into the build folder; skipped
# with a note when that cannot be had (no network). Counts as one test.
if [ $# -eq 0 ]; then
  gomp_tests=$build/gomp-host-tests
  echo "== GCC's libgomp tests on Glass (tests/external/gomp-host.sh)"
  if "$root/tests/external/fetch-gomp-target.sh" --host "$gomp_tests" >"$build/gomp-host-fetch.log" 2>&1; then
    if RESULTS=$build/gomp-host-results BUILD_DIR=$build "$root/tests/external/gomp-host.sh" "$gomp_tests" \
         >"$build/gomp-host.log" 2>&1; then
      passed=$((passed + 1))
    else
      failed=$((failed + 1)); echo "FAIL: GCC's libgomp tests (log: $build/gomp-host.log)"
      failures+=("FAIL: GCC's libgomp tests")
      grep -E '^  (FAIL|compile failed|listed as expected)' "$build/gomp-host.log"
    fi
    grep "^GCC's libgomp tests on Glass" "$build/gomp-host.log"
  else
    skipped=$((skipped + 1)); echo "note: GCC's libgomp tests skipped: $(tail -1 "$build/gomp-host-fetch.log")"
  fi
fi

# Reliability (tests/stress/README.md): the runtime, OMPT and stress
# tests under ASan+UBSan (gcc) and TSan (clang), valgrind memcheck, libFuzzer
# on the environment parsers; each stage counts as one test. Skipped when lit
# arguments select a subset or GLASS_RELIABILITY=off; GLASS_RELIABILITY=long
# fuzzes 5 minutes per parser and runs the stress loops longer;
# GLASS_RELIABILITY=short builds each stage and runs it on a few tests (the
# fresh-machine check, where the whole run would not fit CI's time twice).
reliability=${GLASS_RELIABILITY:-on}
if [ "$reliability" != off ] && [ $# -eq 0 ]; then
  fuzz_seconds=30 sanitize_args=()
  [ "$reliability" = long ] && { fuzz_seconds=300; export GLASS_STRESS=long; }
  # short: each stage built and run on a few tests (scripts/fresh-machine.sh).
  [ "$reliability" = short ] && { fuzz_seconds=5;
    sanitize_args=(--filter 'runtime/c/[a-z]+/(barrier|atomic|critical|task-reduction-every-team)\.c|ompt/(parallel|tasks)\.c'); }
  for stage in "tests/stress/sanitize.sh asan" "tests/stress/sanitize.sh tsan" \
               "tests/stress/valgrind.sh $build" "tests/fuzz/run.sh $fuzz_seconds"; do
    echo "== reliability: $stage"
    extra=(); case $stage in *sanitize.sh*) extra=("${sanitize_args[@]}") ;; esac
    if GLASS_SANITIZE_BUILD_DIR="$build-san" "$root"/$stage "${extra[@]}"; then
      passed=$((passed + 1))
    else
      failed=$((failed + 1)); echo "FAIL: reliability: $stage"
      failures+=("FAIL: reliability: $stage")
    fi
  done
fi

[ ${#failures[@]} -eq 0 ] || printf 'failed: %s\n' "${failures[@]}"
echo "${passed} passed, ${failed} failed, ${skipped} skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
