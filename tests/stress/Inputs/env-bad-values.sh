#!/bin/sh
# For every environment variable Glass reads and checks (the settings table in
# src/core/settings/env.c; OMP_TOOL is checked in src/ompt/tool_init.c) and every bad value, runs the program once: it must
# exit 0, print exactly one "glass:" line on stderr, naming the variable, and
# print the same ICVs as without the variable. A few values are valid for some variables (listed in ACCEPTED):
# then it must print no "glass:" line at all. Prints one line per variable and
# a total; any failure is a line starting with "FAIL".
program=$1
variables="OMP_NUM_THREADS OMP_SCHEDULE OMP_DYNAMIC OMP_PROC_BIND OMP_PLACES OMP_STACKSIZE
OMP_WAIT_POLICY GOMP_SPINCOUNT OMP_MAX_ACTIVE_LEVELS OMP_NESTED OMP_THREAD_LIMIT OMP_CANCELLATION
OMP_DISPLAY_ENV OMP_DISPLAY_AFFINITY OMP_AFFINITY_FORMAT OMP_DEFAULT_DEVICE OMP_MAX_TASK_PRIORITY
OMP_TEAMS_THREAD_LIMIT OMP_NUM_TEAMS OMP_ALLOCATOR OMP_DEBUG OMP_TARGET_OFFLOAD GOMP_STACKSIZE
GLASS_BARRIER GLASS_BARRIER_FANOUT GLASS_HOST_DEVICES KMP_WARNINGS OMP_TOOL GLASS_OMPT_ALL_TOOLS"
# The settings table's other variables, not tried here: the KMP_* ones stand
# for OMP_* variables above, and their own checks are in
# tests/runtime/c/settings/env-kmp.c; the tool library and log file variables name
# files (tests/ompt/loading.test); GLASS_TEST_SETTING exists only in the
# settings test's builds (tests/runtime/settings-mock.test).
not_tried="KMP_AFFINITY KMP_BLOCKTIME KMP_STACKSIZE KMP_LIBRARY KMP_TASKING KMP_ENABLE_TASK_THROTTLING
KMP_SETTINGS KMP_TEAMS_THREAD_LIMIT KMP_ALL_THREADS KMP_DEVICE_THREAD_LIMIT KMP_DUPLICATE_LIB_OK
OMP_TOOL_LIBRARIES OMP_TOOL_VERBOSE_INIT GLASS_TEST_SETTING"
# --list: every variable named above, one a line (env-bad-values.test
# compares them with the table, so a new setting cannot be left out unseen).
if [ "$program" = --list ]; then
  for variable in $variables $not_tried; do echo "$variable"; done
  exit 0
fi
# Valid values among the bad ones: "variable=label".
ACCEPTED=" OMP_AFFINITY_FORMAT=empty OMP_AFFINITY_FORMAT=garbage OMP_AFFINITY_FORMAT=negative"
ACCEPTED="$ACCEPTED OMP_AFFINITY_FORMAT=huge OMP_AFFINITY_FORMAT=overflow-int OMP_AFFINITY_FORMAT=overflow"
ACCEPTED="$ACCEPTED OMP_AFFINITY_FORMAT=spaces OMP_MAX_ACTIVE_LEVELS=huge OMP_MAX_ACTIVE_LEVELS=overflow-int"
ACCEPTED="$ACCEPTED GOMP_SPINCOUNT=huge GOMP_SPINCOUNT=overflow-int GLASS_HOST_DEVICES=empty "
baseline=$(env -u OMP_NUM_THREADS "$program" 2>&1) || { echo "FAIL baseline"; exit 1; }
long=$(printf '%0300d' 0 | tr 0 9)
total=0 failed=0
for variable in $variables; do
  tried=0
  for label in empty garbage negative huge overflow-int overflow spaces long; do
    case $label in
      empty) value= ;;
      garbage) value='x!@#' ;;
      negative) value=-5 ;;
      huge) value=4000000000 ;;
      overflow-int) value=2147483648 ;;
      overflow) value=99999999999999999999999999 ;;
      spaces) value='  3 junk' ;;
      long) value=$long ;;
    esac
    tried=$((tried + 1)) total=$((total + 1))
    out=$(env "$variable=$value" "$program" 2>"$program.err") || { echo "FAIL $variable=$label: exit $?"; failed=$((failed + 1)); continue; }
    lines=$(grep -c '^glass:' "$program.err")
    case "$ACCEPTED" in
      *" $variable=$label "*) [ "$lines" -eq 0 ] || { echo "FAIL $variable=$label: accepted value warned"; failed=$((failed + 1)); }
         continue ;;
    esac
    if [ "$lines" -ne 1 ] || ! grep -q "^glass: .*$variable" "$program.err"; then
      echo "FAIL $variable=$label: $lines glass: lines: $(head -c 300 "$program.err")"
      failed=$((failed + 1))
    elif [ "$variable" != OMP_DISPLAY_ENV ] && [ "$out" != "$baseline" ] && [ "$variable" != GOMP_STACKSIZE ]; then
      echo "FAIL $variable=$label: not the default: $out"
      failed=$((failed + 1))
    fi
  done
  echo "$variable: $tried values"
done
rm -f "$program.err"
echo "cases=$total failed=$failed"
