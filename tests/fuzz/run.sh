#!/usr/bin/env bash
# libFuzzer over the environment-variable parsers: one target per parser
# (env_parse, places_parse, alloc_parse, affinity_format), each built with
# clang -fsanitize=fuzzer,address,undefined from its source file(s) and
# stubs.c, started from corpus/<target>/ and run for a bounded time.
# Prints each target's executions and ends with "fuzz: N executions, N
# crashes"; a crash leaves its input in the work directory (kept) and fails.
# Usage: tests/fuzz/run.sh [SECONDS per target, default 30]
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-30}
work=${GLASS_FUZZ_DIR:-$(mktemp -d /tmp/glass-fuzz.XXXXXX)}
mkdir -p "$work"

declare -A sources=(
  [env_parse]="src/core/settings/env_parse.c"
  [places_parse]="src/core/places/places_parse.c"
  [alloc_parse]="src/core/memory/alloc_parse.c src/core/memory/alloc.c"
  [affinity_format]="src/core/places/affinity_format.c"
)
total=0 crashes=0
for target in env_parse places_parse alloc_parse affinity_format; do
  files=()
  for f in ${sources[$target]}; do files+=("$root/$f"); done
  # ignore-all: functions of those files that no target reaches may call the
  # rest of the runtime; what a target does reach is defined in stubs.c.
  clang -g -O1 -std=gnu11 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    -Wl,--unresolved-symbols=ignore-all -I"$root/include" \
    "$root/tests/fuzz/$target.c" "${files[@]}" "$root/tests/fuzz/stubs.c" -o "$work/$target" || exit 1
  # A scratch copy of the seeds: new inputs the fuzzer finds stay out of the tree.
  rm -rf "$work/corpus-$target" && cp -r "$root/tests/fuzz/corpus/$target" "$work/corpus-$target"
  log=$work/$target.log
  (cd "$work" && ASAN_OPTIONS=detect_leaks=1 "./$target" -max_total_time="$seconds" -max_len=512 \
     -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "corpus-$target" >"$log" 2>&1)
  status=$?
  runs=$(grep -oE '^stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$')
  runs=${runs:-0}
  total=$((total + runs))
  if [ "$status" -ne 0 ]; then
    crashes=$((crashes + 1))
    echo "fuzz $target: CRASH after $runs executions (input and log in $work)"
    grep -E 'ERROR|runtime error|SUMMARY|Test unit written' "$log" | head -10
  else
    echo "fuzz $target: $runs executions in ${seconds}s, no crash"
  fi
done
echo "fuzz: $total executions, $crashes crashes"
[ "$crashes" -eq 0 ] && [ -z "${GLASS_FUZZ_DIR:-}" ] && rm -rf "$work"
[ "$crashes" -eq 0 ]
