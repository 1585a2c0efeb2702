#!/usr/bin/env bash
# The NVIDIA device's checks on a GPU machine, in two steps:
#
#   scripts/gpu-check.sh prepare   here, on the development machine (root or
#                                  sudo): installs GCC 12's NVIDIA offload
#                                  compiler for the build and removes it again
#                                  (while installed, plain `gcc -fopenmp` of a
#                                  target region needs -misa=sm_80 with CUDA 13's
#                                  ptxas on PATH), builds build-gpu/: the offload
#                                  kernels, the tracing check, Glass's runtime,
#                                  and GCC's own libgomp with its nvptx plugin as
#                                  the reference, and, packed into
#                                  build-gpu/suites.tar.xz (the programs are
#                                  mostly PTX text, which packs 30 to 1): the
#                                  GPU tests (tests/gpu, built by
#                                  tests/gpu/build.sh), GCC 12's own target
#                                  tests (fetched by
#                                  tests/external/fetch-gomp-target.sh, built
#                                  by gomp-target.sh --build), and lit,
#                                  FileCheck and the one library FileCheck
#                                  needs that Ubuntu lacks (libz3)
#   scripts/gpu-check.sh run       on the GPU machine, with build-gpu carried:
#                                  the kernels on Glass and on libgomp; the GPU
#                                  tests on Glass (lit, every program required
#                                  to offload); the kernels 5 times interleaved
#                                  (fastest repetition of each run, then median
#                                  and spread over the runs); the device-time
#                                  check of OMPT tracing; the nowait check
#                                  (bench/gpu/nowait.c: results, and kernels
#                                  overlapping each other and host tasks); and
#                                  GCC's target tests on libgomp with its plugin
#                                  and on Glass, both required to offload, for
#                                  at most GPU_GOMP_BUDGET_S seconds (default
#                                  240; the tests not reached are listed)
#
# The device tool of this project: run(command="scripts/gpu-check.sh run",
# carry=["build-gpu"], timeout_s=540). Measured on an H200 machine
# (2026-11-29, bench/RESULTS.md): the kernels, the GPU tests and the tracing
# and nowait checks about a minute; GCC's tests about 100 s for all 104, plus
# 60 s for for-3.c and for-5.c, which time out on libgomp (30 s each) before
# anything else is reached, so GPU_GOMP_BUDGET_S=120 covers half of them. A
# session's device time (15 minutes, the machine's start of 1-2 minutes
# included) fitted this with GPU_GOMP_BUDGET_S=120 and
# scripts/manycore-check.sh run with MANYCORE_BUDGET_S=170
# MANYCORE_TOOL_BUDGET_S=50 in one call of 334 s, leaving time for one
# second, shorter call. Output: tables to paste into
# bench/RESULTS.md and docs/gomp-target-results.md; with $OUT set, the logs of
# the failing tests are copied there.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/build-gpu
mode=${1:-}

prepare() {
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  local installed_here="" gomp_tests=${GOMP_TESTS:-/tmp/gomp-target-tests}
  if ! dpkg -s gcc-12-offload-nvptx >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q gcc-12-offload-nvptx libgomp-plugin-nvptx1 >/dev/null ||
      { echo "gpu-check: cannot install gcc-12-offload-nvptx" >&2; exit 1; }
    installed_here=yes
  fi
  rm -rf "$out" && mkdir -p "$out/glass" "$out/libgomp"
  local offload="-fopenmp -O2 -foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80"
  local status=0
  gcc $offload "$root/bench/gpu/kernels.c" -o "$out/kernels" -lm || status=1
  gcc $offload -rdynamic -idirafter "$root/include" "$root/bench/gpu/trace_times.c" -o "$out/trace_times" || status=1
  gcc $offload "$root/bench/gpu/nowait.c" -o "$out/nowait" || status=1
  # GCC's runtime and plugin, the reference (the GPU machine may have others).
  cp -L /usr/lib/x86_64-linux-gnu/libgomp.so.1 "$out/libgomp/" || status=1
  cp -L /usr/lib/x86_64-linux-gnu/libgomp-plugin-nvptx.so.1 "$out/libgomp/" || status=1
  cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null && cmake --build "$root/build" -j2 >/dev/null ||
    status=1
  cp -a "$root/build/lib/." "$out/glass/"
  # The suites, built here and packed: the GPU machine has no offload compiler.
  local suites
  suites=$(mktemp -d) || status=1
  GLASS_LIB_DIR=$root/build/lib "$root/tests/gpu/build.sh" "$suites/tests" >/dev/null || status=1
  "$root/tests/external/fetch-gomp-target.sh" "$gomp_tests" >/dev/null || status=1
  OFFLOAD_FLAGS="-foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80" \
    "$root/tests/external/gomp-target.sh" --build "$suites/gomp" "$gomp_tests" >"$suites/gomp-build.log" ||
    { tail -5 "$suites/gomp-build.log" >&2; status=1; }
  local lit filecheck
  lit=$(llvm-config-14 --prefix)/build/utils/lit filecheck=$(llvm-config-14 --bindir)/FileCheck
  mkdir -p "$suites/tools/lib" && cp -r "$lit/lit.py" "$lit/lit" "$suites/tools/" && cp "$filecheck" "$suites/tools/" &&
    cp -L "$(ldd "$filecheck" | awk '/libz3/ {print $3}')" "$suites/tools/lib/" || status=1
  tar -cJf "$out/suites.tar.xz" -C "$suites" . || status=1
  rm -rf "$suites"
  if [ -n "$installed_here" ]; then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y -q gcc-12-offload-nvptx libgomp-plugin-nvptx1 nvptx-tools \
      >/dev/null
  fi
  { git -C "$root" rev-parse --short=12 HEAD 2>/dev/null
    git -C "$root" status --short --untracked-files=no 2>/dev/null | grep -q . && echo "with uncommitted changes"
  } >"$out/COMMIT"
  [ $status -eq 0 ] && echo "gpu-check: build-gpu ready ($(du -sh "$out" | cut -f1)); carry it to the GPU machine" ||
    { echo "gpu-check: prepare failed" >&2; exit 1; }
}

