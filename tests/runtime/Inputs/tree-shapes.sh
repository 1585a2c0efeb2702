#!/usr/bin/env bash
# Runs one test program under GLASS_BARRIER=tree at several team sizes and
# fanouts, each run under a timeout, and prefixes every output line with the
# run's settings, so that one FileCheck pattern can check every run:
#   n=5 fanout=2: <the program's line>
# A run that hangs prints "TIMEOUT n=... fanout=..."; one that fails prints
# "EXIT=<status> n=... fanout=..." (tests reject both with --implicit-check-not).
#
# usage: tree-shapes.sh LIBDIR THREADS PROGRAM [ARG...]
#   THREADS: the OMP_NUM_THREADS value, ARGs: the program's arguments; in
#   both, @N@ stands for the team size. Team sizes: $TREE_SHAPES_THREADS
#   (default 3 5 8 16 33); fanouts: $TREE_SHAPES_FANOUTS (default 2 3 4).
set -u
libdir=$1 threads=$2 program=$3
shift 3
for n in ${TREE_SHAPES_THREADS:-3 5 8 16 33}; do
  args=()
  for arg in "$@"; do args+=("${arg//@N@/$n}"); done
  for fanout in ${TREE_SHAPES_FANOUTS:-2 3 4}; do
    out=$(GLASS_BARRIER=tree GLASS_BARRIER_FANOUT=$fanout OMP_NUM_THREADS=${threads//@N@/$n} \
          LD_LIBRARY_PATH=$libdir timeout 120 "$program" "${args[@]}" 2>&1)
    status=$?
    printf '%s\n' "$out" | sed "s/^/n=$n fanout=$fanout: /"
    if [ $status -eq 124 ]; then
      echo "TIMEOUT n=$n fanout=$fanout"
    elif [ $status -ne 0 ]; then
      echo "EXIT=$status n=$n fanout=$fanout"
    fi
  done
done
