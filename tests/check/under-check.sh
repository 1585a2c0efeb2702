#!/bin/sh
# Runs PROGRAM ARGS under glass check beside the program's own OMPT tool
# (GLASS_OMPT_ALL_TOOLS=true starts both), for tests/check/ompt-under-check.test:
# with --param under_check=DIR, lit's %run is this script, so each OMPT test
# keeps its own RUN lines and checks while the checker watches the same run.
# Each run's report goes to a fresh file in $GLASS_UNDER_CHECK_REPORTS, named
# after the program; the status is glass check's (the program's when it
# failed, 3 when it succeeded but broke a rule).
#
#   GLASS_UNDER_CHECK_REPORTS=DIR GLASS_UNDER_CHECK_GLASS=.../bin/glass \
#       under-check.sh PROGRAM ARGS
set -u
[ $# -ge 1 ] || { echo "under-check.sh: usage: under-check.sh PROGRAM ARGS" >&2; exit 2; }
dir=${GLASS_UNDER_CHECK_REPORTS:?under-check.sh: GLASS_UNDER_CHECK_REPORTS is not set}
glass=${GLASS_UNDER_CHECK_GLASS:?under-check.sh: GLASS_UNDER_CHECK_GLASS is not set}
mkdir -p "$dir" || exit 2
report=$(mktemp "$dir/$(basename "$1").XXXXXX") || exit 2
# The report names its program and arguments (a finding must say which run).
printf '%s\n' "run: $*" > "$report.run"
GLASS_OMPT_ALL_TOOLS=true exec "$glass" check -o "$report" -- "$@"
