#!/bin/sh
# Compares the OMPT event streams of Glass with those of LLVM's libomp 19,
# construct by construct (tests/ompt/Inputs/constructs.c), as seen by the test
# tool (tests/ompt/Inputs/tool.c). The reference is libomp 19 running the
# clang-19 build; Glass runs the same clang-19 build and a gcc build, each
# with OMP_NUM_THREADS=2. Ids, addresses, the order in which threads started
# and which worker ran which implicit task are normalized away
# (libomp-normalize.py), so what remains are differences of events, fields,
# flags and order within a task. The differences that are explained
# (docs/ompt-libomp19-differences.md) are listed in libomp-diff-allowed.txt;
# libomp-diff-check.py holds the streams against that list.
#
# Usage: tests/ompt/libomp-diff.sh [BUILD_DIR [OUT_DIR [CONSTRUCT...]]]
#   BUILD_DIR  Glass build (default: build); OUT_DIR: where streams and diffs
#   go (default: a fresh temporary directory). Needs Debian's clang-19 and
#   libomp-19-dev. Prints one line per construct and compiler, "same" or
#   "differs" (the raw diff is in OUT_DIR/NAME.COMPILER.diff), and for each
#   run whose frames break the flag rule of the test tool (tool.c,
#   assert_frame_flags; Debian's libomp 19 does) how many it saw; then the
#   allowlist check, a line per construct and compiler ("same", or the
#   difference no stanza explains). Exits 1 when a difference is not in the
#   allowlist (or a stanza explains nothing any more), 2 when it cannot run.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
out=${2:-$(mktemp -d)}
[ $# -gt 2 ] && shift 2 || set --
libomp19=/usr/lib/llvm-19/lib
if ! command -v clang-19 >/dev/null || [ ! -e "$libomp19/libomp.so.5" ]; then
    echo "libomp-diff: needs clang-19 and libomp-19-dev (apt-get install clang-19 libomp-19-dev)" >&2
    exit 2
fi
mkdir -p "$out"
clang-19 -shared -fPIC -O2 -g -Wall -I"$root/include" "$here/Inputs/tool.c" -o "$out/tool.so"
clang-19 -fopenmp -O2 -g -fno-omit-frame-pointer "$here/Inputs/constructs.c" -o "$out/constructs.clang"
gcc -fopenmp -O2 -g -fno-omit-frame-pointer "$here/Inputs/constructs.c" -o "$out/constructs.gcc"
if [ $# -eq 0 ]; then
    set -- $("$out/constructs.gcc" 2>&1 | sed -n 's/.*one of://p')
fi

# run LIBRARY_DIR PROGRAM CONSTRUCT OUTPUT: the normalized event stream.
run() {
    env -u OMP_SCHEDULE -u OMP_DYNAMIC -u OMP_MAX_ACTIVE_LEVELS OMP_NUM_THREADS=2 TOOL_FRAME_FLAGS=report LD_LIBRARY_PATH="$1" OMP_TOOL_LIBRARIES="$out/tool.so" \
        "$2" "$3" > "$4.raw" 2>&1 || echo "exit status $?" >> "$4.raw"
    python3 "$here/libomp-normalize.py" < "$4.raw" > "$4"
    flags=$(grep -c "WRONG: frame flags" "$4.raw" || true)
    [ "$flags" = 0 ] || echo "$3 on $(basename "$4" | cut -d. -f2): $flags frames with flags other than runtime|cfa or application|cfa"
}

for construct in "$@"; do
    run "$libomp19" "$out/constructs.clang" "$construct" "$out/$construct.libomp19"
    for compiler in clang gcc; do
        run "$build/lib" "$out/constructs.$compiler" "$construct" "$out/$construct.glass-$compiler"
        if diff -u "$out/$construct.libomp19" "$out/$construct.glass-$compiler" > "$out/$construct.$compiler.diff"; then
            echo "$construct ($compiler): same"
        else
            echo "$construct ($compiler): differs ($out/$construct.$compiler.diff)"
        fi
    done
done
echo "libomp-diff: against the allowlist ($here/libomp-diff-allowed.txt):"
exec python3 "$here/libomp-diff-check.py" "$here/libomp-diff-allowed.txt" "$out" "$@"
