"""Checks a glass trace's Perfetto protobuf file (trace.pftrace) and prints
what the tests count, in the words of check-trace.py (the JSON checker), so
that the same expectations apply to both:

  process: NAME (pid P)        (one line per process track)
  threads: N
  tid T CATEGORY: COUNT        (slices per thread and category, sorted; T is
                                the N of the track's "OpenMP thread N")
  total CATEGORY: COUNT        (over all threads)
  flows: s=S f=F matched=M
  nesting: ok | <first bad pair>
  device N CATEGORY: OPS ops, BYTES bytes      (device tracks, as
  device N kernel teams: ...                    check-trace.py prints them,
  target flows: s=S t=T f=F matched=M           from the tracks named
  device links: ok (N ops) | <first unlinked>   "device N (type)" and the
                                                ops' debug annotations)
  json: same slices and flows (N) | <the first difference>
                               (with --json FILE: the JSON trace of the same
                                run holds the same slices, to the nanosecond,
                                and the same flows)

The decoder is this file's own: the protobuf wire format (varints and
length-delimited fields) and the few Perfetto messages the trace tool writes
(TracePacket, TrackDescriptor, TrackEvent, InternedData, TracePacketDefaults,
ClockSnapshot; field numbers from Perfetto's protos/perfetto/trace/). Fails
(exit 1, a line "error: ..." each) on a file that does not decode, an event on
a sequence without cleared incremental state, an interned name or a track
never defined, a slice end with no slice open, a slice left open, or time
going backwards on a track."""
import collections
import re
import sys

TARGET_FLOW_BIT = 1 << 62  # the trace tool's target construct flows (trace_target_flow)

errors = []


def error(message):
    if len(errors) < 20:
        errors.append(message)


def varint(data, i):
    value, shift = 0, 0
    while True:
        if i >= len(data):
            raise ValueError("varint runs past the end")
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, i
        if shift > 63:
            raise ValueError("varint longer than 10 bytes")


def decode(data):
    """A message's fields: {number: [values]}, a value an int (varint,
    fixed64, fixed32) or bytes (length-delimited)."""
    fields = collections.defaultdict(list)
    i = 0
    while i < len(data):
        key, i = varint(data, i)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise ValueError("field number 0")
        if wire == 0:
            value, i = varint(data, i)
        elif wire == 1:
            if i + 8 > len(data):
                raise ValueError("fixed64 runs past the end")
            value, i = int.from_bytes(data[i:i + 8], "little"), i + 8
        elif wire == 2:
            length, i = varint(data, i)
            if i + length > len(data):
                raise ValueError("field %d: %d bytes run past the end" % (number, length))
            value, i = data[i:i + length], i + length
        elif wire == 5:
            if i + 4 > len(data):
                raise ValueError("fixed32 runs past the end")
            value, i = int.from_bytes(data[i:i + 4], "little"), i + 4
        else:
            raise ValueError("field %d: wire type %d" % (number, wire))
        fields[number].append(value)
    return fields


def one(fields, number, default=None):
    return fields[number][-1] if fields.get(number) else default


def ids(fields, number):
    """A repeated 64-bit field, unpacked (one value each) or packed."""
    result = []
    for value in fields.get(number, []):
        if isinstance(value, bytes):
            result += [int.from_bytes(value[k:k + 8], "little") for k in range(0, len(value), 8)]
        else:
            result.append(value)
    return result


# Field numbers (Perfetto's trace_packet.proto, track_event.proto, ...).
TRACE_PACKET = 1
P_CLOCK_SNAPSHOT, P_TIMESTAMP, P_SEQUENCE, P_TRACK_EVENT, P_INTERNED, P_FLAGS = 6, 8, 10, 11, 12, 13
P_CLOCK_ID, P_DEFAULTS, P_TRACK_DESCRIPTOR = 58, 59, 60
SEQ_INCREMENTAL_STATE_CLEARED, SEQ_NEEDS_INCREMENTAL_STATE = 1, 2
BOOTTIME = 6
SLICE_BEGIN, SLICE_END, INSTANT = 1, 2, 3


class Sequence:
    def __init__(self):
        self.names, self.categories = {}, {}
        self.clock_id, self.track = None, 0
        self.clocks = {}  # sequence-scoped clock id -> [incremental, last value]


