#!/usr/bin/env bash
# Sanitizer runs of the reliability suite. Builds Glass instrumented into its
# own build directory and runs the runtime and OMPT tests (and the stress tests
# under ASan) with the test programs instrumented the same way (lit's --param
# extra_cflags):
#   asan: gcc, -fsanitize=address,undefined, programs compiled by gcc;
#   tsan: clang, -fsanitize=thread, programs compiled by clang (the TSan
#         runtime is linked into them; the runtime library takes it from there).
# Every sanitizer report is written to a log directory (log_path) as well as
# failing its test, so reports from tests that expect a failing exit status
# (exit-in-parallel, bad values) are counted too. Suppressions, each with its
# reason, are in tests/stress/sanitizer/. Ends with "MODE: N reports" and fails
# when a test failed or a report was written.
# Usage: tests/stress/sanitize.sh asan|tsan [lit args...]
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
mode=${1:-asan}
shift || true
build=${GLASS_SANITIZE_BUILD_DIR:-$root/build-san}-$mode
supp=$root/tests/stress/sanitizer
jobs=$(nproc)
skip="^$"  # tests left out of a mode (lit --filter-out), each with its reason

case $mode in
  asan)
    cc=gcc compiler=gcc sanitize=address,undefined
    cflags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
    preload=$(gcc -print-file-name=libasan.so)
    # Not ours: ASan's mlock interceptor does nothing (sanitizer_common:
    # "mlock is not supported"), so the pinned-memory check of VmLck fails.
    # Not ours either: with -fsanitize=address GCC adds a map item of its own
    # (24 bytes, implicit) to a target region of ompt/target-events.c, whose
    # expectations list every mapped array by name; the test's other runs
    # (gcc lit run, the host-device tests under ASan) cover the same code.
    skip='runtime/c/memory/alloc-traits\.c|ompt/target-events\.c'
    suites="$root/tests/runtime $root/tests/ompt $root/tests/stress"
    ;;
  tsan)
    cc=clang compiler=clang sanitize=thread
    cflags="-fsanitize=thread"
    preload=  # the TSan runtime preloaded into clang or awk crashes them
    # The stress tests add little under TSan (process life, bad values) and
    # take long: TSan starts slowly and they start hundreds of processes.
    suites="$root/tests/runtime $root/tests/ompt"
    # Not ours: programs not built with -fsanitize=thread (gcc, gfortran or a
    # system library in them) cannot load a TSan-built runtime; TSan refuses
    # threads after a fork of a threaded process; its mlock does nothing (the
    # pinned-memory check); ompt/cancel.c (and barrier-tree-cancel.test, which
    # reruns it) checks a codeptr that exists only
    # when clang tail-calls the runtime, which TSan's instrumentation prevents.
    # icv-reference.c, clang-offload-libomptarget.c and
    # collapse-nonrect-libomp19.test run the program on the system libomp
    # too, which is not instrumented: TSan reports libomp's own
    # synchronization. control-tool-notool.test is control-tool.f90's
    # gfortran build. ompt/wait-states.c samples a waiting thread's state from
    # a signal handler: TSan defers an asynchronous signal until the thread
    # passes one of its interceptors, which a thread asleep in the futex
    # system call never does, so the handler cannot run while the thread waits.
    skip='runtime/c/[a-z]+/(alloc-traits|fork-child|header-clang|mixed-gcc-clang|icv-reference|clang-offload-libomptarget)\.c|runtime/collapse-nonrect-libomp19\.test|ompt/(libomp-compat\.test|control-tool\.f90|control-tool-notool\.test|cancel\.c|barrier-tree-cancel\.test|wait-states\.c)'
    ;;
  *) echo "usage: $0 asan|tsan [lit args...]" >&2; exit 2 ;;
esac

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=$cc \
  -DGLASS_SANITIZE=$sanitize >/dev/null || exit 1
# The runtime and the Fortran modules (when gfortran exists): the tests run
# here need nothing else.
targets=glass
grep -q '^CMAKE_Fortran_COMPILER:.*=.\+' "$build/CMakeCache.txt" && targets="glass glass_fortran_modules"
cmake --build "$build" -j "$jobs" --target $targets >/dev/null 2>&1 ||
  { cmake --build "$build" --target $targets 2>&1 | tail -30; exit 1; }

logs=$build/sanitizer-logs
rm -rf "$logs" && mkdir -p "$logs"
export ASAN_OPTIONS="log_path=$logs/asan:detect_leaks=0:suppressions=$supp/asan.supp"
export UBSAN_OPTIONS="log_path=$logs/ubsan:print_stacktrace=1:halt_on_error=1:suppressions=$supp/ubsan.supp"
export TSAN_OPTIONS="log_path=$logs/tsan:halt_on_error=0:second_deadlock_stack=1:suppressions=$supp/tsan.supp"
# The suites' programs are built with -fsanitize=thread, so Glass would load
# LLVM's Archer into those without a tool of their own (src/ompt/archer.c),
# and its messages would change their output: it is told to decline here
# (tests/archer runs it on purpose).
export ARCHER_OPTIONS="enable=0"

lit="$root/scripts/lit.sh"  # lit with a time limit per test
out=$build/lit.log  # kept: the failures' details
"$lit" -sv -j "$jobs" --param build_dir="$build" --param compiler=$compiler \
  --param extra_cflags="$cflags" --param preload="$preload" --filter-out "$skip" $suites "$@" 2>&1 \
  | tee "$out" | grep -E '^(FAIL|XPASS|UNRESOLVED|TIMEOUT):|^Total|^ *(Passed|Failed|Unsupported|Timed Out|Unresolved)' || true
failed=$(grep -cE '^(FAIL|XPASS|UNRESOLVED|TIMEOUT):' "$out")
grep -qE '^ *Passed *: *[0-9]+' "$out" || { tail -5 "$out"; failed=$((failed + 1)); }
reports=$(find "$logs" -type f | wc -l)
for log in $(find "$logs" -type f | head -5); do
  echo "== $log"; head -40 "$log"
done
echo "$mode: $reports reports, $failed failed tests"
[ "$reports" -eq 0 ] && [ "$failed" -eq 0 ]
