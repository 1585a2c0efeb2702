#!/usr/bin/env bash
# GCC's own libgomp target tests, run on the system libgomp, on Glass and on
# Glass's host devices (GLASS_HOST_DEVICES=1: separate memory, real copies).
#
# The tests are NOT part of this repository (they are GCC's code, an external
# check) and must be fetched separately. They come from GCC's source tree,
# libgomp/testsuite/libgomp.c/ and libgomp/testsuite/libgomp.c-c++-common/:
# the files with target constructs (grep for '#pragma omp target',
# 'declare target', 'omp_target_', 'omp_get_num_devices') together with the
# headers (*.h) and auxiliary sources beside them. GCC 12's are the ones the
# system compiler (gcc 12) can build; on Debian 12 they are in the
# gcc-12-source package:
#   apt-get download gcc-12-source && dpkg-deb -x gcc-12-source_*.deb x
#   tar -xJf x/usr/src/gcc-12/gcc-12.*.tar.xz --wildcards \
#       '*/libgomp/testsuite/libgomp.c/*' '*/libgomp/testsuite/libgomp.c-c++-common/*'
# then copy the chosen files, keeping the two folders apart, into one
# directory (default /tmp/gomp-target-tests/libgomp.c{,-c++-common}/).
# tests/external/fetch-gomp-target.sh does all of this.
#
# Usage: tests/external/gomp-target.sh [TEST_DIR] [NAME_PATTERN]
#          build and run here: ref, glass and hostdev (below)
#        tests/external/gomp-target.sh --build OUT [TEST_DIR] [NAME_PATTERN]
#          build only, into OUT: the binaries and OUT/manifest (what each
#          test needs to run); $OFFLOAD_FLAGS is added to every compile
#          (scripts/gpu-check.sh prepare: GCC's NVIDIA offload compiler)
#        tests/external/gomp-target.sh --run-gpu OUT
#          run OUT's binaries on a GPU machine two ways: "ref" on GCC's
#          libgomp with its nvptx plugin (REF_LIB_DIR), "gpu" on Glass
#          (GLASS_LIB_DIR), both with OMP_TARGET_OFFLOAD=mandatory so that a
#          run without the GPU fails instead of falling back to the host
#   TEST_DIR       folder searched (recursively) for *.c tests
#   NAME_PATTERN   only tests whose path relative to TEST_DIR matches this glob
# Environment: BUILD_DIR (default: build, beside this script's repository),
#   TIMEOUT (seconds per run, default 30), RESULTS (per-test logs and
#   binaries, default /tmp/gomp-target-results), CC (default gcc),
#   BUDGET_S (--run-gpu: start no test after this many seconds; the rest
#   are listed as not reached).
#
# Each test is built with `$CC -fopenmp -O2` (a dg-options line replaces -O2,
# dg-additional-options and dg-additional-sources are added) and run three
# ways: "ref" on the system libgomp (the reference: a test failing there is
# excluded), "glass" on Glass without devices, "hostdev" on Glass with one
# host device. dg-set-target-env-var is honoured, dg-shouldfail expects a
# non-zero exit. dg-output is not compared (the patterns mostly quote
# libgomp's own messages); the exit status is the verdict. Tests that need
# a device with its own address space (offload_device_nonshared_as) are run
# on hostdev only, since the host fallback shares memory by definition.
# Compile- or link-only tests (dg-do compile/link), auxiliary sources
# (dg-skip-if on every target) and tests needing effective targets this
# script cannot judge are listed as not run.
#
# Some tests cannot pass on a host device, for reasons the list below gives
# (the documented limit of host devices: a region runs the host's own code,
# so what it reaches without a map clause is the host's); their failures on
# hostdev are reported as expected. A test of that list that passes is
# reported too, so the list stays true.
#
# Exit status: 0 when every test that passes on the reference passes on every
# Glass configuration (expected hostdev failures aside), 1 otherwise, 2 on a
# usage error.
set -u

script_dir=$(cd "$(dirname "$0")" && pwd)
# dg directives, building and running one test (shared with gomp-host.sh).
. "$script_dir/gomp-dg.sh"
repo_root=$(cd "$script_dir/../.." && pwd)
mode=here
case ${1:-} in
  --build) mode=build; out=${2:?--build needs an output folder}; shift 2 ;;
  --run-gpu) mode=gpu; out=${2:?--run-gpu needs the folder --build wrote}; shift 2 ;;
  -*) echo "gomp-target.sh: unknown option '$1' (see the comment at the top of $0)" >&2; exit 2 ;;
esac
test_dir=${1:-/tmp/gomp-target-tests}
pattern=${2:-*}
build_dir=${BUILD_DIR:-$repo_root/build}
timeout_s=${TIMEOUT:-30}
results=${RESULTS:-/tmp/gomp-target-results}
cc=${CC:-gcc}
budget_s=${BUDGET_S:-0}

