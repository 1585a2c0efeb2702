"""Checks a `glass profile --html` page as the browser built and laid it out
(load-page.py's PREFIX.dom.html and PREFIX.layout.json), so a page the parser
had to repair, or one drawn on top of itself, fails.

Usage: check-profile-dom.py PREFIX --threads N --regions M

The DOM: one svg#timeline with N g.thread-row (data-thread 0..N-1), each a
"thread I" label and an idle background rect under its activity rects; M
h3 region headings, each followed by an svg.region-bars with N g.bar, each a
label and one rect per activity (work, barrier, lock, task, idle); nothing
that loads anything (no script, img, link, iframe, object, embed, src or href).
The layout: standards mode (the doctype was seen), the page no wider than the
window, every text and rect inside its svg, no label overlapping a bar or
another label, and the timeline's time labels under the times they name. Prints what it found; exits 1, naming each mismatch."""
import argparse
import html.parser
import json
import sys

ACTIVITIES = ("work", "barrier", "lock", "task", "idle")
FETCHING_TAGS = ("script", "img", "link", "iframe", "object", "embed")


class Page(html.parser.HTMLParser):
    """The svgs, their groups and the groups' texts and rects, in order."""

    def __init__(self):
        super().__init__()
        self.svgs, self.h3s, self.fetching = [], 0, []
        self.group = None
        self.text = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in FETCHING_TAGS or "src" in attrs or "href" in attrs:
            self.fetching.append(tag)
        if tag == "h3":
            self.h3s += 1
        elif tag == "svg":
            self.svgs.append({"id": attrs.get("id"), "class": attrs.get("class"), "groups": []})
        elif tag == "g" and self.svgs:
            self.group = {"class": attrs.get("class"), "thread": attrs.get("data-thread"), "texts": [], "rects": []}
            self.svgs[-1]["groups"].append(self.group)
        elif tag == "rect" and self.group is not None:
            self.group["rects"].append(attrs.get("class"))
        elif tag == "text" and self.group is not None:
            self.text = ""

    def handle_data(self, data):
        if self.text is not None:
            self.text += data

    def handle_endtag(self, tag):
        if tag == "text" and self.text is not None:
            self.group["texts"].append(self.text)
            self.text = None
        elif tag in ("g", "svg"):
            self.group = None


def structure_failures(page, threads, regions):
    failures = []
    if page.fetching:
        failures.append("elements that load something: %s" % ", ".join(page.fetching))
    timelines = [s for s in page.svgs if s["id"] == "timeline"]
    charts = [s for s in page.svgs if s["class"] == "region-bars"]
    if len(timelines) != 1:
        return failures + ["expected one svg#timeline, found %d" % len(timelines)]
    rows = [g for g in timelines[0]["groups"] if g["class"] == "thread-row"]
    print("timeline rows: %d" % len(rows))
    if [g["thread"] for g in rows] != [str(i) for i in range(threads)]:
        failures.append("timeline rows for threads %s, expected 0..%d" % ([g["thread"] for g in rows], threads - 1))
    for g in rows:
        if len(g["texts"]) != 1 or not g["texts"][0].startswith("thread %s" % g["thread"]):
            failures.append("timeline row %s is labelled %r" % (g["thread"], g["texts"]))
        if not g["rects"] or g["rects"][0] != "idle" or not set(g["rects"]) <= set(ACTIVITIES):
            failures.append("timeline row %s has rects %s" % (g["thread"], g["rects"]))
    print("region headings: %d, region charts: %d, bars: %s"
          % (page.h3s, len(charts), " ".join(str(len(c["groups"])) for c in charts)))
    if page.h3s != regions or len(charts) != regions:
        failures.append("expected %d regions, found %d headings and %d charts" % (regions, page.h3s, len(charts)))
    for k, chart in enumerate(charts, 1):
        bars = [g for g in chart["groups"] if g["class"] == "bar"]
        if [g["thread"] for g in bars] != [str(i) for i in range(threads)]:
            failures.append("region %d has bars for threads %s, expected 0..%d"
                            % (k, [g["thread"] for g in bars], threads - 1))
        for g in bars:
            if tuple(g["rects"]) != ACTIVITIES or g["texts"] != ["thread %s" % g["thread"]]:
                failures.append("region %d, thread %s: rects %s, label %r" % (k, g["thread"], g["rects"], g["texts"]))
    return failures


