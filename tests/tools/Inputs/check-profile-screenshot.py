"""Finds, in a screenshot of a `glass profile --html` page, the timeline rows and
the per-region bars by the page's own colours, prints what it sees and checks
it against what the profiled program did.

Usage: check-profile-screenshot.py PNG PAGE --threads N --regions M [--waiting-region REGEX]

The colours come from PAGE's style sheet (html.c: `.work{fill:#...}` and so
on). A bar is a run of those colours at least 30 pixels wide (the legend's
squares are narrower) that repeats on consecutive pixel rows: about 1000
pixels wide in the timeline (html.c's TIMELINE_WIDTH); in a region's chart
as long as the region's time, the longest region's about 600 (BAR_WIDTH).
Bars of one width a few pixels apart belong to one chart, so the charts
below the timeline are the regions, each with a bar per thread.

Checks: N timeline rows and M region charts of N bars each, every thread's row
shows some activity, and with --waiting-region REGEX, in the region whose heading
matches REGEX (its chart found by the headings' order, which is the charts')
thread 0's bar is mostly work and every other thread's mostly barrier, as is
their timeline row (of what is not idle). The charts, in the page's order
(by total time), must not grow, and the first must be about BAR_WIDTH wide:
the bars are scaled to the regions' time. With --busy-until P, every
timeline row must show an activity other than idle at P percent or later of
the width up to where the page's region lane ends (the last parallel region;
serial time and exit follow): the timeline covers the whole run. Exits 1, naming the
mismatch."""
import argparse
import collections
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from png_decode import PNGError, decode

ACTIVITIES = ("work", "barrier", "lock", "task", "idle")
TIMELINE_WIDTH, BAR_WIDTH = 1000, 600
LABEL_WIDTH = 110    # where the timeline's rows start in the svg (html.c)
MIN_RUN = 30         # wider than any legend square
MAX_BLEND = 2        # anti-aliased pixels where two rects meet
MIN_BAR_HEIGHT = 12  # bars are 18 CSS pixels high
CHART_GAP = 8        # bars of one chart are 4 pixels apart


def page_colours(page):
    with open(page) as f:
        text = f.read()
    colours = {}
    for name in ACTIVITIES:
        match = re.search(r"\.%s\s*\{\s*fill\s*:\s*#([0-9a-fA-F]{6})" % name, text)
        if not match:
            sys.exit("check-profile-screenshot.py: %s has no .%s{fill:#rrggbb} rule" % (page, name))
        colours[tuple(int(match.group(1)[i:i + 2], 16) for i in (0, 2, 4))] = name
    return colours


def runs_in_row(row, colours):
    """(start, end, Counter of activity pixels) for each long run of bar colours."""
    found, x, width = [], 0, len(row)
    while x < width:
        if row[x] not in colours:
            x += 1
            continue
        start, counts, end = x, collections.Counter(), x
        while x < width:
            if row[x] in colours:
                counts[colours[row[x]]] += 1
                end = x = x + 1
            elif x - end < MAX_BLEND:
                x += 1
            else:
                break
        if end - start >= MIN_RUN:
            found.append((start, end, counts))
        x = end + 1
    return found


def bars_in(pixels, colours):
    """Bars: runs with the same ends (to a pixel) on consecutive pixel rows."""
    open_bars, bars = [], []
    for y, row in enumerate(pixels):
        still_open = []
        for start, end, counts in runs_in_row(row, colours):
            bar = next((b for b in open_bars if abs(b["x0"] - start) <= 1 and abs(b["x1"] - end) <= 1), None)
            if bar is None:
                bar = {"x0": start, "x1": end, "y0": y, "counts": collections.Counter()}
            bar["y1"] = y + 1
            bar["counts"] += counts
            still_open.append(bar)
        for bar in open_bars:
            if all(bar is not kept for kept in still_open):
                bars.append(bar)
        open_bars = still_open
    bars += open_bars
    return sorted((b for b in bars if b["y1"] - b["y0"] >= MIN_BAR_HEIGHT), key=lambda b: b["y0"])


def charts_of(bars, width, exact=True):
    """Bars of about WIDTH pixels (or, not exact, of at most WIDTH), grouped
    into charts of one width by their vertical gaps."""
    charts = []
    for bar in bars:
        length = bar["x1"] - bar["x0"]
        if (abs(length - width) > 3) if exact else (length > width + 3):
            continue
        if (charts and bar["y0"] - charts[-1][-1]["y1"] <= CHART_GAP
                and abs(length - (charts[-1][-1]["x1"] - charts[-1][-1]["x0"])) <= 3):
            charts[-1].append(bar)
        else:
            charts.append([bar])
    return charts


def mostly(bar, ignore_idle=False):
    counts = collections.Counter(bar["counts"])
    if ignore_idle:
        counts.pop("idle", None)
    return counts.most_common(1)[0][0] if counts else "nothing"


