#!/usr/bin/env bash
# LLVM's OMPT target test tool, unchanged, on Glass: the tool written for
# libomptarget's target callbacks (LLVM 17+) runs with gcc-compiled target
# programs on a Glass host device (GLASS_HOST_DEVICES=1).
#
# The tool is NOT part of this repository (it is LLVM's code, an external
# check) and must be fetched separately. It is the folder
# offload/test/ompt/ of LLVM 19's sources (openmp/libomptarget/test/ompt/
# in LLVM 17 and 18): callbacks.h (the callbacks, which print one line per
# event) and register_*.h (which of them a tool registers), with LLVM's test
# programs beside them. From Debian's source package of clang-19,
# llvm-toolchain-19, through apt (scripts/apt-source.sh adds the deb-src
# entries the apt sources usually lack, in a private configuration); no
# root is needed to download a source package:
#   scripts/apt-source.sh llvm-toolchain-19 .
#   tar -xJf llvm-toolchain-19_*.orig.tar.xz --wildcards '*/offload/test/ompt/*'
# (apt-get download fetches binary packages, which do not ship these files.)
#
# Usage: tests/external/llvm-target-tool.sh TOOL_DIR
#   TOOL_DIR   the folder holding callbacks.h and register_*.h
# Environment: BUILD_DIR (default: build, beside this script's repository),
#   RESULTS (binaries and outputs, default /tmp/llvm-target-tool-results),
#   TIMEOUT (seconds per run, default 30).
#
# What runs:
# 1. Inputs/llvm-target-tool/program.c (ours: every kind of target construct and the
#    device memory routines) with the tool's headers included unchanged, once
#    per register_*.h. tests/external/Inputs/llvm-target-tool/check.py checks what
#    the tool printed: device initialize/load/finalize, target begin/end pairs
#    in the program's order, every data operation inside its construct with
#    the right devices, sizes and a code address, every alloc deleted, one
#    submission per region, EMI begin/end pairs sharing their data.
#    register_wrong_return.h (an initializer returning 0) must give no
#    callback at all. register_*_map.h: the tool aborts in its target_map
#    callback ("unimplemented": libomptarget never dispatches target_map,
#    Glass does), which is what this script expects of them.
# 2. LLVM's own test programs in TOOL_DIR that gcc compiles (most use
#    clang-only syntax), checked with FileCheck against their own CHECK
#    lines; a known difference is listed below with its reason.
#
# Exit status: 0 when everything is as expected, 1 otherwise, 2 on a usage
# error.
set -u

script_dir=$(cd "$(dirname "$0")" && pwd)
repo_root=$(cd "$script_dir/../.." && pwd)
tool_dir=${1:-}
build_dir=${BUILD_DIR:-$repo_root/build}
results=${RESULTS:-/tmp/llvm-target-tool-results}
timeout_s=${TIMEOUT:-30}
filecheck=$(llvm-config-14 --bindir 2>/dev/null)/FileCheck

if [ -z "$tool_dir" ] || [ ! -f "$tool_dir/callbacks.h" ]; then
  echo "llvm-target-tool.sh: '${tool_dir}' holds no callbacks.h; see the comment at the top of this script for where to get LLVM's tool." >&2
  exit 2
fi
if [ ! -e "$build_dir/lib/libgomp.so.1" ]; then
  echo "llvm-target-tool.sh: no Glass build in '$build_dir' (set BUILD_DIR)." >&2
  exit 2
fi
[ -x "$filecheck" ] || filecheck=$(command -v FileCheck || true)
if [ -z "$filecheck" ]; then
  echo "llvm-target-tool.sh: FileCheck not found (Debian: llvm-14-tools)." >&2
  exit 2
fi
mkdir -p "$results"

# LLVM's programs whose CHECK lines Glass does not meet, and why.
known_difference() {
  case "$1" in
    target_memcpy_emi) echo "expects device_initialize before the program's first line of output: libomptarget initializes its devices when the program starts, Glass a device at its first use (still before any of its data operations, as OpenMP requires)";;
    *) return 1;;
  esac
}

