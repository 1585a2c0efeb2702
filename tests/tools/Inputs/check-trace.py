"""Checks a glass trace's Perfetto JSON and prints what the tests count:

  threads: N
  tid T CATEGORY: COUNT        (X slices per thread and category, sorted)
  total CATEGORY: COUNT        (over all threads)
  flows: s=S f=F matched=M
  nesting: ok | <first bad pair>

Fails (exit 1) on a file that is not JSON, a slice without its fields, a
negative duration, or slices of one thread that overlap without nesting."""
import collections
import json
import sys

trace = json.load(open(sys.argv[1]))
events = trace["traceEvents"]
slices = collections.defaultdict(list)
counts, totals = collections.Counter(), collections.Counter()
starts, finishes = {}, {}
ok = True
for e in events:
    ph = e["ph"]
    if ph == "X":
        for field in ("name", "cat", "pid", "tid", "ts", "dur"):
            if field not in e:
                print("slice without %s: %r" % (field, e))
                ok = False
        if e["dur"] < 0:
            print("negative duration: %r" % e)
            ok = False
        slices[e["tid"]].append((e["ts"], e["ts"] + e["dur"], e["name"]))
        counts[(e["tid"], e["cat"])] += 1
        totals[e["cat"]] += 1
    elif ph == "s":
        starts[e["id"]] = e["ts"]
    elif ph == "f":
        finishes[e["id"]] = e["ts"]
print("threads: %d" % len(slices))
for (tid, cat), n in sorted(counts.items()):
    print("tid %d %s: %d" % (tid, cat, n))
for cat, n in sorted(totals.items()):
    print("total %s: %d" % (cat, n))
matched = sum(1 for i, ts in finishes.items() if i in starts and starts[i] <= ts)
print("flows: s=%d f=%d matched=%d" % (len(starts), len(finishes), matched))
# Slices of one thread nest: sorted by start (longest first), each one ends
# before the enclosing open one does. Allow 1 ns of rounding.
bad = None
for tid, spans in slices.items():
    spans.sort(key=lambda s: (s[0], -s[1]))
    open_ends = []
    for begin, end, name in spans:
        while open_ends and open_ends[-1][0] <= begin + 0.001:
            open_ends.pop()
        if open_ends and end > open_ends[-1][0] + 0.001 and bad is None:
            bad = "tid %d: %s overlaps %s" % (tid, name, open_ends[-1][1])
        open_ends.append((end, name))
print("nesting: " + (bad or "ok"))
sys.exit(0 if ok and bad is None else 1)
