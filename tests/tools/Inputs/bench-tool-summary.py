"""Feeds bench/run's tool-cost summary (print_tool_cost_summary) made-up
repetitions whose geometric means and paired verdicts are known, so the
summary's arithmetic and the way it leaves constructs out can be checked
without timing anything. Usage: bench-tool-summary.py SRCROOT."""
import importlib.machinery
import importlib.util
import os
import sys
import types

root = sys.argv[1]
loader = importlib.machinery.SourceFileLoader("bench_run", os.path.join(root, "bench", "run"))
spec = importlib.util.spec_from_loader("bench_run", loader)
run = importlib.util.module_from_spec(spec)
loader.exec_module(run)

REPS = 5
THREADS = 16
opts = types.SimpleNamespace(reps=REPS, threads=[THREADS])
configs = [run.Config(key, title, None, None, "glass") for key, title in (
    ("glass", "Glass"), ("glass_tool", "Glass + empty tool"),
    ("libomp", "libomp"), ("libomp_tool", "libomp + empty tool"),
    ("libomp_rel", "libomp Release"), ("libomp_rel_tool", "libomp Release + empty tool"))]
results = run.Results()


def put(key, label, per_rep):
    """One configuration's overhead in each repetition."""
    results.values[key, label, THREADS] = list(per_rep)
    results.by_rep[key, label, THREADS] = dict(enumerate(per_rep, 1))


def jitter(base):
    return [base + 0.001 * r for r in range(REPS)]


# lock: Glass x1.5, Release x1.1, Glass's cost (0.5) above the Release's
# (0.1) in every repetition: behind.
put("glass", "lock", jitter(1.0))
put("glass_tool", "lock", jitter(1.5))
put("libomp_rel", "lock", jitter(1.0))
put("libomp_rel_tool", "lock", jitter(1.1))
# critical: Glass x1.2, Release x1.1 by the medians, but Glass's cost (0.4)
# below the Release's (0.5) in every repetition: ahead.
put("glass", "critical", jitter(2.0))
put("glass_tool", "critical", jitter(2.4))
put("libomp_rel", "critical", jitter(5.0))
put("libomp_rel_tool", "critical", jitter(5.5))
# barrier: Glass's cost 0.5 give or take 0.01 to 0.05, alternately below and
# above the Release's 0.5: level. Glass 1.0 -> 1.49 (the median), the
# Release 1.0 -> 1.5.
put("glass", "barrier", [1.0] * REPS)
put("glass_tool", "barrier", [1.5 + (0.01 if r % 2 else -0.01) * (r + 1) for r in range(REPS)])
put("libomp_rel", "barrier", [1.0] * REPS)
put("libomp_rel_tool", "barrier", [1.5] * REPS)
# single: no Release figure (as if it had failed): out of the mean, named.
put("glass", "single", jitter(1.0))
put("glass_tool", "single", jitter(3.0))
results.failures["libomp_rel_tool", "single", THREADS] = "crashed (SIGSEGV)"
# atomic: Glass's overhead under the method's resolution: out of the mean;
# its cost (0.196) below the Release's (0.3) in every repetition: ahead.
put("glass", "atomic", [0.004] * REPS)
put("glass_tool", "atomic", [0.2] * REPS)
put("libomp_rel", "atomic", jitter(0.5))
put("libomp_rel_tool", "atomic", jitter(0.8))
# ordered: four repetitions only, too few for the test at 5%; with tool
# 2.0 -> 2.4 on Glass, 2.0 -> 2.2 on the Release libomp.
for key, value in (("glass", 2.0), ("glass_tool", 2.4), ("libomp_rel", 2.0), ("libomp_rel_tool", 2.2)):
    results.values[key, "ordered", THREADS] = [value] * 4
    results.by_rep[key, "ordered", THREADS] = {r: value for r in range(1, 5)}
# Debian's libomp has no figure at all (not on the machine).
names = ("lock", "critical", "barrier", "single", "atomic", "ordered")
items = [run.Item(name, "construct", [], name) for name in names]
run.print_tool_cost_summary(results, items, opts, configs)
