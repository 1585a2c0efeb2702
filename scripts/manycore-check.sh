#!/usr/bin/env bash
# The many-core measurement (fork/join and barriers at 8 to 32
# threads, and what an attached tool costs at 16), in two steps, like
# scripts/gpu-check.sh:
#
#   scripts/manycore-check.sh prepare   here, on the development machine:
#                                       builds into build-manycore/ (ignored by
#                                       git, carried to the other machine, a few
#                                       MB): Glass (RelWithDebInfo, as bench/run
#                                       measures it), the benchmarks (gcc and
#                                       clang builds), the empty OMPT tool
#                                       (bench/tools/empty_tool.c), the Release
#                                       libomp bench/run builds, GCC 12's libgomp
#                                       (the reference), and the
#                                       correctness checks below
#   scripts/manycore-check.sh run       on the many-core machine (Ubuntu 24.04,
#                                       gcc, no network), with build-manycore
#                                       carried, three parts:
#     1. checks   the tree-shaped barrier's correctness at 16 and 32 threads
#                 (about half a minute);
#     2. scaling  bench/run --scaling: every construct at 2, 4, 8, 16 threads
#                 and twice the processor count, without and with
#                 OMP_PROC_BIND=close OMP_PLACES=cores; Glass central and tree,
#                 libgomp, the Release libomp;
#     3. tool     bench/run --ompt-only at 16 threads: Glass (gcc build) and the
#                 Release libomp (clang build), each without and with the empty
#                 tool, every construct but the target ones; the table gives
#                 each tool cost, the paired verdict per construct, and a
#                 summary: the geometric mean of (with tool / without) per
#                 runtime and in how many constructs Glass's tool cost is at
#                 most the Release libomp's.
#                 Debian's libomp (/usr/lib/llvm-14) and the OMPT-off Glass are
#                 not carried: their columns say n/a and why.
#
# The device tool of this project: run(command="scripts/manycore-check.sh run",
# carry=["build-manycore"], timeout_s=590). In a session that also runs
# scripts/gpu-check.sh (about 3 minutes), run that first and cut
# MANYCORE_BUDGET_S to what the device's `status` says is left (a command is
# stopped when the session's device time runs out). A command may run 10 minutes; the
# whole run ends within about 480 s by default: the checks about 30 s, the
# scaling campaign MANYCORE_BUDGET_S (default 330 s), the tool campaign
# MANYCORE_TOOL_BUDGET_S (default 100 s). Each campaign runs up to its
# repetitions (MANYCORE_REPS, MANYCORE_TOOL_REPS: default 5, interleaved),
# fewer if its budget would be passed (bench/run --budget-s: it stops before a
# repetition that would end past it, judging by the mean one so far, and the
# table says how many ran; the paired test needs 5 to decide against one
# runtime). Each run of a benchmark is short (--outer 11 --target-us 1000
# --warmup-us 20000: about 50 ms plus start-up), so one scaling repetition of
# the 20 constructs x 5 team sizes x 8 configurations (800 runs) takes about a
# minute on 16 cores, and one tool repetition (20 constructs x 4
# configurations) under 10 s.
#
# Outputs (to $OUT when set, else build-manycore/): the scaling table on stdout
# and in manycore-table.md, its runs in manycore-runs.csv; the tool table in
# manycore-tool-table.md, its runs in manycore-tool-runs.csv.
# Knobs for a dry run: MANYCORE_SKIP (comma-separated: checks, scaling, tool),
# MANYCORE_THREADS (the scaling team sizes), MANYCORE_TOOL_THREADS (the tool
# campaign's, default 16), MANYCORE_ONLY (constructs, both campaigns),
# MANYCORE_REPS, MANYCORE_TOOL_REPS, MANYCORE_BUDGET_S, MANYCORE_TOOL_BUDGET_S,
# and MANYCORE_GROWTH_TO (the growth table's top team size).
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
  # The empty OMPT tool of the tool-cost campaign, as bench/run builds it:
  # clang, against LLVM's <omp-tools.h> in clang's resource directory.
  local include
  include=$(clang -print-resource-dir)/include
  [ -f "$include/omp-tools.h" ] || include=/usr/lib/llvm-14/lib/clang/14.0.6/include
  clang -O2 -Wall -Wextra -shared -fPIC -I"$include" "$root/bench/tools/empty_tool.c" \
    -o "$out/bench/libempty_tool.so" || status=1
  # The Release libomp: bench/run's own (built there the first time).
  local release=$root/build/libomp-release/lib/libomp.so.5
  [ -f "$release" ] || bash "$root/tests/ompd/llvm-anchor/build.sh" --release "$root/build/libomp-release" \
    "$root/build/llvm-anchor" ${GLASS_LLVM_ANCHOR_DIR:-} >/dev/null || status=1
  mkdir -p "$out/libomp-release/lib" && cp -L "$release" "$out/libomp-release/lib/" || status=1
  # GCC 12's libgomp: the machine's own is another version.
  cp -L "$(gcc -print-file-name=libgomp.so.1)" "$out/libgomp/libgomp.so.1" || status=1
  local name args verdict
  while IFS='|' read -r name args verdict; do
    gcc -fopenmp -O2 "$(find "$root/tests/runtime/c" -name "$name.c" | head -1)" -o "$out/checks/$name" || status=1
  done <<<"$checks"
  gcc -O2 -pthread "$root/tests/runtime/c/sync/barrier-tree-unit.c" "$root"/src/core/sync/{barrier,barrier_tree,wait}.c \
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

