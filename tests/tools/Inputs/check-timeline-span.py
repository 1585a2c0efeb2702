"""Reads the SVG timeline of a `glass profile --html` page and says how much of
the run each thread's row covers: the first and last pixel column drawn with
an activity (work, barrier, lock, task), as a share of the timeline's width,
and how many columns show explicit tasks in each quarter of it.

Usage: check-timeline-span.py PAGE [--drawn-until PERCENT] [--tasks-until PERCENT]

PERCENT counts from the start of the run to the end of the last parallel
region drawn in the timeline's region lane (after it, the program runs
serially and exits, which a loaded machine can stretch). With --drawn-until,
every row must show activity at or after PERCENT of that; with --tasks-until,
some row must show tasks at or after PERCENT: a timeline that stops early
(keeps only its first changes) fails.
Exits 1, naming the failure."""
import argparse
import re
import sys

LABEL_WIDTH, TIMELINE_WIDTH = 110, 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page")
    parser.add_argument("--tasks-until", type=float)
    parser.add_argument("--drawn-until", type=float)
    args = parser.parse_args()
    with open(args.page) as f:
        page = f.read()
    timeline = re.search(r'<svg id="timeline".*?</svg>', page, re.S)
    if not timeline:
        sys.exit("check-timeline-span.py: %s has no timeline" % args.page)
    lane = [int(x) + int(w) - LABEL_WIDTH for x, w in
            re.findall(r'<rect class="region" style="[^"]*" x="(\d+)" y="\d+" width="(\d+)"', timeline.group(0))]
    span = max(lane) if lane else TIMELINE_WIDTH
    print("the regions end at %.0f%% of the timeline" % (100.0 * span / TIMELINE_WIDTH))
    latest_task = -1.0
    failures = []
    rows = re.findall(r'<g class="thread-row" data-thread="(\d+)">(.*?)</g>', timeline.group(0), re.S)
    for thread, row in rows:
        spans = [(cls, int(x) - LABEL_WIDTH, int(w)) for cls, x, w in
                 re.findall(r'<rect class="(work|barrier|lock|task)" x="(\d+)" y="\d+" width="(\d+)"', row)]
        if not spans:
            print("thread %s: nothing drawn" % thread)
            continue
        first = min(x for _, x, _ in spans)
        last = max(x + w for _, x, w in spans)
        quarters = [0, 0, 0, 0]
        for cls, x, w in spans:
            if cls != "task":
                continue
            for column in range(x, x + w):
                quarters[min(3, column * 4 // TIMELINE_WIDTH)] += 1
            latest_task = max(latest_task, 100.0 * (x + w) / span)
        if args.drawn_until is not None and 100.0 * last / span < args.drawn_until:
            failures.append("thread %s is drawn only until %.0f%% of the regions' time" % (thread, 100.0 * last / span))
        print("thread %s: drawn from %.0f%% to %.0f%% of the regions' time; task columns by quarter: %s"
              % (thread, 100.0 * first / span, 100.0 * last / span,
                 " ".join(str(q) for q in quarters)))
    if not rows:
        failures.append("the timeline has no thread rows")
    if args.tasks_until is not None and latest_task < args.tasks_until:
        failures.append("tasks are drawn only until %.0f%% of the regions' time, expected until %.0f%% or later"
                        % (latest_task, args.tasks_until))
    if "are not drawn" in page:
        failures.append("the page says part of the timeline is not drawn")
    for failure in failures:
        print("FAILED: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
