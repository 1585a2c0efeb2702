"""Checks a glass trace's Perfetto JSON and prints what the tests count:

  threads: N
  tid T CATEGORY: COUNT        (X slices per thread and category, sorted)
  total CATEGORY: COUNT        (over all threads)
  flows: s=S f=F matched=M     (task flows)
  nesting: ok | <first bad pair>

and, when the trace has device tracks (tid >= 4096, named "device N (type)",
a lane "#K" of a device counted with the device):

  device N CATEGORY: OPS ops, BYTES bytes      (sorted)
  device N kernel teams: requested=R granted=G (the set of values seen)
  target flows: s=S t=T f=F matched=M          (matched: the start precedes
                                                every step and the end)
  device links: ok (N ops) | <the first op not linked to its construct>

An op is linked when its args name a construct_id whose flow starts ("s") on
a host thread at the start of a target slice named as the op's "construct"
arg, and the flow passes through the op (a "t" or "f" at its start on its
track).

Fails (exit 1) on a file that is not JSON, a slice without its fields, a
negative duration, slices of one track that overlap without nesting, or a
device op not linked to its construct."""
import collections
import json
import re
import sys

DEVICE_TID = 4096  # the trace tool's first device track (TRACE_MAX_THREADS)

trace = json.load(open(sys.argv[1]))
events = trace["traceEvents"]
slices = collections.defaultdict(list)
counts, totals = collections.Counter(), collections.Counter()
starts, finishes = {}, {}
target_flows = collections.defaultdict(list)  # id -> [(ph, tid, ts)]
track_names = {}
device_ops = []
host_targets = {}  # (tid, ts) -> name
ok = True
for e in events:
    ph = e["ph"]
    if ph == "M" and e.get("name") == "thread_name":
        track_names[e["tid"]] = e["args"]["name"]
    if ph in ("s", "t", "f") and e.get("cat") == "target-flow":
        target_flows[e["id"]].append((ph, e["tid"], e["ts"]))
        continue
    if ph == "X" and e.get("tid", 0) >= DEVICE_TID:
        device_ops.append(e)
    if ph == "X" and e.get("cat") == "target":
        host_targets[(e["tid"], e["ts"])] = e["name"]
    if ph == "X":
        for field in ("name", "cat", "pid", "tid", "ts", "dur"):
            if field not in e:
                print("slice without %s: %r" % (field, e))
                ok = False
        if e["dur"] < 0:
            print("negative duration: %r" % e)
            ok = False
        slices[e["tid"]].append((e["ts"], e["ts"] + e["dur"], e["name"]))
        if e["tid"] >= DEVICE_TID:
            continue
        counts[(e["tid"], e["cat"])] += 1
        totals[e["cat"]] += 1
    elif ph == "s":
        starts[e["id"]] = e["ts"]
    elif ph == "f":
        finishes[e["id"]] = e["ts"]
print("threads: %d" % len([tid for tid in slices if tid < DEVICE_TID]))
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


def device_of(tid):
    name = track_names.get(tid, "")
    match = re.match(r"device (\d+) ", name)
    return int(match.group(1)) if match else None


unlinked = None
if device_ops or target_flows:
    per_device = collections.defaultdict(lambda: [0, 0])
    teams = collections.defaultdict(set)
    for e in device_ops:
        device = device_of(e["tid"])
        args = e.get("args", {})
        per_device[(device, e["cat"])][0] += 1
        per_device[(device, e["cat"])][1] += args.get("bytes", 0)
        if e["cat"] == "kernel":
            teams[device].add((args.get("requested_teams"), args.get("granted_teams")))
        # The link: construct_id -> its flow, started at a host target slice
        # of the op's construct, passing through this op.
        problem = None
        if "construct_id" not in args or "construct" not in args:
            problem = "no construct in its args"
        else:
            flow_id = "0x%x" % (int(args["construct_id"], 16) & 0x3FFFFFFFFFFFFFFF | 0x4000000000000000)
            flow = target_flows.get(flow_id, [])
            start = [(tid, ts) for ph, tid, ts in flow if ph == "s"]
            if len(start) != 1:
                problem = "flow %s has %d starts" % (flow_id, len(start))
            elif host_targets.get(start[0]) != args["construct"]:
                problem = "flow %s starts at %r, not at a slice of %r" % (flow_id, host_targets.get(start[0]),
                                                                          args["construct"])
            elif not any(ph in ("t", "f") and tid == e["tid"] and ts == e["ts"] for ph, tid, ts in flow):
                problem = "flow %s does not pass through it" % flow_id
        if problem and unlinked is None:
            unlinked = "%s at %.3f on %s: %s" % (e["name"], e["ts"], track_names.get(e["tid"]), problem)
    for (device, category), (n, nbytes) in sorted(per_device.items()):
        print("device %s %s: %d ops, %d bytes" % (device, category, n, nbytes))
    for device, values in sorted(teams.items()):
        print("device %s kernel teams: %s" % (device, " ".join(
            "requested=%s granted=%s" % pair for pair in sorted(values, key=str))))
    phases = collections.Counter(ph for flow in target_flows.values() for ph, tid, ts in flow)
    matched = 0
    for flow in target_flows.values():
        start = [ts for ph, tid, ts in flow if ph == "s"]
        ends = [ts for ph, tid, ts in flow if ph == "f"]
        if len(start) == 1 and len(ends) == 1 and all(ts >= start[0] for ph, tid, ts in flow):
            matched += 1
    print("target flows: s=%d t=%d f=%d matched=%d" % (phases["s"], phases["t"], phases["f"], matched))
    print("device links: " + (unlinked or "ok (%d ops)" % len(device_ops)))
sys.exit(0 if ok and bad is None and unlinked is None else 1)
