#!/bin/sh
# Summarizes an OTF2 archive with otf2-print for the trace tests:
#   locations: N
#   parallel regions defined: N
#   loc L KIND: N     (ENTER events per location and region kind, the region
#                      name up to " @ ", sorted)
#   total KIND: N
#   balanced: yes|no  (as many LEAVE as ENTER events on every location)
set -e
archive=$1
otf2-print -G "$archive" | awk '/^LOCATION /{l++} /^REGION .*Role: PARALLEL,/{p++}
  END {print "locations: " l + 0; print "parallel regions defined: " p + 0}'
otf2-print "$archive" | awk -F'"' '
  /^(ENTER|LEAVE) / {
    split($1, f, " "); kind = $2; sub(/ @ .*/, "", kind)
    if (f[1] == "ENTER") { per[f[2] " " kind]++; total[kind]++; enter[f[2]]++ } else leave[f[2]]++
  }
  END {
    for (k in per) print "loc " k ": " per[k] | "sort"
    close("sort")
    for (k in total) print "total " k ": " total[k] | "sort"
    close("sort")
    ok = "yes"
    for (l in enter) if (enter[l] != leave[l]) ok = "no"
    for (l in leave) if (enter[l] != leave[l]) ok = "no"
    print "balanced: " ok
  }'
