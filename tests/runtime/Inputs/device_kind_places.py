"""The seams of the device layer, read from the sources.

1. The core never includes the device layer (src/core/ -> src/device/ is
   forbidden; the device layer may call the core).
2. Every device kind (a `const struct glass_device_kind glass_X_device_kind`
   definition) is named, in the runtime's sources and build, only by its own
   file and the table of kinds, src/device/device_kinds.c; device.h names
   none.
3. The test-only mock kind is named only in the places docs/architecture.md
   lists under "Adding a device kind".
Prints each violation and exits 1, else prints "places ok".
"""
import os
import re
import sys

root = sys.argv[1]
errors = []


def rel(path):
    return os.path.relpath(path, root)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def files_under(*tops):
    for top in tops:
        top = os.path.join(root, top)
        if os.path.isfile(top):
            yield top
            continue
        for dirpath, _, names in os.walk(top):
            for name in sorted(names):
                if name.endswith((".c", ".h", ".txt", ".cmake", ".in", ".py", ".map")):
                    yield os.path.join(dirpath, name)


# The runtime's sources and build, and the test configuration.
watched = sorted(set(rel(p) for p in files_under("src", "include", "cmake", "CMakeLists.txt",
                                                 "tests/lit.cfg.py")))
text = {p: read(os.path.join(root, p)) for p in watched}

# 1. The core includes nothing from the device layer.
for path in watched:
    if path.startswith("src/core/"):
        for line in text[path].splitlines():
            if re.match(r'\s*#\s*include\s*"[^"]*device/', line):
                errors.append("%s includes the device layer: %s" % (path, line.strip()))

# 2. Each kind is named only by its own file and the table.
definition = re.compile(r"const\s+struct\s+glass_device_kind\s+(glass_\w+_device_kind)\s*=")
kinds = {}
for path in list(watched) + [rel(p) for p in files_under("tests/runtime/Inputs")]:
    body = text.get(path) or read(os.path.join(root, path))
    for name in definition.findall(body):
        kinds[name] = path
if len(kinds) < 3:
    errors.append("expected the NVIDIA, host and mock kinds, found %s" % sorted(kinds))
for name, home in sorted(kinds.items()):
    for path in watched:
        if re.search(r"\b%s\b" % name, text[path]) and path not in (home, "src/device/device_kinds.c"):
            errors.append("%s names the kind %s (only %s and src/device/device_kinds.c may)" % (path, name, home))

# 3. The mock kind touches only the places the architecture lists.
doc = read(os.path.join(root, "docs/architecture.md"))
section = re.search(r"^### Adding a device kind\n(.*?)(?=^#)", doc, re.M | re.S)
if not section:
    errors.append('docs/architecture.md has no "### Adding a device kind" section')
    listed = set()
else:
    listed = set(re.findall(r"^- `([^`]+)`", section.group(1), re.M))
mock = re.compile(r"mock_device_kind|GLASS_MOCK_DEVICE|mock-device-kind|mock-kind|GLASS_MOCK_DEVICES")
for path in watched:
    if mock.search(text[path]) and path not in listed:
        errors.append("%s names the mock kind but is not listed under \"Adding a device kind\"" % path)
for path in listed:
    if "<" not in path and not os.path.exists(os.path.join(root, path)):
        errors.append("docs/architecture.md lists %s, which does not exist" % path)

for e in errors:
    print("error:", e)
if errors:
    sys.exit(1)
print("places ok: %d kinds, %d places listed" % (len(kinds), len(listed)))