# Which parts of run to skip: MANYCORE_SKIP, comma-separated among checks,
# scaling and tool.
skipped() { [[ ",${MANYCORE_SKIP:-}," == *",$1,"* ]]; }

run() {
  [ -x "$out/bench/bench-gcc" ] ||
    { echo "manycore-check: build-manycore missing: run 'scripts/manycore-check.sh prepare' first" >&2; exit 1; }
  local part skip=${MANYCORE_SKIP:-}
  for part in ${skip//,/ }; do
    case $part in checks|scaling|tool) ;;
      *) echo "manycore-check: MANYCORE_SKIP: unknown part '$part' (checks, scaling, tool)" >&2; exit 2 ;; esac
  done
  date -u +"manycore-check: %Y-%m-%d %H:%M UTC, Glass $(cat "$out/COMMIT" | tr '\n' ' ')"
  echo "manycore-check: $(nproc) processors: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
  lscpu 2>/dev/null | grep -E '^(Socket|Core|Thread|NUMA node\(s\)|L3)' | sed 's/^/  /'
  # The runtime names programs look for, which a carried tree may have lost.
  local name
  for name in libgomp.so.1 libomp.so.5 libomp.so libiomp5.so; do ln -sf libglass.so "$out/lib/$name"; done
  skipped checks || check_tree
  local results=${OUT:-$out}
  # What every run of a benchmark does, in both campaigns (about 50 ms).
  local measure=(--no-build --build-dir "$out" --chunks 1 --quiet --outer 11 --target-us 1000 --warmup-us 20000
                 --timeout 30 ${MANYCORE_ONLY:+--only "$MANYCORE_ONLY"})
  skipped scaling || python3 "$root/bench/run" --scaling "${measure[@]}" --libgomp-dir "$out/libgomp" \
    --reps "${MANYCORE_REPS:-5}" --budget-s "${MANYCORE_BUDGET_S:-330}" \
    ${MANYCORE_THREADS:+--threads "$MANYCORE_THREADS"} ${MANYCORE_GROWTH_TO:+--growth-to "$MANYCORE_GROWTH_TO"} \
    --raw "$results/manycore-runs.csv" | tee "$results/manycore-table.md"
  # The tool cost: Glass (gcc build) and the Release libomp (clang build),
  # each without and with the empty tool; the OMPT-off Glass and Debian's
  # libomp are not carried, so their columns say n/a and why.
  skipped tool || { echo; python3 "$root/bench/run" --ompt-only --no-target "${measure[@]}" \
    --threads "${MANYCORE_TOOL_THREADS:-16}" --reps "${MANYCORE_TOOL_REPS:-5}" \
    --budget-s "${MANYCORE_TOOL_BUDGET_S:-100}" \
    --raw "$results/manycore-tool-runs.csv" | tee "$results/manycore-tool-table.md"; }
}

case $mode in
  prepare) prepare ;;
  run) run ;;
  *) echo "usage: $0 prepare|run" >&2; exit 2 ;;
esac
