#!/usr/bin/env bash
# GCC's own libgomp run tests without target constructs (GCC 12.2's
# libgomp.c and libgomp.c-c++-common, as tests/external/fetch-gomp-target.sh
# --host selects them), run on Glass. Every test is expected to pass except
# those listed below with their reason; a test that fails on Glass is run on
# the system libgomp too, and one failing there as well is excluded (the
# machine cannot run it), so the verdict is about Glass.
#
# The tests are NOT part of this repository (they are GCC's code); fetch them
# first: tests/external/fetch-gomp-target.sh --host [TEST_DIR].
#
# Usage: tests/external/gomp-host.sh [TEST_DIR] [NAME_PATTERN]
#   TEST_DIR       the fetched tests (default /tmp/gomp-host-tests)
#   NAME_PATTERN   only tests whose path relative to TEST_DIR matches this glob
# Environment: BUILD_DIR (default: build, beside this script's repository),
#   TIMEOUT (seconds per run, default 60), RESULTS (per-test logs and
#   binaries, default /tmp/gomp-host-results), CC (default gcc).
#
# Each test is built as gomp-dg.sh says (`$CC -fopenmp -O2` with its dg
# options and extra sources) and run with its dg-set-target-env-var settings
# and none of the caller's OpenMP ones; dg-shouldfail expects a non-zero
# exit. dg-output is not compared (its patterns mostly quote libgomp's own
# messages); the exit status is the verdict.
#
# Exit status: 0 when every test passes on Glass, the listed ones and those
# the system libgomp fails too aside; 1 otherwise; 2 on a usage error.
set -u

script_dir=$(cd "$(dirname "$0")" && pwd)
repo_root=$(cd "$script_dir/../.." && pwd)
. "$script_dir/gomp-dg.sh"

test_dir=${1:-/tmp/gomp-host-tests}
pattern=${2:-*}
build_dir=${BUILD_DIR:-$repo_root/build}
timeout_s=${TIMEOUT:-60}
results=${RESULTS:-/tmp/gomp-host-results}
cc=${CC:-gcc}

if [ ! -f "$test_dir/selected.list" ]; then
  echo "gomp-host.sh: no tests in '$test_dir'; fetch them first (tests/external/fetch-gomp-target.sh --host $test_dir)." >&2
  exit 2
fi
if [ ! -e "$build_dir/lib/libgomp.so.1" ]; then
  echo "gomp-host.sh: no Glass build at '$build_dir' (lib/libgomp.so.1 missing); build first or set BUILD_DIR." >&2
  exit 2
fi
lib_dir=$(cd "$build_dir/lib" && pwd)
mkdir -p "$results"

# Tests that check libgomp's own behaviour beyond the specification, with the
# reason (names relative to TEST_DIR). One that passes is reported, so the
# list stays true.
declare -A expected_fail=(
  [libgomp.c-c++-common/pause-2.c]="checks that omp_pause_resource(omp_pause_soft) destroyed the worker threads (their threadprivate values back to the initial one); the specification allows, not requires, that (the test says it goes beyond the standard), and Glass keeps its threads"
)

built=0; compile_failed=0; not_run=0; passed=0; excluded=0; failed=0; expected=0
not_run_list=(); compile_list=(); excluded_list=(); failed_list=(); expected_list=(); unexpected_pass_list=()

# The environment a test sees: none of the caller's OpenMP settings.
clean_env=(-u OMP_NUM_THREADS -u OMP_SCHEDULE -u OMP_PROC_BIND -u OMP_PLACES -u OMP_DYNAMIC
           -u OMP_WAIT_POLICY -u OMP_TOOL -u OMP_TOOL_LIBRARIES -u GLASS_HOST_DEVICES -u LD_PRELOAD)

judge() {
  local glass ref reason=${expected_fail[$rel]:-}
  glass=$(run_one "$exe" "$results/$name.glass.log" $shouldfail "${clean_env[@]}" \
            LD_LIBRARY_PATH="$lib_dir" "${test_env[@]}")
  if [ "$glass" = pass ]; then
    passed=$((passed + 1))
    [ -n "$reason" ] && unexpected_pass_list+=("$rel")
    return
  fi
  if [ -n "$reason" ]; then
    expected=$((expected + 1)); expected_list+=("$rel: $reason")
    printf '%-52s glass=%s (expected: listed)\n' "$rel" "$glass"
    return
  fi
  ref=$(run_one "$exe" "$results/$name.ref.log" $shouldfail "${clean_env[@]}" "${test_env[@]}")
  if [ "$ref" != pass ]; then
    excluded=$((excluded + 1)); excluded_list+=("$rel: glass=$glass, system libgomp=$ref")
    printf '%-52s glass=%s ref=%s: excluded\n' "$rel" "$glass" "$ref"
    return
  fi
  failed=$((failed + 1)); failed_list+=("$rel: $glass ($results/$name.glass.log)")
  printf '%-52s glass=%s ref=pass: FAIL\n' "$rel" "$glass"
}

# A header that only libgomp's own build tree has (config.h, libgomp_g.h):
# such a test checks libgomp's internals and cannot be built outside it.
needs_build_tree() {
  local header
  for header in $(sed -n 's/^#include "\([^"]*\.h\)".*/\1/p' "$src"); do
    [ -f "$(dirname "$src")/$header" ] && continue
    [ -f "$($cc -print-file-name=include/"$header")" ] && continue  # the compiler's own (cpuid.h)
    missing_header=$header; return 0
  done
  return 1
}

while IFS= read -r rel; do
  src=$test_dir/$rel
  # shellcheck disable=SC2053
  [[ $rel == $pattern ]] || continue
  if needs_build_tree; then
    not_run=$((not_run + 1)); not_run_list+=("$rel (includes $missing_header of libgomp's build tree)"); continue
  fi
  read_test "$src" || continue
  compile_test || continue
  judge
done < <(LC_ALL=C sort "$test_dir/selected.list")

echo
echo "GCC's libgomp tests on Glass: $built built, $passed passed, $failed failed, $expected failed as listed," \
     "$excluded excluded (the system libgomp fails them too), $compile_failed failed to compile, $not_run not run"
for item in "${failed_list[@]}"; do echo "  FAIL: $item"; done
for item in "${expected_list[@]}"; do echo "  expected to fail: $item"; done
for item in "${unexpected_pass_list[@]}"; do echo "  listed as expected to fail, but passed: $item"; done
for item in "${excluded_list[@]}"; do echo "  excluded: $item"; done
for item in "${compile_list[@]}"; do echo "  compile failed: $item"; done
for item in "${not_run_list[@]}"; do echo "  not run: $item"; done
[ $failed -eq 0 ] && [ $compile_failed -eq 0 ] && [ $built -gt 0 ]
