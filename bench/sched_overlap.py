#!/usr/bin/env python3
"""How much of the time a program's threads ran at the same time, from a
scheduler trace:

    perf record -e sched:sched_switch -a -o trace.data -- PROGRAM ...
    perf script -i trace.data > trace.txt
    bench/sched_overlap.py trace.txt COMM [THREADS]

COMM is the program's command name (its first 15 characters, as the kernel
keeps it); THREADS (default 2) how many of its threads to follow, those that
ran longest. For each it prints its share of the traced time on a processor,
in how many stretches, and on which processors; then the share of the time
all of them ran at once. A team that waits for each other by spinning makes
progress only then (bench/RESULTS.md, the 2-thread busy machine)."""
import collections
import re
import sys

SWITCH = re.compile(r"\[(\d+)\].*?\s(\d+\.\d+):\s+sched:sched_switch:\s+prev_comm=(.*?) prev_pid=(\d+) "
                    r".*? ==> next_comm=(.*?) next_pid=(\d+)")


def main(path, comm, nthreads):
    started = {}  # tid -> when it got its processor
    stretches = collections.defaultdict(list)
    on_cpu = collections.defaultdict(collections.Counter)
    first = last = None
    with open(path) as trace:
        for line in trace:
            m = SWITCH.search(line)
            if not m:
                continue
            cpu, t = int(m.group(1)), float(m.group(2))
            prev_comm, prev_tid, next_comm, next_tid = m.group(3), int(m.group(4)), m.group(5), int(m.group(6))
            first = t if first is None else first
            last = t
            if prev_comm.startswith(comm) and prev_tid in started:
                begin = started.pop(prev_tid)
                stretches[prev_tid].append((begin, t))
                on_cpu[prev_tid][cpu] += t - begin
            if next_comm.startswith(comm):
                started[next_tid] = t
    if not stretches:
        sys.exit(f"sched_overlap: no thread of '{comm}' in {path}")
    span = last - first
    tids = sorted(stretches, key=lambda tid: -sum(b - a for a, b in stretches[tid]))[:nthreads]
    edges = sorted(e for tid in tids for a, b in stretches[tid] for e in ((a, 1), (b, -1)))
    running, before, together = 0, None, 0.0
    for t, step in edges:
        if before is not None and running == len(tids):
            together += t - before
        running += step
        before = t
    for tid in tids:
        ran = sum(b - a for a, b in stretches[tid])
        cpus = ", ".join(f"{cpu}: {share / ran:.0%}" for cpu, share in sorted(on_cpu[tid].items()))
        print(f"thread {tid}: ran {ran / span:.1%} of {span:.2f} s in {len(stretches[tid])} stretches "
              f"(mean {ran / len(stretches[tid]) * 1e3:.3f} ms), processors {{{cpus}}}")
    print(f"all {len(tids)} at once: {together / span:.1%}")


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) == 4 else 2)