median_spread() { # seconds... -> "median (min-max)" in ms
  printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {m=(NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2;
    printf "%.3f (%.3f-%.3f)", m*1e3, v[1]*1e3, v[NR]*1e3}'
}

run() {
  [ -x "$out/kernels" ] || { echo "gpu-check: build-gpu missing: run 'scripts/gpu-check.sh prepare' first" >&2; exit 1; }
  date -u +"gpu-check: %Y-%m-%d %H:%M UTC, Glass $(tr '\n' ' ' <"$out/COMMIT" 2>/dev/null)"
  nvidia-smi -L 2>/dev/null || echo "gpu-check: no nvidia-smi"
  for config in glass libgomp; do
    echo "== $config: devices and a first run"
    LD_LIBRARY_PATH=$out/$config timeout 300 "$out/kernels" || echo "gpu-check: $config run failed ($?)"
  done
  local work
  work=$(mktemp -d) && tar -xJf "$out/suites.tar.xz" -C "$work" || echo "gpu-check: cannot unpack suites.tar.xz"
  # FileCheck with its libz3; the tests' programs do not see that path.
  printf '#!/bin/sh\nLD_LIBRARY_PATH=%s exec %s "$@"\n' "$work/tools/lib" "$work/tools/FileCheck" >"$work/tools/filecheck"
  chmod +x "$work/tools/filecheck"
  echo
  echo "== GPU tests on Glass (tests/gpu)"
  timeout 300 python3 "$work/tools/lit.py" -v --param build_dir="$work" --param lib_dir="$out/glass" \
    --param gpu_prebuilt="$work/tests" --param filecheck="$work/tools/filecheck" --param gpu_required=1 \
    "$root/tests/gpu" || echo "gpu-check: GPU tests failed ($?)"
  declare -A times
  for rep in 1 2 3 4 5; do
    for config in glass libgomp; do
      while read -r line; do
        case $line in kernel=*)
          name=${line#kernel=}; name=${name%% *}
          secs=${line#*seconds=}; secs=${secs%% *}
          times[$config.$name]="${times[$config.$name]:-} $secs";;
        esac
      done < <(LD_LIBRARY_PATH=$out/$config timeout 300 "$out/kernels" 2>&1)
    done
  done
  echo
  echo "| kernel | Glass, ms | libgomp, ms | Glass/libgomp (medians) |"
  echo "|---|--:|--:|--:|"
  for name in empty_launch saxpy stencil reduction; do
    g=${times[glass.$name]:-} l=${times[libgomp.$name]:-}
    [ -n "$g" ] && [ -n "$l" ] || { echo "| $name | n/a | n/a | |"; continue; }
    gm=$(printf '%s\n' $g | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')
    lm=$(printf '%s\n' $l | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')
    echo "| $name | $(median_spread $g) | $(median_spread $l) | $(awk -v a="$gm" -v b="$lm" 'BEGIN {printf "%.3f", a/b}') |"
  done
  echo
  echo "== OMPT device tracing on Glass"
  LD_LIBRARY_PATH=$out/glass timeout 300 "$out/trace_times" || echo "gpu-check: trace check failed ($?)"
  for config in glass libgomp; do
    echo
    echo "== nowait regions on $config"
    LD_LIBRARY_PATH=$out/$config timeout 300 "$out/nowait" || echo "gpu-check: nowait check failed on $config ($?)"
  done
  echo
  echo "== GCC's target tests on the GPU: libgomp with its plugin (ref) and Glass (gpu)"
  REF_LIB_DIR=$out/libgomp GLASS_LIB_DIR=$out/glass BUDGET_S=${GPU_GOMP_BUDGET_S:-240} TIMEOUT=30 \
    "$root/tests/external/gomp-target.sh" --run-gpu "$work/gomp" || echo "gpu-check: GCC's target tests: failures above"
  if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT/gpu-logs" && cp "$work"/gomp/*.log "$OUT/gpu-logs/" 2>/dev/null
    cp -r "$work/tests-gpu/Output" "$OUT/gpu-logs/lit" 2>/dev/null
  fi
  rm -rf "$work"
}

case $mode in
  prepare) prepare ;;
  run) run ;;
  *) echo "usage: $0 prepare|run" >&2; exit 2 ;;
esac
