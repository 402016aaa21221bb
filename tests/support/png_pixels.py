#!/usr/bin/env python3
"""png_pixels.py - count the pixels of given colours in a PNG (a browser's
screenshot), with the Python standard library only (zlib).

    png_pixels.py FILE.png X0 Y0 X1 Y1 RRGGBB [RRGGBB...]

Prints "WIDTH HEIGHT" then, for each colour, the number of pixels of the
rectangle [X0, X1) x [Y0, Y1) within 6 of it on every channel (anti-aliased
edges aside, a filled shape is its colour), then the pixels of the
rectangle that are not the page's background (#fbf8ef).  8-bit RGB, RGBA,
grey and grey+alpha, not interlaced.
"""
import struct
import sys
import zlib

BACKGROUND = (0xfb, 0xf8, 0xef)


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit("not a PNG: " + path)
    pos, idat, head = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    w, h, depth, ctype, _, _, interlace = head
    if depth != 8 or interlace or ctype not in (0, 2, 4, 6):
        raise SystemExit("unsupported PNG: depth %d, colour type %d, interlace %d" % (depth, ctype, interlace))
    bpp = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows


def main():
    path, x0, y0, x1, y1 = sys.argv[1], *map(int, sys.argv[2:6])
    colours = [tuple(int(c[i:i + 2], 16) for i in (0, 2, 4)) for c in sys.argv[6:]]
    w, h, bpp, rows = read_png(path)
    counts, other = [0] * len(colours), 0
    for y in range(max(0, y0), min(h, y1)):
        line = rows[y]
        for x in range(max(0, x0), min(w, x1)):
            px = tuple(line[x * bpp:x * bpp + 3]) if bpp >= 3 else (line[x * bpp],) * 3
            for k, c in enumerate(colours):
                if abs(px[0] - c[0]) <= 6 and abs(px[1] - c[1]) <= 6 and abs(px[2] - c[2]) <= 6:
                    counts[k] += 1
            other += px != BACKGROUND
    print(w, h)
    print(" ".join(map(str, counts)), other)


main()
