#!/usr/bin/env bash
# The many-core measurement of issue 19 (fork/join and barriers at 8 to 32
# threads), in two steps, like scripts/gpu-check.sh:
#
#   scripts/manycore-check.sh prepare   here, on the development machine:
#                                       builds into build-manycore/ (ignored by
#                                       git, carried to the other machine, a few
#                                       MB): Glass (RelWithDebInfo, as bench/run
#                                       measures it), the benchmarks (gcc and
#                                       clang builds), the Release libomp
#                                       bench/run builds, GCC 12's libgomp (the
#                                       issue's reference), and the correctness
#                                       checks below
#   scripts/manycore-check.sh run       on the many-core machine (Ubuntu 24.04,
#                                       gcc, no network), with build-manycore
#                                       carried: first the tree-shaped barrier's
#                                       correctness at 16 and 32 threads (about
#                                       half a minute), then bench/run --scaling
#                                       (every construct at 2, 4, 8, 16 threads
#                                       and twice the processor count, without
#                                       and with OMP_PROC_BIND=close
#                                       OMP_PLACES=cores; Glass central and tree,
#                                       libgomp, the Release libomp)
#
# The device tool of this project: run(command="scripts/manycore-check.sh run",
# carry=["build-manycore"], timeout_s=590). A command may run 10 minutes: the
# campaign gets MANYCORE_BUDGET_S (default 400 s) and runs up to 5 interleaved
# repetitions, fewer if the budget would be passed (bench/run --budget-s: it
# stops before a repetition that would end past it, judging by the mean one
# so far, and the table says how many ran). Each run of a benchmark is short
# (--outer 11 --target-us 1000 --warmup-us 20000: about 50 ms plus start-up),
# so one repetition of the 20 constructs x 5 team sizes x 8 configurations
# (800 runs) takes about a minute on 16 cores. The table goes to stdout and to
# $OUT/manycore-table.md when $OUT is set, every run to $OUT/manycore-runs.csv.
# MANYCORE_THREADS, MANYCORE_ONLY and MANYCORE_REPS shrink it for a dry run, and
# MANYCORE_GROWTH_TO sets the growth table's top team size there.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/build-manycore
mode=${1:-}
# The correctness checks: runtime test programs (tests/runtime/c), their
# arguments (@N@: the team size) and the verdict each must print.
checks="barrier|@N@|stale=0 barriers=2000 out_of_step=0 nested_out_of_step=0
task-barrier||single=ok barrier=ok end=ok one=ok
single|@N@|nowait=ok barrier=ok mixed=ok first-wins=ok executions=3000
copyprivate|@N@|scalar=ok several=ok struct=ok mixed=ok
ordered|@N@|static=ok static,3=ok dynamic=ok dynamic,4=ok guided=ok guided,3=ok runtime=ok ull=ok skipping=ok nowait=ok entries=2492
cancel-parallel|@N@ 1|after_cancel=0 after_poll=0 timeouts=0 | waiting: after_cancel=0 after_barrier=0 | next: out_of_step=0
fib|20|fib(20)=6765 tasks=21890 ok"

prepare() {
  local status=0
  rm -rf "$out" && mkdir -p "$out/lib" "$out/bench" "$out/libgomp" "$out/checks"
  cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null &&
    cmake --build "$root/build" -j2 --target glass >/dev/null || status=1
  cp -L "$root/build/lib/libglass.so" "$out/lib/" || status=1
  cp "$root/build/CMakeCache.txt" "$out/" || status=1  # its build type, for bench/run's header
  # The benchmarks, built the way bench/run builds them.
  local sources=("$root"/bench/src/*.c) flags=(-fopenmp -O2 -Wall -Wextra -Wl,-z,lazy)
  gcc "${flags[@]}" "${sources[@]}" -o "$out/bench/bench-gcc" -ldl || status=1
  clang "${flags[@]}" "${sources[@]}" -L/usr/lib/llvm-14/lib -o "$out/bench/bench-clang" -ldl || status=1
  # The Release libomp: bench/run's own (built there the first time).
  local release=$root/build/libomp-release/lib/libomp.so.5
  [ -f "$release" ] || bash "$root/tests/ompd/llvm-anchor/build.sh" --release "$root/build/libomp-release" \
    "$root/build/llvm-anchor" ${GLASS_LLVM_ANCHOR_DIR:-} >/dev/null || status=1
  mkdir -p "$out/libomp-release/lib" && cp -L "$release" "$out/libomp-release/lib/" || status=1
  # GCC 12's libgomp: the machine's own is another version.
  cp -L "$(gcc -print-file-name=libgomp.so.1)" "$out/libgomp/libgomp.so.1" || status=1
  local name args verdict
  while IFS='|' read -r name args verdict; do
    gcc -fopenmp -O2 "$root/tests/runtime/c/$name.c" -o "$out/checks/$name" || status=1
  done <<<"$checks"
  gcc -O2 -pthread "$root/tests/runtime/c/barrier-tree-unit.c" "$root"/src/core/{barrier,barrier_tree,wait}.c \
    "$root/src/platform/futex.c" -o "$out/checks/barrier-tree-unit" || status=1
  { git -C "$root" rev-parse --short=12 HEAD 2>/dev/null
    git -C "$root" rev-parse --abbrev-ref HEAD 2>/dev/null | sed 's/.*/(&)/'
    git -C "$root" status --short --untracked-files=no 2>/dev/null | grep -q . && echo "with uncommitted changes"
  } >"$out/COMMIT"
  [ $status -eq 0 ] && echo "manycore-check: build-manycore ready ($(du -sh "$out" | cut -f1)); carry it to the many-core machine" ||
    { echo "manycore-check: prepare failed" >&2; exit 1; }
}

