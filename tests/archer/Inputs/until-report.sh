#!/bin/sh
# Runs a racy program until TSan reports (it exits with status 66), at most
# 10 times, and prints the last run's output. TSan misses a race now and then
# (about one run in 30 on most of these programs, with LLVM's libomp too;
# dependence.c's racy mode was reported in 13 of 20 runs on Glass), so a racy
# mode is given several chances; the race-free modes run once, and any
# report fails them.
#   usage: until-report.sh PROGRAM [ARGS...]
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
for attempt in 1 2 3 4 5 6 7 8 9 10; do
  "$@" > "$out" 2>&1
  status=$?
  [ "$status" -ne 0 ] && break
done
cat "$out"
exit "$status"