compile() { # NAME SOURCE [FLAGS...]: a gcc-compiled program with the tool
  local name=$1 source=$2
  shift 2
  # -rdynamic: the tool's ompt_start_tool is in the executable, where the
  # runtime looks it up (LLVM's tests get that from linking libomp).
  gcc -fopenmp -O2 -rdynamic -I"$tool_dir" -I"$repo_root/include" "$@" "$source" -o "$results/$name" \
    > "$results/$name.compile" 2>&1
}

run() { # NAME: runs it on a Glass host device; output in NAME.out
  env LD_LIBRARY_PATH="$build_dir/lib" GLASS_HOST_DEVICES=1 timeout "$timeout_s" \
    stdbuf -oL "$results/$1" > "$results/$1.out" 2>&1
}

failures=0
report() { # NAME VERDICT [DETAIL]
  printf '%-28s %s\n' "$1" "$2"
  [ -n "${3:-}" ] && printf '%s\n' "$3" | sed 's/^/    /'
  case "$2" in ok*|expected*|"not compiled"*) ;; *) failures=$((failures + 1));; esac
}

program=$script_dir/Inputs/llvm-target-tool/program.c
for pair in non_emi:plain emi:emi both:both no_device_init:no-init; do
  header=register_${pair%%:*}.h form=${pair##*:} name=program-${pair%%:*}
  if [ ! -f "$tool_dir/$header" ]; then report "$name" "missing $header"; continue; fi
  if ! compile "$name" "$program" -DREGISTER="\"$header\""; then
    report "$name" "compile failed" "$(tail -5 "$results/$name.compile")"; continue
  fi
  run "$name"; rc=$?
  if [ $rc -ne 0 ]; then report "$name" "exit $rc" "$(tail -5 "$results/$name.out")"; continue; fi
  if why=$(python3 "$script_dir/Inputs/llvm-target-tool/check.py" "$form" "$results/$name.out"); then
    report "$name" "ok ($(grep -c Callback "$results/$name.out") callbacks)"
  else
    report "$name" "wrong output" "$why"
  fi
done

name=program-wrong_return
if compile "$name" "$program" -DREGISTER='"register_wrong_return.h"'; then
  run "$name"; rc=$?
  if [ $rc -eq 0 ] && [ "$(cat "$results/$name.out")" = Success ]; then
    report "$name" "ok (initializer returned 0: no callback)"
  else
    report "$name" "exit $rc, expected only Success" "$(head -5 "$results/$name.out")"
  fi
else
  report "$name" "compile failed" "$(tail -5 "$results/$name.compile")"
fi

for form in non_emi_map emi_map; do
  name=program-$form
  if ! compile "$name" "$program" -DREGISTER="\"register_$form.h\""; then
    report "$name" "compile failed" "$(tail -5 "$results/$name.compile")"; continue
  fi
  run "$name"; rc=$?
  if [ $rc -ne 0 ] && grep -q "map.*callback is unimplemented" "$results/$name.out" &&
     ! grep -q "Could not register" "$results/$name.out"; then
    report "$name" "expected: the tool aborts in its target_map callback, which Glass dispatches"
  else
    report "$name" "exit $rc, expected the tool's target_map abort" "$(tail -5 "$results/$name.out")"
  fi
done

for source in "$tool_dir"/*.c; do
  name=$(basename "$source" .c)
  if ! compile "llvm-$name" "$source"; then
    report "llvm-$name" "not compiled by gcc (clang-only syntax)"
    continue
  fi
  run "llvm-$name"; rc=$?
  if [ $rc -eq 0 ] && "$filecheck" "$source" < "$results/llvm-$name.out" > "$results/llvm-$name.check" 2>&1; then
    report "llvm-$name" "ok (its own CHECK lines)"
  elif why=$(known_difference "$name"); then
    report "llvm-$name" "expected difference" "$why"
  else
    report "llvm-$name" "exit $rc or CHECK lines not met" "$(head -8 "$results/llvm-$name.check" 2>/dev/null)"
  fi
done

echo
if [ $failures -eq 0 ]; then
  echo "llvm-target-tool.sh: everything as expected (outputs in $results)"
  exit 0
fi
echo "llvm-target-tool.sh: $failures unexpected result(s) (outputs in $results)"
exit 1