def describe(bar):
    total = sum(bar["counts"].values())
    return " ".join("%s=%.0f%%" % (a, 100.0 * bar["counts"][a] / total) for a in ACTIVITIES if bar["counts"][a])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("png")
    parser.add_argument("page")
    parser.add_argument("--threads", type=int, required=True)
    parser.add_argument("--regions", type=int, required=True)
    parser.add_argument("--waiting-region")
    parser.add_argument("--busy-until", type=float)
    args = parser.parse_args()
    try:
        width, height, pixels = decode(args.png)
    except (OSError, PNGError) as e:
        sys.exit("check-profile-screenshot.py: %s: %s" % (args.png, e))
    bars = bars_in(pixels, page_colours(args.page))
    timelines, regions = charts_of(bars, TIMELINE_WIDTH), charts_of(bars, BAR_WIDTH, exact=False)
    print("screenshot %dx%d" % (width, height))
    rows = timelines[0] if timelines else []
    print("timeline charts: %d, rows: %d" % (len(timelines), len(rows)))
    colours = page_colours(args.page)
    with open(args.page) as f:
        lane = [float(x) + float(w) for x, w in
                re.findall(r'<rect class="region" style="[^"]*" x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)"', f.read())]
    lane_end = (max(lane) - LABEL_WIDTH) if lane else TIMELINE_WIDTH  # in the timeline's CSS pixels
    busy_until = []
    for i, bar in enumerate(rows):
        # The rightmost pixel of the row's middle line that shows an activity.
        line = pixels[(bar["y0"] + bar["y1"]) // 2]
        last = max([x for x in range(bar["x0"], bar["x1"]) if colours.get(line[x], "idle") != "idle"] or [bar["x0"]])
        scale = (bar["x1"] - bar["x0"]) / float(TIMELINE_WIDTH)
        busy_until.append(100.0 * (last + 1 - bar["x0"]) / (lane_end * scale))
        print("  row %d at y=%d: %s" % (i, bar["y0"], describe(bar)))
    print("region charts: %d" % len(regions))
    for k, chart in enumerate(regions, 1):
        print("  region %d: %d bars, mostly %s, %d pixels long"
              % (k, len(chart), " ".join(mostly(b) for b in chart), chart[0]["x1"] - chart[0]["x0"]))

    failures = []
    if args.busy_until is not None:
        print("rows busy until: %s" % " ".join("%.0f%%" % b for b in busy_until))
        failures += ["timeline row %d shows activity only until %.0f%% of the regions' time, expected until %.0f%%"
                     % (i, b, args.busy_until) for i, b in enumerate(busy_until) if b < args.busy_until]
    if len(timelines) != 1 or len(rows) != args.threads:
        failures.append("expected one timeline with %d rows, found %d timelines (%d rows in the first)"
                        % (args.threads, len(timelines), len(rows)))
    failures += ["timeline row %d shows nothing but idle" % i for i, bar in enumerate(rows)
                 if not any(bar["counts"][a] for a in ACTIVITIES if a != "idle")]
    if len(regions) != args.regions:
        failures.append("expected %d region charts, found %d" % (args.regions, len(regions)))
    failures += ["region %d has %d bars, expected %d" % (k, len(chart), args.threads)
                 for k, chart in enumerate(regions, 1) if len(chart) != args.threads]
    lengths = [chart[0]["x1"] - chart[0]["x0"] for chart in regions]
    if lengths and abs(lengths[0] - BAR_WIDTH) > 3:
        failures.append("the longest region's bars are %d pixels, expected %d" % (lengths[0], BAR_WIDTH))
    if any(later > earlier + 3 for earlier, later in zip(lengths, lengths[1:])):
        failures.append("region bars are not scaled to the regions' time: lengths %s" % lengths)
    if args.waiting_region:
        with open(args.page) as f:
            headings = re.findall(r"<h3>(.*?)</h3>", f.read())
        k = next((n for n, h in enumerate(headings, 1) if re.search(args.waiting_region, h)), 0)
        print("the region at %s is region %d" % (args.waiting_region, k))
        chart = regions[k - 1] if 0 < k <= len(regions) else []
        if not chart:
            failures.append("no chart for the region at %s" % args.waiting_region)
        for i, bar in enumerate(chart):
            expected = "work" if i == 0 else "barrier"
            if mostly(bar) != expected:
                failures.append("region %d: thread %d's bar is mostly %s, expected %s"
                                % (k, i, mostly(bar), expected))
        for i, bar in enumerate(rows[1:], 1):
            if mostly(bar, ignore_idle=True) != "barrier":
                failures.append("timeline row %d is mostly %s (not counting idle), expected barrier"
                                % (i, mostly(bar, ignore_idle=True)))
    for failure in failures:
        print("FAILED: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
