"""Loads HTML pages in one headless Chromium and writes, for each PAGE=PREFIX:

  PREFIX.problems  what went wrong while loading, one line each (empty when
                   nothing did): script exceptions, console messages, browser
                   log errors and warnings, failed loads, a failed navigation
  PREFIX.dom.html  the DOM as the browser built it (its serialization)
  PREFIX.layout.json  where the browser put each svg and its texts and rects
  PREFIX.png       a screenshot of the whole page (device scale factor 1)

Usage: load-page.py --user-data-dir DIR [--width PX] [--timeout S] PAGE=PREFIX...
Exits 1 with a message when the browser fails or does not answer within the
timeout (all pages together); problems in a page are for the caller to judge."""
import argparse
import base64
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from cdp_pipe import Browser, BrowserError

# Runs in the page once it has loaded: the geometry the layout check needs.
LAYOUT_SCRIPT = """(() => {
  const box = e => { const r = e.getBoundingClientRect();
                     return [r.left + scrollX, r.top + scrollY, r.right + scrollX, r.bottom + scrollY]; };
  const group = e => e.closest('g');
  return JSON.stringify({
    title: document.title,
    mode: document.compatMode,
    viewport_width: innerWidth,
    page_width: document.documentElement.scrollWidth,
    svgs: [...document.querySelectorAll('svg')].map(s => ({
      id: s.id, class: s.getAttribute('class'), box: box(s),
      items: [...s.querySelectorAll('text, rect')].map(e => ({
        tag: e.tagName, class: e.getAttribute('class'), box: box(e),
        text: e.tagName === 'text' ? e.textContent : null,
        group: group(e) ? group(e).getAttribute('class') : null,
        thread: group(e) ? group(e).getAttribute('data-thread') : null }))}))});
})()"""


def problems_in(events):
    lines = []
    for event in events:
        method, params = event["method"], event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            lines.append("script exception: %s (%s:%s)" % (text, details.get("url", "?"), details.get("lineNumber")))
        elif method == "Runtime.consoleAPICalled":
            args = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
            lines.append("console.%s: %s" % (params.get("type"), args))
        elif method == "Log.entryAdded" and params["entry"].get("level") in ("error", "warning"):
            entry = params["entry"]
            lines.append("browser %s: %s %s" % (entry["level"], entry.get("text"), entry.get("url", "")))
        elif method == "Network.loadingFailed":
            lines.append("failed load: %s (%s)" % (params.get("errorText"), params.get("type")))
        elif method == "Inspector.targetCrashed":
            lines.append("the page's renderer crashed")
    return lines


def evaluate(browser, expression, session):
    answer = browser.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
    if "exceptionDetails" in answer or "value" not in answer.get("result", {}):
        raise BrowserError("evaluating %r.. in the page failed: %s"
                           % (expression[:40], answer.get("exceptionDetails", {}).get("text", answer)))
    return answer["result"]["value"]


def load(browser, page, prefix, width):
    target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Runtime", "Log", "Network", "Page", "Inspector"):
        browser.call(domain + ".enable", session=session)
    browser.call("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": False}, session)
    url = "file://" + os.path.abspath(page)
    navigation = browser.call("Page.navigate", {"url": url}, session)
    problems = []
    if navigation.get("errorText"):
        problems.append("navigation to %s failed: %s" % (url, navigation["errorText"]))
    else:
        browser.wait_event("Page.loadEventFired", session)
    size = browser.call("Page.getLayoutMetrics", session=session)["cssContentSize"]
    shot = browser.call("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}}, session)
    dom = evaluate(browser, "document.documentElement.outerHTML", session)
    layout = evaluate(browser, LAYOUT_SCRIPT, session)
    browser.call("Target.closeTarget", {"targetId": target})
    problems += problems_in(e for e in browser.events if e.get("sessionId") == session)
    with open(prefix + ".problems", "w") as out:
        out.writelines(line + "\n" for line in problems)
    with open(prefix + ".dom.html", "w") as out:
        out.write(dom)
    with open(prefix + ".layout.json", "w") as out:
        out.write(layout)
    with open(prefix + ".png", "wb") as out:
        out.write(base64.b64decode(shot["data"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--user-data-dir", required=True, help="a throwaway browser profile directory")
    parser.add_argument("--width", type=int, default=1280, help="viewport width in CSS pixels")
    parser.add_argument("--timeout", type=float, default=60, help="seconds for the whole run")
    parser.add_argument("pages", nargs="+", metavar="PAGE=PREFIX")
    args = parser.parse_args()
    jobs = []
    for job in args.pages:
        page, sep, prefix = job.partition("=")
        if not sep or not page or not prefix:
            sys.exit("load-page.py: %r is not PAGE=PREFIX" % job)
        if not os.path.isfile(page):
            sys.exit("load-page.py: no page at %s" % page)
        jobs.append((page, prefix))
    os.makedirs(args.user_data_dir, exist_ok=True)
    log = os.path.join(args.user_data_dir, "browser.log")
    try:
        browser = Browser(args.user_data_dir, log, args.timeout)
    except BrowserError as e:
        sys.exit("load-page.py: %s" % e)
    try:
        for page, prefix in jobs:
            load(browser, page, prefix, args.width)
    except BrowserError as e:
        sys.exit("load-page.py: %s (the browser's log: %s)" % (e, log))
    finally:
        browser.close()


if __name__ == "__main__":
    main()