def overlap(a, b):
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def inside(inner, outer):
    return (inner[0] >= outer[0] - 0.5 and inner[1] >= outer[1] - 0.5 and inner[2] <= outer[2] + 0.5
            and inner[3] <= outer[3] + 0.5)


def layout_failures(layout):
    failures = []
    if layout["mode"] != "CSS1Compat":
        failures.append("the page is in %s, not standards mode: no doctype?" % layout["mode"])
    if layout["page_width"] > layout["viewport_width"]:
        failures.append("the page is %dpx wide in a %dpx window" % (layout["page_width"], layout["viewport_width"]))
    for svg in layout["svgs"]:
        name = "svg#%s" % svg["id"] if svg["id"] else "svg.%s" % svg["class"]
        texts = [e for e in svg["items"] if e["tag"] == "text"]
        rects = [e for e in svg["items"] if e["tag"] == "rect"]
        for e in svg["items"]:
            if not inside(e["box"], svg["box"]):
                failures.append("%s: %s %s at %s is outside the svg (%s)"
                                % (name, e["tag"], e["text"] or e["class"], e["box"], svg["box"]))
        for i, t in enumerate(texts):
            for r in rects:
                if overlap(t["box"], r["box"]):
                    failures.append("%s: text %r overlaps a rect (%s)" % (name, t["text"], r["class"]))
                    break
            for u in texts[i + 1:]:
                if overlap(t["box"], u["box"]):
                    failures.append("%s: texts %r and %r overlap" % (name, t["text"], u["text"]))
        if svg["id"] == "timeline":
            failures += axis_failures(svg)
    return failures


def axis_failures(timeline):
    """The time labels under the rows (texts outside a row's group) are evenly
    spread from the rows' left end to their right end: the first starts at
    the left end, the last ends at the right end, the others centre on their
    point, so each label names the time drawn above it."""
    backgrounds = [e["box"] for e in timeline["items"] if e["tag"] == "rect" and e["class"] == "idle"]
    ticks = [e["box"] for e in timeline["items"] if e["tag"] == "text" and e["group"] is None]
    if not backgrounds or len(ticks) < 2:
        return ["the timeline has %d rows and %d time labels" % (len(backgrounds), len(ticks))]
    left, right = backgrounds[0][0], backgrounds[0][2]
    failures = []
    for i, box in enumerate(ticks):
        want = left + (right - left) * i / (len(ticks) - 1)
        at = box[0] if i == 0 else box[2] if i == len(ticks) - 1 else (box[0] + box[2]) / 2
        if abs(at - want) > 1.5:
            failures.append("time label %d of %d is at x=%.1f, its time is drawn at x=%.1f" % (i, len(ticks), at, want))
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefix")
    parser.add_argument("--threads", type=int, required=True)
    parser.add_argument("--regions", type=int, required=True)
    args = parser.parse_args()
    try:
        with open(args.prefix + ".dom.html") as f:
            dom = f.read()
        with open(args.prefix + ".layout.json") as f:
            layout = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit("check-profile-dom.py: %s" % e)
    print("title: %s" % layout["title"])
    page = Page()
    page.feed(dom)
    page.close()
    failures = structure_failures(page, args.threads, args.regions)
    if not layout["title"].startswith("glass profile"):
        failures.append("the title is %r: not the profile page" % layout["title"])
    failures += layout_failures(layout)
    for failure in failures:
        print("FAILED: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
