#!/usr/bin/env bash
# valgrind memcheck over the workloads of Inputs/workload.c (parallel, nested,
# tasks, locks, loops, sections, allocators, threadprivate, an OMPT tool),
# each at two sizes. Passes when no run has an invalid access or other
# memcheck error and the lost bytes (definitely, indirectly, possibly) at
# the larger size are no more than at the smaller one: what the runtime keeps
# (pooled threads, caches) must not grow with the work done. The smaller size
# is large enough for the per-thread caches to be complete (nested regions:
# a worker that becomes a nested primary keeps its team descriptor, at most
# one per worker and level; memcheck reports some of these as lost, a number
# bounded by the pool's size, reached within a few rounds).
# Usage: tests/stress/valgrind.sh BUILD_DIR   (GLASS_STRESS=long: larger sizes)
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:?usage: valgrind.sh BUILD_DIR}
lib=$build/lib
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
small=8 large=32
[ "${GLASS_STRESS:-}" = long ] && large=128

command -v valgrind >/dev/null || { echo "valgrind: not installed"; exit 1; }
gcc -fopenmp -O2 -g -Wall -idirafter "$root/include" -DWITH_TOOL "$root/tests/stress/Inputs/workload.c" \
  -o "$work/workload" -L"$lib" || exit 1

# Bytes lost at exit, from memcheck's LEAK SUMMARY (0 when it reports none).
lost_bytes() {
  grep -E '(definitely|indirectly|possibly) lost:' "$1" | sed -E 's/.*lost: ([0-9,]+) bytes.*/\1/' | tr -d , |
    awk '{s += $1} END {print s + 0}'
}

failures=0 runs=0
for mode in parallel nested tasks locks loops sections alloc threadprivate ompt; do
  declare -A lost=()
  for size in $small $large; do
    log=$work/$mode.$size.log
    runs=$((runs + 1))
    # Passive waiting: under valgrind's one-thread-at-a-time scheduling a
    # spinning waiter only burns the others' time slices.
    if ! env LD_LIBRARY_PATH="$lib" OMP_WAIT_POLICY=passive OMP_NUM_THREADS=4 \
        valgrind --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect,possible \
        --errors-for-leak-kinds=none --suppressions="$root/tests/stress/sanitizer/valgrind.supp" \
        --fair-sched=yes --log-file="$log" "$work/workload" $mode $size >"$work/out" 2>&1 ||
      ! grep -q "^$mode size=$size ok$" "$work/out"; then
      echo "valgrind $mode size=$size: FAILED"; cat "$work/out"; grep -v '^==[0-9]*== *$' "$log" | grep -B2 -A16 -E 'Invalid|uninitialised|Conditional|Syscall|Mismatched' | head -60
      failures=$((failures + 1))
      continue
    fi
    lost[$size]=$(lost_bytes "$log")
  done
  if [ -n "${lost[$small]:-}" ] && [ -n "${lost[$large]:-}" ]; then
    if [ "${lost[$large]}" -gt "${lost[$small]}" ]; then
      echo "valgrind $mode: lost bytes grow with the work: ${lost[$small]} (size $small) -> ${lost[$large]} (size $large)"
      grep -B2 -A14 'lost in loss record' "$work/$mode.$large.log" | head -60
      failures=$((failures + 1))
    else
      echo "valgrind $mode: 0 errors, lost bytes ${lost[$small]} (size $small), ${lost[$large]} (size $large)"
    fi
  fi
  unset lost
done
echo "valgrind: $runs runs, $failures failed"
[ "$failures" -eq 0 ]
