#!/bin/sh
# beside-spinners.sh N CMD [ARG...]: runs CMD on at most two processors while
# N shell loops spin on the same processors, in the caller's session (so the
# scheduler sets them against CMD's threads one by one, not session against
# session), and stops them when CMD ends. Exits with CMD's status.
n=$1
shift
cpus=$(taskset -pc $$ 2>/dev/null | sed 's/.*: //' | tr ',' '\n' | head -n 2 | sed 's/-.*//' | paste -sd, -)
pin=""
[ -n "$cpus" ] && pin="taskset -c $cpus"
pids=""
i=0
while [ "$i" -lt "$n" ]; do
    $pin sh -c 'while :; do :; done' &
    pids="$pids $!"
    i=$((i + 1))
done
trap 'kill $pids 2>/dev/null' EXIT INT TERM
$pin "$@"
