#!/usr/bin/env bash
# The NVIDIA device's checks on a GPU machine (issue 18), in two steps:
#
#   scripts/gpu-check.sh prepare   here, on the development machine (root or
#                                  sudo): installs GCC 12's NVIDIA offload
#                                  compiler for the build and removes it again
#                                  (while installed, plain `gcc -fopenmp` of a
#                                  target region needs -misa=sm_80 with CUDA 13's
#                                  ptxas on PATH), builds build-gpu/: the offload
#                                  kernels, the tracing check, Glass's runtime,
#                                  and GCC's own libgomp with its nvptx plugin as
#                                  the reference
#   scripts/gpu-check.sh run       on the GPU machine, with build-gpu carried:
#                                  the kernels on Glass and on libgomp, 5 times
#                                  interleaved (fastest repetition of each run,
#                                  then median and spread over the runs), the
#                                  device-time check of OMPT tracing, and the
#                                  nowait check (bench/gpu/nowait.c: results, and
#                                  kernels overlapping each other and host tasks)
#
# The device tool of this project: run(command="scripts/gpu-check.sh run",
# carry=["build-gpu"]). Output: a table to paste into bench/RESULTS.md.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/build-gpu
mode=${1:-}

prepare() {
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  local installed_here=""
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
  if [ -n "$installed_here" ]; then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y -q gcc-12-offload-nvptx libgomp-plugin-nvptx1 nvptx-tools \
      >/dev/null
  fi
  [ $status -eq 0 ] && echo "gpu-check: build-gpu ready ($(du -sh "$out" | cut -f1)); carry it to the GPU machine" ||
    { echo "gpu-check: prepare failed" >&2; exit 1; }
}

median_spread() { # seconds... -> "median (min-max)" in ms
  printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {m=(NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2;
    printf "%.3f (%.3f-%.3f)", m*1e3, v[1]*1e3, v[NR]*1e3}'
}

run() {
  [ -x "$out/kernels" ] || { echo "gpu-check: build-gpu missing: run 'scripts/gpu-check.sh prepare' first" >&2; exit 1; }
  date -u +"gpu-check: %Y-%m-%d %H:%M UTC"
  nvidia-smi -L 2>/dev/null || echo "gpu-check: no nvidia-smi"
  for config in glass libgomp; do
    echo "== $config: devices and a first run"
    LD_LIBRARY_PATH=$out/$config timeout 300 "$out/kernels" || echo "gpu-check: $config run failed ($?)"
  done
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
}

case $mode in
  prepare) prepare ;;
  run) run ;;
  *) echo "usage: $0 prepare|run" >&2; exit 2 ;;
esac
