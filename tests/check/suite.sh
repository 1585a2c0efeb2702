#!/bin/sh
# Runs every C runtime test program (tests/runtime/c/*/*.c) under glass check,
# compiled by gcc and by clang, on Glass and on LLVM's libomp 14, and prints
# one line per run: RUNTIME COMPILER PROGRAM STATUS RULES, where RULES are the
# violated rules with their counts ("-" for none, "no-report" when the
# checker did not finalize). docs/ompt-check-results.md is made from it.
#
#   tests/check/suite.sh [BUILD_DIR [PATTERN]] > results.txt
#
# PATTERN (a shell pattern, default *) picks the programs by name.
# A program runs once with OMP_NUM_THREADS=4, then the settings and arguments
# of the first "VAR=VALUE... %run %t ARGS" in its lit RUN lines (a shell
# variable there, the thread count of a loop over %threads, is 4),
# for at most 30 s (timeout: STATUS 124). Programs a compiler cannot build, or that the
# lit tests give to the other compiler only (REQUIRES: gcc / clang), are
# skipped. On libomp the tool is loaded through OMP_TOOL_LIBRARIES, with a
# libgomp.so.1 that is libomp for the gcc builds. Runs one program at a time
# (the machine may be shared); takes some minutes. SUITE_RUNTIMES="glass"
# (or "libomp") runs on one runtime only.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
tool=$build/lib/libglass-check.so
libomp=$(llvm-config-14 --libdir 2>/dev/null || echo /usr/lib/llvm-14/lib)/libomp.so.5
[ -f "$tool" ] || { echo "suite.sh: no $tool: build Glass first" >&2; exit 2; }
[ -f "$libomp" ] || { echo "suite.sh: no $libomp (apt-get install libomp-14-dev)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/libomp-as-gomp"
ln -s "$libomp" "$work/libomp-as-gomp/libgomp.so.1"

rules_of() { # the report's "rule: N violations" lines, as rule=N,...
    if [ ! -s "$1" ]; then echo no-report; return; fi
    r=$(sed -n 's/^\([a-z_]*\.[a-z_]*\): \([0-9]*\) violations*$/\1=\2/p' "$1" | paste -sd, -)
    echo "${r:--}"
}

pattern=${2:-*}
for source in "$root"/tests/runtime/c/*/$pattern.c; do
    name=$(basename "$source" .c)
    for cc in gcc clang; do
        other=$([ $cc = gcc ] && echo clang || echo gcc)
        grep -q "REQUIRES:.*\b$other\b" "$source" && continue
        # "VAR=VALUE... %run %t ARGS" from the first RUN line that runs it.
        line=$(grep -m1 -o '\([A-Z_]*=[^ ]* \)*%run %t[^|;>"&)]*' "$source" | sed 's/\$[a-z]*/4/g')
        settings=$(echo "$line" | sed 's/%run.*//; s/[^ ]*%[^ ]*//g')
        args=$(echo "$line" | sed 's/.*%run %t//; s/[^ ]*%[^ ]*//g')
        exe=$work/$name.$cc
        $cc -fopenmp -O2 -g -w -I"$root/include" "$source" -o "$exe" -lm 2>/dev/null || continue
        for runtime in ${SUITE_RUNTIMES:-glass libomp}; do
            report=$work/report
            rm -f "$report"
            if [ $runtime = glass ]; then
                env OMP_NUM_THREADS=4 $settings timeout 30 "$build/bin/glass" check -o "$report" -- "$exe" $args >/dev/null 2>&1 </dev/null
            elif [ $cc = gcc ]; then
                LD_LIBRARY_PATH=$work/libomp-as-gomp OMP_TOOL_LIBRARIES=$tool GLASS_CHECK_OUTPUT=$report \
                    env OMP_NUM_THREADS=4 $settings timeout 30 "$exe" $args >/dev/null 2>&1 </dev/null
            else
                OMP_TOOL_LIBRARIES=$tool GLASS_CHECK_OUTPUT=$report env OMP_NUM_THREADS=4 $settings timeout 30 "$exe" \
                    $args >/dev/null 2>&1 </dev/null
            fi
            status=$?
            echo "$runtime $cc $name $status $(rules_of "$report")"
        done
    done
done