args = sys.argv[1:]
json_path = None
if len(args) == 3 and args[1] == "--json":
    json_path = args[2]
elif len(args) != 1:
    sys.exit("usage: check-pftrace.py TRACE.pftrace [--json TRACE.json]")
data = open(args[0], "rb").read()
origin = None  # the sequences' clock base: the tool's start, which JSON times count from
try:
    trace = decode(data)
except ValueError as e:
    print("error: not a protobuf message: %s" % e)
    sys.exit(1)
if set(trace) - {TRACE_PACKET}:
    error("Trace has fields other than packet: %s" % sorted(set(trace) - {TRACE_PACKET}))

sequences = {}
tracks = {}  # uuid -> descriptor fields
processes = []
open_slices = collections.defaultdict(list)  # track uuid -> [(begin, name, category)]
last_time = {}
slices = collections.defaultdict(list)  # track uuid -> [(begin, end, name, category)]
starts, finishes = {}, {}
target_flows = collections.defaultdict(list)  # id -> [(phase, track, time)]
annotations = {}  # (track, begin) -> {name: value} of a device op's slice


def decode_annotations(event):
    values = {}
    for raw in event.get(4, []):
        annotation = decode(raw)
        name = one(annotation, 10, b"").decode()
        if 6 in annotation:
            values[name] = one(annotation, 6).decode()
        else:
            values[name] = one(annotation, 3, 0)
    return values


def is_device(uuid):
    return uuid in tracks and 4 not in tracks[uuid] and one(tracks[uuid], 2, b"").decode().startswith("device ")


for index, raw in enumerate(trace.get(TRACE_PACKET, [])):
    try:
        packet = decode(raw)
        sequence_id = one(packet, P_SEQUENCE)
        if not sequence_id:
            error("packet %d: no trusted_packet_sequence_id" % index)
            continue
        flags = one(packet, P_FLAGS, 0)
        if flags & SEQ_INCREMENTAL_STATE_CLEARED:
            sequences[sequence_id] = Sequence()
        state = sequences.get(sequence_id)
        if flags & SEQ_NEEDS_INCREMENTAL_STATE and state is None:
            error("packet %d: needs the incremental state of sequence %d, never cleared" % (index, sequence_id))
            continue
        if P_DEFAULTS in packet:
            defaults = decode(one(packet, P_DEFAULTS))
            state.clock_id = one(defaults, 58)
            if 11 in defaults:
                state.track = one(decode(one(defaults, 11)), 11, 0)
        if P_CLOCK_SNAPSHOT in packet:
            for clock in decode(one(packet, P_CLOCK_SNAPSHOT)).get(1, []):
                clock = decode(clock)
                clock_id = one(clock, 1)
                if clock_id >= 64:
                    state.clocks[clock_id] = [bool(one(clock, 3, 0)), one(clock, 2, 0)]
                    origin = one(clock, 2, 0) if origin is None else origin
        if P_INTERNED in packet:
            interned = decode(one(packet, P_INTERNED))
            for number, table in ((1, state.categories), (2, state.names)):
                for entry in interned.get(number, []):
                    entry = decode(entry)
                    table[one(entry, 1)] = one(entry, 2, b"").decode()
        if P_TRACK_DESCRIPTOR in packet:
            track = decode(one(packet, P_TRACK_DESCRIPTOR))
            uuid = one(track, 1)
            tracks[uuid] = track
            if 3 in track:
                process = decode(one(track, 3))
                processes.append("%s (pid %d)" % (one(process, 6, b"?").decode(), one(process, 1, 0)))
        if P_TRACK_EVENT not in packet:
            continue
        if not flags & SEQ_NEEDS_INCREMENTAL_STATE or state is None:
            error("packet %d: a track event without SEQ_NEEDS_INCREMENTAL_STATE" % index)
            continue
        clock_id = one(packet, P_CLOCK_ID, state.clock_id or BOOTTIME)
        stamp = one(packet, P_TIMESTAMP)
        if stamp is None:
            error("packet %d: a track event without a timestamp" % index)
            continue
        if clock_id in state.clocks:
            clock = state.clocks[clock_id]
            time = clock[1] + stamp if clock[0] else stamp
            clock[1] = time
        elif clock_id >= 64:
            error("packet %d: clock %d has no snapshot on sequence %d" % (index, clock_id, sequence_id))
            continue
        else:
            time = stamp
        event = decode(one(packet, P_TRACK_EVENT))
        track = one(event, 11, state.track)
        if track not in tracks:
            error("packet %d: track %d was never described" % (index, track))
        if time < last_time.get(track, 0):
            error("packet %d: time goes backwards on track %d" % (index, track))
        last_time[track] = time
        kind = one(event, 9)
        name = one(event, 23, b"").decode() if 23 in event else state.names.get(one(event, 10))
        categories = [c.decode() for c in event.get(22, [])]
        for iid in event.get(3, []):
            categories.append(state.categories.get(iid))
        if kind != SLICE_END and (name is None or None in categories):
            error("packet %d: an interned name or category was never defined" % index)
        category = ",".join(c or "?" for c in categories)
        for flow in ids(event, 47):
            if flow & TARGET_FLOW_BIT:
                target_flows[flow].append(("t" if is_device(track) else "s", track, time))
            else:
                starts[flow] = time
        for flow in ids(event, 48):
            if flow & TARGET_FLOW_BIT:
                target_flows[flow].append(("f", track, time))
            else:
                finishes[flow] = time
        if kind == SLICE_BEGIN and is_device(track):
            annotations[(track, time)] = decode_annotations(event)
        if kind == SLICE_BEGIN:
            open_slices[track].append((time, name, category))
        elif kind == SLICE_END:
            if not open_slices[track]:
                error("packet %d: a slice end on track %d with no slice open" % (index, track))
                continue
            begin, name, category = open_slices[track].pop()
            slices[track].append((begin, time, name, category))
        elif kind == INSTANT:
            slices[track].append((time, time, name, category))
        else:
            error("packet %d: track event type %r" % (index, kind))
    except (ValueError, AttributeError, UnicodeDecodeError) as e:
        error("packet %d does not decode: %s" % (index, e))

