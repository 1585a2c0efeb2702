"""A small PNG decoder (standard library only) for the screenshots a headless
browser writes: 8-bit greyscale, RGB, palette, grey+alpha or RGBA, not
interlaced. decode(path) returns (width, height, rows), each row a list of
(r, g, b) tuples; alpha is dropped, as a screenshot's is opaque."""
import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # by colour type


class PNGError(Exception):
    pass


def chunks(data):
    if not data.startswith(SIGNATURE):
        raise PNGError("not a PNG file (bad signature)")
    at = len(SIGNATURE)
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        crc = data[at + 8 + length:at + 12 + length]
        if len(body) != length or len(crc) != 4:
            raise PNGError("truncated %r chunk" % kind)
        if zlib.crc32(kind + body) != struct.unpack(">I", crc)[0]:
            raise PNGError("bad CRC in the %r chunk" % kind)
        yield kind, body
        if kind == b"IEND":
            return
        at += 12 + length
    raise PNGError("no IEND chunk: the file is truncated")


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def add_bytes(a, b):
    """a[i] + b[i] modulo 256 for every byte at once, on two big integers: the
    low 7 bits of each byte add without reaching the next byte, and the top
    bit is their carry xor both top bits. (The Up filter, most rows of a
    screenshot, is this sum; a loop per byte takes seconds per image.)"""
    n = len(a)
    low, high = int.from_bytes(b"\x7f" * n, "big"), int.from_bytes(b"\x80" * n, "big")
    x, y = int.from_bytes(a, "big"), int.from_bytes(b, "big")
    return bytearray((((x & low) + (y & low)) ^ ((x ^ y) & high)).to_bytes(n, "big"))


def unfilter(raw, height, stride, bpp):
    """Undoes the per-row filters (PNG spec section 9) into one bytearray per row."""
    rows, previous, at = [], bytearray(stride), 0
    for y in range(height):
        kind = raw[at]
        row = bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        if len(row) != stride:
            raise PNGError("image data ends at row %d of %d" % (y, height))
        if kind == 1:
            for i in range(bpp, stride):
                row[i] = (row[i] + row[i - bpp]) & 0xFF
        elif kind == 2:
            row = add_bytes(row, previous)
        elif kind == 3:
            for i in range(stride):
                left = row[i - bpp] if i >= bpp else 0
                row[i] = (row[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                left = row[i - bpp] if i >= bpp else 0
                up_left = previous[i - bpp] if i >= bpp else 0
                row[i] = (row[i] + paeth(left, previous[i], up_left)) & 0xFF
        elif kind != 0:
            raise PNGError("unknown filter type %d in row %d" % (kind, y))
        rows.append(row)
        previous = row
    return rows


def decode(path):
    with open(path, "rb") as f:
        data = f.read()
    header, palette, idat = None, None, []
    for kind, body in chunks(data):
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = [tuple(body[i:i + 3]) for i in range(0, len(body) - 2, 3)]
        elif kind == b"IDAT":
            idat.append(body)
    if header is None:
        raise PNGError("no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    if colour not in CHANNELS:
        raise PNGError("unknown colour type %d" % colour)
    if depth != 8:
        raise PNGError("bit depth %d: only 8-bit images are read" % depth)
    if interlace:
        raise PNGError("interlaced images are not read")
    if colour == 3 and palette is None:
        raise PNGError("palette image without a PLTE chunk")
    bpp = CHANNELS[colour]
    try:
        raw = zlib.decompress(b"".join(idat))
    except zlib.error as e:
        raise PNGError("image data does not inflate: %s" % e)
    pixels = []
    for row in unfilter(raw, height, width * bpp, bpp):
        if colour in (0, 4):
            pixels.append([(v, v, v) for v in row[::bpp]])
        elif colour == 3:
            if max(row) >= len(palette):
                raise PNGError("palette index %d past the palette's %d entries" % (max(row), len(palette)))
            pixels.append([palette[i] for i in row])
        else:
            pixels.append(list(zip(row[0::bpp], row[1::bpp], row[2::bpp])))
    return width, height, pixels
