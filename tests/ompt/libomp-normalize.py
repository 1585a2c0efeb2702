#!/usr/bin/env python3
"""Normalizes the test tool's event lines (tests/ompt/Inputs/tool.c) for
libomp-diff.sh: the tool's own start-up lines go; each thread's events are
kept in order. The initial thread comes first; the workers' events follow
as units, one per outermost implicit task a worker ran (its begin to its
end), ordered by their events and then by the names already given to their
ids, so that neither the order in which workers
started nor which pool thread a runtime gave to which team matters (a worker's
own thread_begin/thread_end go: how many threads a runtime starts or reuses is
its own business). Ids and addresses become names given in order of first
appearance (I1, I2, ... for threads, parallel regions and tasks, W1 for wait
ids, A1 for dependence addresses), and code and frame pointers become "set"
or "nil"."""
import re
import sys

ID_FIELDS = ("thread", "parallel", "task", "encountering_task", "new_task", "prior", "next", "src", "sink")
names = {}


def name_of(kind, value):
    key = (kind, value)
    if key not in names:
        names[key] = "%s%d" % (kind, sum(1 for k in names if k[0] == kind) + 1)
    return names[key]


def normalize(text):
    text = re.sub(r"\b(codeptr|frame\.exit|frame\.enter|section)=(0x[0-9a-f]+|\(nil\))",
                  lambda m: m.group(1) + "=" + ("nil" if m.group(2) == "(nil)" else "set"), text)
    text = re.sub(r"wait_id=0x[0-9a-f]+", lambda m: "wait_id=" + name_of("W", m.group(0)), text)
    text = re.sub(r"(\w+):(0x[0-9a-f]+|\(nil\))", lambda m: m.group(1) + ":" + name_of("A", m.group(2)), text)
    for field in ID_FIELDS:
        text = re.sub(r"\b%s=(\d+)" % field,
                      lambda m: "%s=%s" % (field, "none" if m.group(1) == "0" else name_of("I", m.group(1))),
                      text)
    return text


def event_names(events):
    """What orders the units first: their events' names only, since a field
    may come and go from run to run (libomp 19 answers a worker's task
    inquiry at its last barrier's end in some runs and not in others)."""
    return [e.split(":", 1)[0] for e in events]


def worker_units(events):
    """Splits a worker's events into units: each outermost implicit task with
    what it contains, and any other event alone (thread begin/end go)."""
    units, current, depth = [], None, 0
    for event in events:
        if current is None:
            if event.startswith(("thread_begin:", "thread_end:")):
                continue
            if not event.startswith("implicit_task_begin:"):
                units.append([event])
                continue
            current = []
        current.append(event)
        if event.startswith("implicit_task_begin:"):
            depth += 1
        elif event.startswith("implicit_task_end:"):
            depth -= 1
            if depth == 0:
                units.append(current)
                current = None
    if current:
        units.append(current)
    return units


def named_key(events):
    """The unit's text with the names given so far, unknown ids as "?": the
    order between units whose text differs only in ids."""
    def known(match):
        for kind in ("I", "W", "A"):
            for (k, value), name in names.items():
                if k == kind and value == match.group(0):
                    return name
        return "?"
    return [re.sub(r"\b\d+\b|0x[0-9a-f]+", known, e) for e in events]


def main():
    threads, other = {}, []
    for line in sys.stdin:
        match = re.match(r"T(\d+): (.*)", line.rstrip("\n"))
        if not match:
            if not line.startswith("tool:"):
                other.append(line.rstrip("\n"))
            continue
        if match.group(2).startswith(("tool:", "WRONG: frame flags")):
            continue  # frame-flag violations are counted by libomp-diff.sh
        threads.setdefault(int(match.group(1)), []).append(match.group(2))
    initial = threads.pop(1, [])
    for event in initial:
        print("T1: %s" % normalize(event))
    units = [unit for events in threads.values() for unit in worker_units(events)]
    number = 1
    while units:
        unit = min(units, key=lambda u: (event_names(u), named_key(u)))
        units.remove(unit)
        number += 1
        for event in unit:
            print("T%d: %s" % (number, normalize(event)))
    for line in other:
        print(line)


main()
