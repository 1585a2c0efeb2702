"""Reads a `glass profile` text report and checks what the profile tests need
that FileCheck cannot: numbers compared with each other.

Usage: profile-summary.py REPORT [--same-line FILE[:LINE] --calls N]
                                 [--late-start FILE:LINE]

Prints each region as "region NAME calls=N" with its categories. With
--same-line, the regions at FILE or FILE:LINE (whatever column, discriminator or
call site number follows) must be at least two, none may hold every call
(N, the calls of the constructs there together: a merge), and their calls
must add up to N. With --late-start, the region at FILE:LINE must show late
start as at least a quarter of its team time and more than twice its
imbalance (a loaded machine preempts the spinning threads: that is imbalance
too, and noise here). Exits 1, naming the failure."""
import argparse
import re
import sys


def regions_of(text):
    regions, current = [], None
    for line in text.splitlines():
        heading = re.match(r"  #\d+ (.*)$", line)
        if heading:
            current = {"name": heading.group(1), "calls": None, "categories": {}, "constructs": []}
            regions.append(current)
            continue
        if current is None:
            continue
        calls = re.match(r"\s+calls=(\d+) total=", line)
        if calls and current["calls"] is None:
            current["calls"] = int(calls.group(1))
        team = re.match(r"\s+team time [0-9.]+s:(.*)$", line)
        if team:
            for name, value in re.findall(r"\s\s([a-z() /]+?) ([0-9.]+)%", team.group(1)):
                current["categories"][name.strip()] = float(value)
        if line.startswith("Threads") or line.startswith("Most contended"):
            current = None
    return regions


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report")
    parser.add_argument("--same-line")
    parser.add_argument("--calls", type=int)
    parser.add_argument("--late-start")
    args = parser.parse_args()
    with open(args.report) as f:
        regions = regions_of(f.read())
    for r in regions:
        print("region %s calls=%s %s" % (r["name"], r["calls"],
                                         " ".join("%s=%.1f%%" % kv for kv in sorted(r["categories"].items()))))
    failures = []
    if args.same_line:
        there = [r for r in regions if re.match(re.escape(args.same_line) + r"[: ]", r["name"])]
        calls = sum(r["calls"] or 0 for r in there)
        print("at %s: %d regions, %d calls, the most in one %d"
              % (args.same_line, len(there), calls, max([r["calls"] or 0 for r in there] or [0])))
        if len(there) < 2:
            failures.append("%d regions at %s: the two constructs were merged" % (len(there), args.same_line))
        if any(r["calls"] == args.calls for r in there):
            failures.append("one region at %s holds all %d calls" % (args.same_line, args.calls))
        if calls != args.calls:
            failures.append("the regions at %s have %d calls, expected %d" % (args.same_line, calls, args.calls))
        if len(set(r["name"] for r in there)) != len(there):
            failures.append("two regions at %s have the same name" % args.same_line)
    if args.late_start:
        there = [r for r in regions if re.match(re.escape(args.late_start) + r"[: ]", r["name"])]
        if not there:
            failures.append("no region at %s" % args.late_start)
        for r in there:
            late, imbalance = r["categories"].get("late start", 0.0), r["categories"].get("imbalance", 0.0)
            print("at %s: late start %.1f%%, imbalance %.1f%%" % (args.late_start, late, imbalance))
            if late < 25.0 or late <= 2 * imbalance:
                failures.append("late start %.1f%% is not told apart from imbalance %.1f%%" % (late, imbalance))
    for failure in failures:
        print("FAILED: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
