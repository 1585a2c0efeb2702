#!/usr/bin/env python3
"""What the empty tool adds to a watched operation, in instructions, checked
against a budget: for tests/ompt/watched-cost.test.

  watched_cost.py PROGRAM TOOL LIBDIR OP=BUDGET...

PROGRAM is bench/ompt-watched/watched_ops.c built by the run's compiler,
TOOL the empty tool (bench/tools/empty_tool.c), LIBDIR Glass's library
directory. Callgrind counts only inside work() (--toggle-collect), so the
counts are exact; per operation: (N=400 minus N=200) / 200, with the tool
minus without. Prints one line per operation and exits 1 if one is over its
budget."""
import os
import re
import subprocess
import sys
import tempfile


def count(program, tool, libdir, op, n, scratch):
    env = dict(os.environ, LD_LIBRARY_PATH=libdir, OMP_NUM_THREADS="1")
    for name in ("OMP_TOOL_LIBRARIES", "OMP_TOOL", "LD_PRELOAD", "OMP_DEBUG"):
        env.pop(name, None)
    if tool:
        env["OMP_TOOL_LIBRARIES"] = tool
    out = os.path.join(scratch, "callgrind.out")
    result = subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=work",
                             "--callgrind-out-file=" + out, program, op, str(n)],
                            env=env, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("watched_cost: %s %s %d failed:\n%s" % (program, op, n, result.stderr[-2000:]))
    if tool and "empty_tool: registered=" not in result.stderr:
        sys.exit("watched_cost: the runtime did not load the empty tool")
    with open(out) as data:
        for line in data:
            match = re.match(r"summary:\s+(\d+)", line)
            if match:
                return int(match.group(1))
    sys.exit("watched_cost: no summary in callgrind's output")


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    program, tool, libdir = sys.argv[1:4]
    over = False
    with tempfile.TemporaryDirectory() as scratch:
        for spec in sys.argv[4:]:
            op, budget = spec.split("=")
            per = {}
            for label, with_tool in (("none", None), ("tool", tool)):
                low = count(program, with_tool, libdir, op, 200, scratch)
                high = count(program, with_tool, libdir, op, 400, scratch)
                per[label] = (high - low) / 200
            added = per["tool"] - per["none"]
            ok = added <= int(budget)
            over |= not ok
            print("%s: added %.0f instructions, budget %s: %s" % (op, added, budget, "ok" if ok else "OVER"))
    sys.exit(1 if over else 0)


if __name__ == "__main__":
    main()