for track, still_open in open_slices.items():
    if still_open:
        error("track %d: %d slices never end (%s)" % (track, len(still_open), still_open[-1][1]))


def thread_number(uuid):
    if is_device(uuid):
        return one(tracks[uuid], 2).decode()
    thread = decode(one(tracks[uuid], 4)) if uuid in tracks and 4 in tracks[uuid] else None
    name = one(thread, 5, b"").decode() if thread else ""
    if not name.startswith("OpenMP thread "):
        error("track %d is not an OpenMP thread's (%r)" % (uuid, name))
        return -1
    return int(name.split()[-1])


counts, totals = collections.Counter(), collections.Counter()
for track, spans in slices.items():
    if is_device(track):
        continue
    for begin, end, name, category in spans:
        counts[(thread_number(track), category)] += 1
        totals[category] += 1
for process in processes:
    print("process: " + process)
print("threads: %d" % len([track for track in slices if not is_device(track)]))
for (tid, category), n in sorted(counts.items()):
    print("tid %d %s: %d" % (tid, category, n))
for category, n in sorted(totals.items()):
    print("total %s: %d" % (category, n))
matched = sum(1 for i, time in finishes.items() if i in starts and starts[i] <= time)
print("flows: s=%d f=%d matched=%d" % (len(starts), len(finishes), matched))
# As check-trace.py does: slices of one track, sorted by start (longest
# first), each end before the enclosing open one does.
bad = None
for track, spans in slices.items():
    spans.sort(key=lambda s: (s[0], -s[1]))
    open_ends = []
    for begin, end, name, category in spans:
        while open_ends and open_ends[-1][0] <= begin:
            open_ends.pop()
        if open_ends and end > open_ends[-1][0] and bad is None:
            bad = "tid %d: %s overlaps %s" % (thread_number(track), name, open_ends[-1][1])
        open_ends.append((end, name))
print("nesting: " + (bad or "ok"))

# Device tracks, in check-trace.py's words.
host_targets = {}
for track, spans in slices.items():
    if not is_device(track):
        for begin, end, name, category in spans:
            if category == "target":
                host_targets[(track, begin)] = name
device_ops = [(track, begin, end, name, category) for track, spans in slices.items() if is_device(track)
              for begin, end, name, category in spans]
