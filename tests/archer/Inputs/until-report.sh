#!/bin/sh
# Runs a racy program until TSan reports (it exits with status 66), at most
# 5 times, and prints the last run's output. TSan misses a race now and then
# whatever the runtime (about one run in 30 on these programs, with LLVM's
# libomp too), so a racy mode is given a few chances; the race-free modes
# run once, and any report fails them.
#   usage: until-report.sh PROGRAM [ARGS...]
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
for attempt in 1 2 3 4 5; do
  "$@" > "$out" 2>&1
  status=$?
  [ "$status" -ne 0 ] && break
done
cat "$out"
exit "$status"
