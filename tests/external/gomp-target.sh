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

# Values of a dg directive in a file, one per line: the text between the
# directive's name and the closing "}" (braces and quotes left as written).
dg_values() {
  sed -n "s/.*{ *$2 \(.*\) *}.*/\1/p" "$1" | sed 's/ *$//'
}

# First quoted or braced argument of a directive's text, and its selector
# ("{ target X }") if any, as "ARG|SELECTOR".
split_arg() {
  local text=$1 arg rest
  case $text in
    \"*) arg=${text#\"}; rest=${arg#*\"}; arg=${arg%%\"*} ;;
    \{*) arg=${text#\{}; rest=${arg#*\}}; arg=${arg%%\}*} ;;
    *) arg=${text%% *}; rest=${text#"$arg"} ;;
  esac
  local sel=""
  case $rest in
    *"{ target "*) sel=${rest#*\{ target }; sel=${sel%%\}*} ;;
  esac
  printf '%s|%s\n' "$arg" "$(echo "$sel" | xargs)"
}

# Whether a "{ target ... }" selector holds for a C build on x86_64 with LTO.
# offload_target_nvptx holds when the build offloads to nvptx ($OFFLOAD_FLAGS):
# such tests add what the nvptx link needs (libatomic, for instance).
selector_holds() {
  local sel=$1
  [ -z "$sel" ] && return 0
  for word in ${sel//[\{\}]/ }; do
    case $word in
      c|lto|x86_64-*-*|'i?86-*-*') return 0 ;;
      offload_target_nvptx) [[ ${OFFLOAD_FLAGS:-} == *nvptx* ]] && return 0 ;;
    esac
  done
  return 1
}

# Run one configuration; prints pass, FAIL(rc=N) or TIMEOUT.
run_one() {
  local exe=$1 log=$2 shouldfail=$3; shift 3
  (cd "$(dirname "$exe")" && env "$@" timeout -k 5 "$timeout_s" "$exe") >"$log" 2>&1
  local rc=$?
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then echo TIMEOUT; return; fi
  if [ "$shouldfail" = yes ]; then
    if [ $rc -ne 0 ]; then echo pass; else echo "FAIL(exit 0, expected failure)"; fi
  elif [ $rc -eq 0 ]; then echo pass
  else echo "FAIL(rc=$rc)"
  fi
}

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

# Reads a test's dg directives into rel, name, opts, extra_srcs, test_env,
# shouldfail and nonshared. Returns 1 for a file that is not a test to run
# (an auxiliary source, or one listed as not run).
read_test() {
  local src=$1 dir line arg sel req do_kind unsupported var val
  rel=${src#"$test_dir"/}
  name=${rel%.c}; name=${name//\//__}
  dir=$(dirname "$src")
  if grep -q 'dg-skip-if "" { \*-\*-\* }' "$src"; then return 1; fi  # an auxiliary source
  do_kind=$(dg_values "$src" dg-do | head -n1)
  case $do_kind in
    ""|run|*run*) ;;
    *) not_run=$((not_run + 1)); not_run_list+=("$rel (dg-do $do_kind)"); return 1 ;;
  esac
  nonshared=no
  case "$do_kind $(dg_values "$src" dg-require-effective-target | tr '\n' ' ')" in
    *offload_device_nonshared_as*) nonshared=yes ;;
  esac
  unsupported=""
  while IFS= read -r req; do
    case $req in
      ""|offload_device_nonshared_as*) ;;
      *) unsupported="dg-require-effective-target $req" ;;
    esac
  done < <(dg_values "$src" dg-require-effective-target)
  if [ -n "$unsupported" ]; then
    not_run=$((not_run + 1)); not_run_list+=("$rel ($unsupported)"); return 1
  fi

  opts="-O2"
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    IFS='|' read -r arg sel < <(split_arg "$line")
    selector_holds "$sel" && opts=$arg
  done < <(dg_values "$src" dg-options)
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    IFS='|' read -r arg sel < <(split_arg "$line")
    selector_holds "$sel" && opts="$opts $arg"
  done < <(dg_values "$src" dg-additional-options)
  extra_srcs=()
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    IFS='|' read -r arg sel < <(split_arg "$line")
    for s in $arg; do extra_srcs+=("$dir/$s"); done
  done < <(dg_values "$src" dg-additional-sources)
  test_env=()
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    var=${line%% *}; val=${line#"$var" }; val=${val#\"}; val=${val%%\"*}
    test_env+=("$var=$val")
  done < <(dg_values "$src" dg-set-target-env-var)
  shouldfail=no
  grep -q 'dg-shouldfail' "$src" && shouldfail=yes
  # dg-xfail-if "REASON" { SELECTOR }: a failure the test expects where the
  # selector holds (on nvptx: what GCC cannot compile for it yet).
  xfail=""
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    IFS='|' read -r arg sel < <(split_arg "$line")
    sel=${line#\"$arg\"}
    [ -n "${sel// /}" ] && selector_holds "$sel" && xfail=$arg
  done < <(dg_values "$src" dg-xfail-if)
  return 0
}

# Builds the test read_test read into $results/$name.exe. A test that
# expects to fail here (dg-xfail-if) and does not build is listed as not run.
compile_test() {
  exe=$results/$name.exe
  # shellcheck disable=SC2086
  if ! $cc -fopenmp $opts ${OFFLOAD_FLAGS:-} -I"$(dirname "$src")" "$src" "${extra_srcs[@]}" -lm -o "$exe" \
       >"$results/$name.compile.log" 2>&1; then
    if [ -n "$xfail" ]; then
      not_run=$((not_run + 1)); not_run_list+=("$rel (does not build, as its dg-xfail-if expects: $xfail)")
      printf '%-52s not built, as expected (%s)\n' "$rel" "$xfail"
      return 2
    fi
    compile_failed=$((compile_failed + 1)); compile_list+=("$rel")
    printf '%-52s compile FAILED (%s)\n' "$rel" "$results/$name.compile.log"
    return 1
  fi
  built=$((built + 1))
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
