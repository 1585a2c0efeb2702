#!/usr/bin/env python3
"""Normalizes the test tool's event lines (tests/ompt/Inputs/tool.c) for
libomp-diff.sh: the tool's own start-up lines go; each thread's events are
kept in order and the threads follow one another (the initial thread first,
then the others by their first event's text, so that the order in which
workers happened to start does not matter); ids and addresses become names
given in order of first appearance (P1, T1, ... for parallel regions and
tasks, W1 for wait ids, A1 for dependence addresses), and code and frame
pointers become "set" or "nil"."""
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
    others = sorted(threads.values(), key=lambda events: [re.sub(r"\d+|0x[0-9a-f]+", "#", e) for e in events])
    for number, events in enumerate([initial] + others, 1):
        for event in events:
            print("T%d: %s" % (number, normalize(event)))
    for line in other:
        print(line)


main()
