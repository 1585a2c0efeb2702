#!/usr/bin/env python3
"""truncate-core.py CORE OUT heap|anon: a truncated copy of a gdb-made core file.

gcore writes the notes (registers, thread list) at the end of the file, so
`head -c` of it is no core file at all. A kernel writes them first. This lays
the core out with the notes first (as a kernel does), then the memory, and
keeps a prefix of the result, as a dump cut short by a full disk or a core
size limit would:
  heap  everything but the program's malloc heap (the anonymous mapping right
        after the executable), which goes last and is cut: the threads and the
        library list survive, the runtime's heap-allocated state does not;
  anon  only the notes and the file-backed mappings: the dynamic linker's
        library list (in its anonymous memory) is lost too.
"""
import struct
import sys

src, out, mode = sys.argv[1], sys.argv[2], sys.argv[3]
data = open(src, "rb").read()
phoff, = struct.unpack_from("<Q", data, 32)
phentsize, phnum = struct.unpack_from("<HH", data, 54)
PT_NOTE, NT_FILE = 4, 0x46494C45


class Segment:
    def __init__(self, at):
        self.at = at
        self.type, _, self.offset, self.vaddr, _, self.filesz, self.memsz = \
            struct.unpack_from("<IIQQQQQ", data, at)


segments = [Segment(phoff + i * phentsize) for i in range(phnum)]


def file_mappings():
    """[(start, end)] of the file-backed mappings, from the NT_FILE note; the
    executable's come first."""
    maps = []
    for seg in segments:
        if seg.type != PT_NOTE:
            continue
        pos, end = seg.offset, seg.offset + seg.filesz
        while pos + 12 <= end:
            namesz, descsz, n_type = struct.unpack_from("<III", data, pos)
            desc = pos + 12 + (namesz + 3) // 4 * 4
            if n_type == NT_FILE:      # count, page size, then (start, end, offset)...
                count, = struct.unpack_from("<Q", data, desc)
                for i in range(count):
                    maps.append(struct.unpack_from("<QQ", data, desc + 16 + 24 * i))
            pos = desc + (descsz + 3) // 4 * 4
    return maps


maps = file_mappings()
backed = {start for start, end in maps}
# The executable is mapped first; its brk heap starts where its last mapping ends.
exe_end = max(end for start, end in maps if start < maps[0][0] + 0x10000000) if maps else None


def rank(seg):
    if seg.type == PT_NOTE:
        return 0
    if seg.vaddr in backed:
        return 1
    if mode == "heap":
        return 3 if seg.vaddr == exe_end else 1
    return 2


header = bytearray(data[:phoff + phnum * phentsize])
struct.pack_into("<Q", header, 40, 0)          # e_shoff: no section headers
struct.pack_into("<HHH", header, 58, 0, 0, 0)  # e_shentsize, e_shnum, e_shstrndx
body = bytearray()
cut = None
for seg in sorted(segments, key=rank):
    if cut is None and rank(seg) >= 2:
        cut = len(header) + len(body)
    struct.pack_into("<Q", header, seg.at + 8, len(header) + len(body))
    body += data[seg.offset:seg.offset + seg.filesz]
if cut is None:
    sys.exit("truncate-core.py: nothing to cut (no %s segment)" % mode)
open(out, "wb").write(bytes(header + body)[:cut])