if [ $mode != gpu ] && [ ! -d "$test_dir" ]; then
  echo "gomp-target.sh: no test directory '$test_dir'." >&2
  echo "The GCC libgomp target tests are not in this repository; fetch them" >&2
  echo "first (tests/external/fetch-gomp-target.sh)." >&2
  exit 2
fi
case $mode in
  here)
    if [ ! -e "$build_dir/lib/libgomp.so.1" ]; then
      echo "gomp-target.sh: no Glass build at '$build_dir' (lib/libgomp.so.1 missing); build first or set BUILD_DIR." >&2
      exit 2
    fi
    lib_dir=$(cd "$build_dir/lib" && pwd)
    mkdir -p "$results" ;;
  build)
    mkdir -p "$out" && results=$(cd "$out" && pwd) && : >"$results/manifest" || exit 2 ;;
  gpu)
    [ -f "$out/manifest" ] || { echo "gomp-target.sh: no $out/manifest: build with --build first" >&2; exit 2; }
    out=$(cd "$out" && pwd); results=$out
    for var in REF_LIB_DIR GLASS_LIB_DIR; do
      [ -d "${!var:-}" ] || { echo "gomp-target.sh: --run-gpu needs $var (a folder)" >&2; exit 2; }
    done ;;
esac

# Tests that fail on a host device by design, with the reason (GCC 12.2's
# testsuite, names relative to TEST_DIR).
declare -A expected_hostdev=(
  [libgomp.c-c++-common/ptr-attach-1.c]="declare target pointer gp is the host's: the region writes the host array, which the section's copy back then overwrites"
  [libgomp.c/pr86660.c]="declare target array v is the host's: the region's writes through it are overwritten by the map's copy back"
  [libgomp.c/target-link-1.c]="declare target link variables are the host's: the region sees the host's values, not the mapped copies"
  [libgomp.c/declare-variant-2.c]="the region runs the host compilation, which chose the kind(host) variant, while omp_is_initial_device() is false on the device"
  [libgomp.c/address-space-1.c]="the region runs host code, which reaches the __seg_fs variable through the host's fs segment (the test's own comment: SIGSEGV on the host)"
  [libgomp.c/target-20.c]="test_nested expects libgomp 12's single reference count (exit data releasing a target data region's reference); Glass keeps OpenMP 5.1's structured and dynamic counts apart"
)

declare -A count
for k in ref glass hostdev gpu; do for v in pass fail timeout; do count[$k.$v]=0; done; done
built=0; compile_failed=0; not_run=0; excluded=0; glass_failed=0; expected_failed=0; unreached=0
not_run_list=(); excluded_list=(); compile_list=(); expected_list=(); unexpected_pass_list=(); unreached_list=()

# The environment a test sees: none of the caller's OpenMP settings.
clean_env=(-u OMP_NUM_THREADS -u OMP_TARGET_OFFLOAD -u OMP_DEFAULT_DEVICE
           -u GLASS_HOST_DEVICES -u LD_PRELOAD)

tally() {
  case $2 in
    pass) count[$1.pass]=$((count[$1.pass] + 1)) ;;
    TIMEOUT) count[$1.timeout]=$((count[$1.timeout] + 1)) ;;
    FAIL*) count[$1.fail]=$((count[$1.fail] + 1)) ;;
  esac
}

# Runs the test on the reference (ARGS: env's settings for it, before the
# test's own) into the caller's `ref`; a test the reference fails is
# excluded, and false is returned.
reference_passes() {
  ref=$(run_one "$exe" "$results/$name.ref.log" $shouldfail "${clean_env[@]}" "$@" "${test_env[@]}")
  tally ref "$ref"
  [ "$ref" = pass ] && return 0
  excluded=$((excluded + 1)); excluded_list+=("$rel: $ref")
  printf '%-52s ref=%s: excluded\n' "$rel" "$ref"
  return 1
}

# Here: the reference, Glass without devices and Glass with a host device.
judge_here() {
  local ref glass hostdev note reason
  if [ $nonshared = yes ]; then
    ref="n/a"; glass="n/a"
  else
    reference_passes || return
    glass=$(run_one "$exe" "$results/$name.glass.log" $shouldfail "${clean_env[@]}" \
              LD_LIBRARY_PATH="$lib_dir" "${test_env[@]}")
    tally glass "$glass"
  fi
  hostdev=$(run_one "$exe" "$results/$name.hostdev.log" $shouldfail "${clean_env[@]}" \
              LD_LIBRARY_PATH="$lib_dir" GLASS_HOST_DEVICES=1 "${test_env[@]}")
  tally hostdev "$hostdev"
  [ "$glass" = pass ] || [ "$glass" = n/a ] || glass_failed=$((glass_failed + 1))
  note=""; [ $nonshared = yes ] && note=" (needs separate memory: host devices only)"
  reason=${expected_hostdev[$rel]:-}
  if [ "$hostdev" != pass ] && [ -n "$reason" ]; then
    expected_failed=$((expected_failed + 1)); expected_list+=("$rel: $reason")
    note="$note (expected)"
  elif [ "$hostdev" != pass ]; then
    glass_failed=$((glass_failed + 1))
  elif [ -n "$reason" ]; then
    unexpected_pass_list+=("$rel")
  fi
  printf '%-52s ref=%-8s glass=%-8s hostdev=%s%s\n' "$rel" "$ref" "$glass" "$hostdev" "$note"
}