# Correctness of the tree shape on real parallel hardware: each program at 16
# and 32 threads (2x on 16 cores), fanouts 2 and 4, 60 s each at most.
check_tree() {
  local failed=0 name args verdict n fanout output status
  echo "== correctness: GLASS_BARRIER=tree"
  timeout 120 "$out/checks/barrier-tree-unit" | sed 's/^/barrier-tree-unit: /'
  [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "FAIL barrier-tree-unit"; failed=1; }
  while IFS='|' read -r name args verdict; do
    for n in 16 32; do
      for fanout in 2 4; do
        # shellcheck disable=SC2086 (the arguments split on purpose)
        output=$(GLASS_BARRIER=tree GLASS_BARRIER_FANOUT=$fanout OMP_NUM_THREADS=$n OMP_CANCELLATION=true \
                 LD_LIBRARY_PATH=$out/lib timeout 60 "$out/checks/$name" ${args//@N@/$n} 2>&1)
        status=$?
        if [ $status -eq 0 ] && grep -qF -- "$verdict" <<<"$output"; then
          echo "ok $name n=$n fanout=$fanout"
        else
          echo "FAIL $name n=$n fanout=$fanout (exit $status): $(tail -2 <<<"$output" | tr '\n' ' ')"
          failed=1
        fi
      done
    done
  done <<<"$checks"
  [ $failed -eq 0 ] && echo "correctness: all passed" || echo "correctness: FAILURES above"
}

run() {
  [ -x "$out/bench/bench-gcc" ] ||
    { echo "manycore-check: build-manycore missing: run 'scripts/manycore-check.sh prepare' first" >&2; exit 1; }
  date -u +"manycore-check: %Y-%m-%d %H:%M UTC, Glass $(cat "$out/COMMIT" | tr '\n' ' ')"
  echo "manycore-check: $(nproc) processors: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
  lscpu 2>/dev/null | grep -E '^(Socket|Core|Thread|NUMA node\(s\)|L3)' | sed 's/^/  /'
  # The runtime names programs look for, which a carried tree may have lost.
  local name
  for name in libgomp.so.1 libomp.so.5 libomp.so libiomp5.so; do ln -sf libglass.so "$out/lib/$name"; done
  check_tree
  local results=${OUT:-$out}
  python3 "$root/bench/run" --scaling --no-build --build-dir "$out" --libgomp-dir "$out/libgomp" \
    --reps "${MANYCORE_REPS:-5}" --budget-s "${MANYCORE_BUDGET_S:-400}" --chunks 1 --quiet \
    --outer 11 --target-us 1000 --warmup-us 20000 --timeout 30 \
    ${MANYCORE_THREADS:+--threads "$MANYCORE_THREADS"} ${MANYCORE_ONLY:+--only "$MANYCORE_ONLY"} \
    ${MANYCORE_GROWTH_TO:+--growth-to "$MANYCORE_GROWTH_TO"} \
    --raw "$results/manycore-runs.csv" | tee "$results/manycore-table.md"
}

case $mode in
  prepare) prepare ;;
  run) run ;;
  *) echo "usage: $0 prepare|run" >&2; exit 2 ;;
esac
