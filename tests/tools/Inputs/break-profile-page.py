"""Makes a broken copy of a `glass profile --html` page, the control that shows
the browser checks can fail: the last region (heading, line and chart) is
removed, the first timeline label is moved onto its row's bars, and a script
that throws and an image that is not there are added.

Usage: break-profile-page.py PAGE BROKEN"""
import re
import sys

if len(sys.argv) != 3:
    sys.exit("usage: break-profile-page.py PAGE BROKEN")
with open(sys.argv[1]) as f:
    page = f.read()
regions = list(re.finditer(r"<h3>.*?</svg>\n", page, re.S))
label = re.search(r'(<g class="thread-row"[^>]*><text x=")0(")', page)
if not regions or not label:
    sys.exit("break-profile-page.py: %s has no region chart or no timeline label" % sys.argv[1])
last = regions[-1]
page = page[:last.start()] + page[last.end():]
page = page[:label.start()] + label.group(1) + "150" + label.group(2) + page[label.end():]
page = page.replace("</body>", '<img src="no-such-image.png"><script>notAFunction();</script>\n</body>')
with open(sys.argv[2], "w") as f:
    f.write(page)