# On a GPU machine: GCC's libgomp with its plugin, then Glass, both required
# to offload. A device with its own memory is what every test may assume.
judge_gpu() {
  local ref gpu offload=(OMP_TARGET_OFFLOAD=mandatory)
  reference_passes LD_LIBRARY_PATH="$REF_LIB_DIR" "${offload[@]}" || return
  gpu=$(run_one "$exe" "$results/$name.gpu.log" $shouldfail "${clean_env[@]}" \
          LD_LIBRARY_PATH="$GLASS_LIB_DIR" "${offload[@]}" "${test_env[@]}")
  tally gpu "$gpu"
  [ "$gpu" = pass ] || glass_failed=$((glass_failed + 1))
  printf '%-52s ref=%-8s gpu=%s\n' "$rel" "$ref" "$gpu"
}

# One manifest line per test --build built: what judge_gpu needs (the
# environment's entries separated by the unit separator, \x1f), and one
# per file not run, so the GPU summary lists it too.
write_manifest() {
  local IFS=$'\x1f'
  printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$shouldfail" "$nonshared" "${test_env[*]:-}" >>"$results/manifest"
}

if [ $mode = gpu ]; then
  started=$SECONDS
  while IFS=$'\t' read -r rel name shouldfail nonshared envs; do
    case $name in
      "not run") not_run=$((not_run + 1)); not_run_list+=("$rel"); continue ;;
      "compile failed") compile_failed=$((compile_failed + 1)); compile_list+=("$rel"); continue ;;
    esac
    if [ "$budget_s" -gt 0 ] && [ $((SECONDS - started)) -ge "$budget_s" ]; then
      unreached=$((unreached + 1)); unreached_list+=("$rel"); continue
    fi
    IFS=$'\x1f' read -r -a test_env <<<"$envs"
    exe=$out/$name.exe
    built=$((built + 1))
    judge_gpu
  done <"$out/manifest"
else
  while IFS= read -r src; do
    rel=${src#"$test_dir"/}
    # shellcheck disable=SC2053
    [[ $rel == $pattern ]] || continue
    before=$not_run
    if ! read_test "$src"; then
      [ $mode = build ] && [ $not_run -gt "$before" ] && { shouldfail=-; nonshared=-; test_env=();
        write_manifest "${not_run_list[-1]}" "not run"; }
      continue
    fi
    compile_test; built_status=$?
    if [ $built_status -eq 2 ]; then
      [ $mode = build ] && write_manifest "${not_run_list[-1]}" "not run"
      continue
    elif [ $built_status -ne 0 ]; then
      [ $mode = build ] && write_manifest "$rel" "compile failed"
      continue
    fi
    if [ $mode = build ]; then
      write_manifest "$rel" "$name"
      printf '%-52s built\n' "$rel"
    else
      judge_here
    fi
  done < <(find "$test_dir" -type f -name '*.c' | LC_ALL=C sort)
fi

echo
if [ $mode = build ]; then
  echo "Built $built tests into $results ($compile_failed failed to compile, $not_run not run)"
  for item in "${compile_list[@]}"; do echo "  compile failed: $item"; done
  [ $compile_failed -eq 0 ]
  exit
fi
echo "Summary ($built built, $compile_failed failed to compile, $not_run not run, $excluded excluded as failing on the reference)"
configs="ref glass hostdev"; [ $mode = gpu ] && configs="ref gpu"
for k in $configs; do
  printf '  %-8s %3d pass, %3d fail, %3d timeout\n' "$k" "${count[$k.pass]}" "${count[$k.fail]}" "${count[$k.timeout]}"
done
if [ $mode = gpu ]; then
  echo "  unexpected failures (gpu): $glass_failed; not reached within BUDGET_S=$budget_s: $unreached"
else
  echo "  hostdev failures expected on a host device: $expected_failed; unexpected failures (glass and hostdev): $glass_failed"
fi
for item in "${expected_list[@]}"; do echo "  expected on hostdev: $item"; done
for item in "${unexpected_pass_list[@]}"; do echo "  listed as expected to fail on hostdev, but passed: $item"; done
for item in "${not_run_list[@]}"; do echo "  not run: $item"; done
for item in "${unreached_list[@]}"; do echo "  not reached: $item"; done
for item in "${excluded_list[@]}"; do echo "  excluded: $item"; done
for item in "${compile_list[@]}"; do echo "  compile failed: $item"; done
echo "Logs: $results"
[ $glass_failed -eq 0 ]