unlinked = None
if device_ops or target_flows:
    per_device = collections.defaultdict(lambda: [0, 0])
    teams = collections.defaultdict(set)
    for track, begin, end, name, category in device_ops:
        device = int(re.match(r"device (\d+) ", thread_number(track)).group(1))
        args = annotations.get((track, begin), {})
        per_device[(device, category)][0] += 1
        per_device[(device, category)][1] += args.get("bytes", 0)
        if category == "kernel":
            teams[device].add((args.get("requested_teams"), args.get("granted_teams")))
        problem = None
        if "construct_id" not in args or "construct" not in args:
            problem = "no construct in its annotations"
        else:
            flow_id = args["construct_id"] & 0x3FFFFFFFFFFFFFFF | TARGET_FLOW_BIT
            flow = target_flows.get(flow_id, [])
            start = [(t, time) for phase, t, time in flow if phase == "s"]
            if len(start) != 1:
                problem = "flow 0x%x has %d starts" % (flow_id, len(start))
            elif host_targets.get(start[0]) != args["construct"]:
                problem = "flow 0x%x starts at %r, not at a slice of %r" % (flow_id, host_targets.get(start[0]),
                                                                            args["construct"])
            elif not any(phase in ("t", "f") and t == track and time == begin for phase, t, time in flow):
                problem = "flow 0x%x does not pass through it" % flow_id
        if problem and unlinked is None:
            unlinked = "%s at %d on %s: %s" % (name, begin - origin, thread_number(track), problem)
    for (device, category), (n, nbytes) in sorted(per_device.items()):
        print("device %s %s: %d ops, %d bytes" % (device, category, n, nbytes))
    for device, values in sorted(teams.items()):
        print("device %s kernel teams: %s" % (device, " ".join(
            "requested=%s granted=%s" % pair for pair in sorted(values, key=str))))
    phases = collections.Counter(phase for flow in target_flows.values() for phase, t, time in flow)
    matched = 0
    for flow in target_flows.values():
        start = [time for phase, t, time in flow if phase == "s"]
        ends = [time for phase, t, time in flow if phase == "f"]
        if len(start) == 1 and len(ends) == 1 and all(time >= start[0] for phase, t, time in flow):
            matched += 1
    print("target flows: s=%d t=%d f=%d matched=%d" % (phases["s"], phases["t"], phases["f"], matched))
    print("device links: " + (unlinked or "ok (%d ops)" % len(device_ops)))
    if unlinked:
        error("a device op is not linked to its construct")


def compare_with_json(path):
    """The first difference between these slices and flows and the JSON's,
    or None."""
    import json
    mine, theirs = collections.Counter(), collections.Counter()
    for track, spans in slices.items():
        for begin, end, name, category in spans:
            mine[(thread_number(track), name, category, begin - origin, end - begin)] += 1
    json_starts, json_finishes = {}, {}
    events = json.load(open(path))["traceEvents"]
    names = {e["tid"]: e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    for e in events:
        if e["ph"] == "X":
            track = names[e["tid"]] if e["tid"] >= 4096 else e["tid"]
            theirs[(track, e["name"], e["cat"], round(e["ts"] * 1000), round(e["dur"] * 1000))] += 1
        elif e.get("cat") == "target-flow":
            continue
        elif e["ph"] in ("s", "f"):
            (json_starts if e["ph"] == "s" else json_finishes)[int(e["id"], 16)] = round(e["ts"] * 1000)
    for only, other, where in ((mine, theirs, "Perfetto"), (theirs, mine, "JSON")):
        extra = only - other
        if extra:
            return "%d slices only in the %s trace, e.g. %r" % (sum(extra.values()), where, min(extra))
    for flows, json_flows, what in ((starts, json_starts, "start"), (finishes, json_finishes, "end")):
        shifted = {i: t - origin for i, t in flows.items()}
        if shifted != json_flows:
            return "the flow %ss differ (%d here, %d in the JSON)" % (what, len(shifted), len(json_flows))
    return None


if json_path:
    difference = compare_with_json(json_path)
    print("json: " + (difference or "same slices and flows (%d)" % sum(len(s) for s in slices.values())))
    if difference:
        error("differs from " + json_path)
for message in errors:
    print("error: " + message)
sys.exit(0 if not errors and bad is None else 1)
