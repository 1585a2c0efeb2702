"""The paired test behind bench/run's verdict column.

bench/run runs every runtime once per repetition, back to back, so one
repetition's figures share the machine's state at that moment (on the 2-core
VMs moving a cache line between the cores is 3-5x slower in some periods than
in others). Comparing Glass with an anchor therefore uses the per-repetition
differences, and asks whether they lean one way more often and by more than
chance would make them: the one-sided Wilcoxon signed-rank test, computed
exactly (no normal approximation: a run has 5 to 20 repetitions).

Why a test and not only the ratio of medians: the target is "Glass at most
the fastest anchor", and the fastest of three noisy medians is biased low, so
a runtime identical to an anchor scores above 1.00 about half of the time.
The verdict says "behind" only when Glass is slower than some anchor beyond
what the spread of the repetitions explains.

    python3 bench/paired.py --self-test     checks the test on known cases
"""

import sys

ALPHA = 0.05  # family-wise, split over the anchors of a cell (Bonferroni)


def signed_rank_p(diffs):
    """One-sided p-value that the differences lean positive: the chance,
    with every difference's sign a fair coin, of a positive rank sum at least
    the observed one. Zero differences carry no sign and are dropped; tied
    magnitudes share their average rank. Returns (p, n used)."""
    d = [x for x in diffs if x != 0]
    n = len(d)
    if n == 0:
        return 1.0, 0
    order = sorted(range(n), key=lambda i: abs(d[i]))
    doubled = [0] * n  # twice the rank: average ranks of ties are half-integers
    i = 0
    while i < n:
        j = i
        while j + 1 < n and abs(d[order[j + 1]]) == abs(d[order[i]]):
            j += 1
        for k in range(i, j + 1):
            doubled[order[k]] = i + j + 2  # (i+1 + j+1) / 2 ranks, doubled
        i = j + 1
    observed = sum(r for r, x in zip(doubled, d) if x > 0)
    # counts[s]: sign patterns whose positive doubled-rank sum is s.
    counts = [1] + [0] * sum(doubled)
    for r in doubled:
        for s in range(len(counts) - 1, r - 1, -1):
            counts[s] += counts[s - r]
    return sum(counts[observed:]) / 2 ** n, n


def compare(glass, anchor):
    """Glass against one anchor over the repetitions both have:
    (repetitions, p that Glass is slower, p that it is faster)."""
    reps = sorted(set(glass) & set(anchor))
    diffs = [glass[r] - anchor[r] for r in reps]
    slower, _ = signed_rank_p(diffs)
    faster, _ = signed_rank_p([-x for x in diffs])
    return len(reps), slower, faster


def smallest_p(reps):
    """The lowest one-sided p-value reps repetitions can give."""
    return 2.0 ** -reps


def verdict(glass, anchors):
    """One cell's verdict. glass: {rep: overhead}; anchors: {name: {rep:
    overhead}}. "behind NAME" when Glass is significantly slower than an
    anchor, "ahead" when it is significantly faster than every anchor, else
    "level with" the anchors it does not beat. The threshold is ALPHA split
    over the anchors."""
    anchors = {k: v for k, v in anchors.items() if v}
    if not glass or not anchors:
        return "n/a"
    level = ALPHA / len(anchors)
    tests = {name: compare(glass, a) for name, a in anchors.items()}
    reps = min(n for n, _, _ in tests.values())
    if smallest_p(reps) >= level:
        return f"too few runs ({reps})"
    behind = [f"{k} (p={s:.3f})" for k, (_, s, _) in tests.items() if s < level]
    if behind:
        return "behind " + ", ".join(behind)
    unbeaten = [k for k, (_, _, f) in tests.items() if f >= level]
    if not unbeaten:
        return f"ahead (p<={max(f for _, _, f in tests.values()):.3f})"
    return "level with " + ", ".join(unbeaten)


def _self_test():
    def close(a, b):
        return abs(a - b) < 1e-12

    # Nine positive differences: only one sign pattern of 512 is as extreme.
    p, n = signed_rank_p([0.1 * (i + 1) for i in range(9)])
    assert n == 9 and close(p, 1 / 512), p
    # All negative: every pattern has a positive rank sum >= 0.
    p, _ = signed_rank_p([-1, -2, -3])
    assert close(p, 1.0), p
    # Ranks 1..3 with the largest positive: sums >= 3 are {3}, {1,2}, {1,3},
    # {2,3}, {1,2,3}: 5 of 8 patterns.
    p, _ = signed_rank_p([-1, -2, 3])
    assert close(p, 5 / 8), p
    # Zeros are dropped; ties share ranks 1.5 and 1.5 (doubled 3 and 3):
    # patterns with doubled sum >= 3 are {a}, {b}, {a,b}: 3 of 4.
    p, n = signed_rank_p([0, 1, -1])
    assert n == 2 and close(p, 3 / 4), p
    # Verdicts: clearly slower than one anchor; clearly faster than both;
    # interleaved the same; too few repetitions to tell anything.
    reps = range(1, 10)
    g = {r: 1.0 + 0.01 * r for r in reps}
    fast = {r: 0.5 + 0.01 * r for r in reps}
    slow = {r: 2.0 + 0.01 * r for r in reps}
    assert verdict(g, {"a": fast, "b": slow}).startswith("behind a"), verdict(g, {"a": fast, "b": slow})
    assert verdict(g, {"a": slow, "b": slow}).startswith("ahead"), verdict(g, {"a": slow, "b": slow})
    same = {r: g[r] + (0.001 if r % 2 else -0.001) for r in reps}
    assert verdict(g, {"a": same, "b": slow}) == "level with a", verdict(g, {"a": same, "b": slow})
    few = {r: g[r] for r in range(1, 5)}
    assert verdict(few, {"a": fast}) == "too few runs (4)", verdict(few, {"a": fast})
    print("paired.py self-test: ok")


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        _self_test()
    else:
        print(__doc__)
        sys.exit(1)
