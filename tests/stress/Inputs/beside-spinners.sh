#!/bin/sh
# beside-spinners.sh N CMD [ARG...]: runs CMD on at most two processors while
# N shell loops spin on the same processors, in the caller's session (so the
# scheduler sets them against CMD's threads one by one, not session against
# session), and stops them when CMD ends. Exits with CMD's status.
n=$1
shift
# The first two processors of the affinity list ("0,1", "0-15", "2,5-7").
cpus=$(taskset -pc $$ 2>/dev/null | sed 's/.*: //' | tr ',' '\n' |
    awk -F- '{ hi = ($2 == "") ? $1 : $2; for (c = $1; c <= hi && n < 2; c++) { printf "%s%d", (n ? "," : ""), c; n++ } }')
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
