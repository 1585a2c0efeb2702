# Compares the ICVs that LLVM's gdb OMPD plugin (`ompd icvs`) and Glass's gdb
# extension (`glass debug`, `ompd icvs`) show for the same thread: every ICV
# both list must have the same value. Usage: compare-icvs.py PLUGIN GLASS
import re
import sys


def table(path, pattern):
    rows = {}
    with open(path) as f:
        for line in f:
            m = re.match(pattern, line.rstrip("\n"))
            if m:
                rows[m.group(1)] = m.group(3).strip().strip('"')
    return rows


plugin = table(sys.argv[1], r"^([a-z][a-z-]*-var) +(address_space|thread|parallel|task) +(.*)$")
glass = table(sys.argv[2], r"^  ([a-z][a-z-]*-var) +(address space|thread|parallel|task|implicit task) +(.*)$")
common = sorted(set(plugin) & set(glass))
bad = [n for n in common if plugin[n] != glass[n]]
for n in bad:
    print("DIFFER %s: plugin %r, glass debug %r" % (n, plugin[n], glass[n]))
print("ICVs both show: %d, differing: %d" % (len(common), len(bad)))
