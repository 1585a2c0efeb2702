#!/usr/bin/env python3
"""Checks the streams libomp-diff.sh wrote against the explained differences
between Glass and libomp 19 (libomp-diff-allowed.txt, each naming its row in
docs/ompt-libomp19-differences.md).

Usage: libomp-diff-check.py ALLOWLIST OUT_DIR CONSTRUCT...

Each allowlist stanza rewrites one side's normalized stream (the libomp 19
one, or Glass's) for some constructs and compilers: a regular expression
over the whole stream (multi-line: ^ and $ match at each line) and what
replaces it; its row must be a row of the document's table. After every stanza that applies has rewritten both sides, ids
are named again in order of first appearance (a rewrite may move events),
and the two streams must be equal. Prints "CONSTRUCT (COMPILER): same" or
the remaining diff; also fails when a stanza changed nothing in any stream
(a difference that went away: its stanza and the document's row go too),
unless the stanza says `optional: WHY` (libomp 19 shows that difference in
some runs only), or when the allowlist cannot be read. Exit status 0 only when all is well."""
import difflib
import os
import re
import sys

COMPILERS = ("clang", "gcc")
SIDES = ("libomp", "glass")
KEYS = ("row", "constructs", "compilers", "side", "match", "replace", "optional")
REQUIRED = KEYS[:-1]


def fail(message):
    print("libomp-diff-check: " + message)
    sys.exit(2)


def read_allowlist(path):
    """Stanzas of "key: value" lines, separated by blank lines; # comments."""
    stanzas, current = [], {}
    try:
        lines = open(path).read().split("\n")
    except OSError as error:
        fail("cannot read %s: %s" % (path, error.strerror))
    for number, line in enumerate(lines + [""], 1):
        if line.startswith("#"):
            continue
        if not line.strip():
            if current:
                stanzas.append(check_stanza(path, current))
                current = {}
            continue
        key, sep, value = line.partition(": ")
        if not sep and line.endswith(":"):
            key, value = line[:-1], ""
        elif not sep:
            fail("%s:%d: not a \"key: value\" line: %s" % (path, number, line))
        if key not in KEYS:
            fail("%s:%d: unknown key %r (one of %s)" % (path, number, key, ", ".join(KEYS)))
        if key in current:
            fail("%s:%d: %s given twice in one stanza" % (path, number, key))
        current[key] = value
        current.setdefault("line", number)
    return stanzas


def check_stanza(path, stanza):
    where = "%s:%d" % (path, stanza["line"])
    for key in REQUIRED:
        if key not in stanza:
            fail("%s: the stanza has no %s" % (where, key))
    stanza["constructs"] = stanza["constructs"].split()
    stanza["compilers"] = stanza["compilers"].split()
    for compiler in stanza["compilers"]:
        if compiler not in COMPILERS:
            fail("%s: unknown compiler %r (one of %s)" % (where, compiler, ", ".join(COMPILERS)))
    if stanza["side"] not in SIDES:
        fail("%s: unknown side %r (one of %s)" % (where, stanza["side"], ", ".join(SIDES)))
    try:
        stanza["regex"] = re.compile(stanza["match"], re.MULTILINE)
    except re.error as error:
        fail("%s: bad regular expression: %s" % (where, error))
    stanza["where"] = where
    stanza["used"] = False
    return stanza


def rename(text):
    """Names ids again in order of first appearance (I, W, A names)."""
    names = {}

    def new_name(match):
        kind = match.group(1)
        if match.group(0) not in names:
            names[match.group(0)] = "%s%d" % (kind, sum(1 for n in names.values() if n[0] == kind) + 1)
        return names[match.group(0)]
    return re.sub(r"\b([IWA])\d+\b", new_name, text)


def rewrite(text, stanzas, construct, compiler, side):
    for stanza in stanzas:
        if stanza["side"] != side or compiler not in stanza["compilers"]:
            continue
        if construct not in stanza["constructs"] and "*" not in stanza["constructs"]:
            continue
        try:
            changed = stanza["regex"].sub(stanza["replace"], text)
        except re.error as error:
            fail("%s: bad replacement: %s" % (stanza["where"], error))
        if changed != text:
            stanza["used"] = True
        text = changed
    return rename(text)


def read_stream(path):
    try:
        return open(path).read()
    except OSError as error:
        fail("cannot read %s: %s" % (path, error.strerror))


def main():
    if len(sys.argv) < 4:
        fail("usage: libomp-diff-check.py ALLOWLIST OUT_DIR CONSTRUCT...")
    stanzas = read_allowlist(sys.argv[1])
    doc_path = os.path.join(os.path.dirname(os.path.abspath(sys.argv[1])), "..", "..", "docs",
                            "ompt-libomp19-differences.md")
    doc = read_stream(doc_path)
    for stanza in stanzas:
        if "| %s |" % stanza["row"] not in doc:
            fail("%s: row %s is not in %s" % (stanza["where"], stanza["row"], os.path.normpath(doc_path)))
    out = sys.argv[2]
    status = 0
    for construct in sys.argv[3:]:
        reference = read_stream("%s/%s.libomp19" % (out, construct))
        for compiler in COMPILERS:
            glass = read_stream("%s/%s.glass-%s" % (out, construct, compiler))
            expected = rewrite(reference, stanzas, construct, compiler, "libomp")
            actual = rewrite(glass, stanzas, construct, compiler, "glass")
            if expected == actual:
                print("%s (%s): same" % (construct, compiler))
                continue
            status = 1
            print("%s (%s): a difference not in the allowlist (- libomp 19, + Glass, after the allowlist):"
                  % (construct, compiler))
            sys.stdout.writelines(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                                       "libomp19", "glass-" + compiler))
    checked = set(sys.argv[3:])
    for stanza in stanzas:
        complete = "*" in stanza["constructs"] or set(stanza["constructs"]) <= checked
        if complete and not stanza["used"] and "optional" not in stanza:
            status = 1
            print("%s: row %s changed no stream: the difference is gone; remove the stanza and update the row"
                  % (stanza["where"], stanza["row"]))
    sys.exit(status)


main()
