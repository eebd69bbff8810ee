"""Draw the app icons: img/icon.svg and the PNGs the web app manifest names.

One spade on green felt. The shape is one path of cubic Bézier curves, written to the SVG as is
and rasterised for the PNGs by a small scanline filler (stdlib only: zlib + struct), so the two
always agree. The outputs are committed; run `python3 tools/icons.py` after changing the art.
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

Point = tuple[float, float]

SIZE = 512
FELT = (14, 107, 58)
RAIL = (11, 79, 44)
INK = (244, 241, 232)
# The spade, in a 512 x 512 box: start point, then cubic segments (c1, c2, end).
SPADE_START: Point = (256, 72)
SPADE: list[tuple[Point, Point, Point]] = [
    ((206, 150), (104, 206), (104, 292)),
    ((104, 350), (150, 388), (198, 388)),
    ((222, 388), (238, 378), (247, 366)),
    ((242, 408), (222, 432), (180, 448)),
    ((230, 448), (282, 448), (332, 448)),
    ((290, 432), (270, 408), (265, 366)),
    ((274, 378), (290, 388), (314, 388)),
    ((362, 388), (408, 350), (408, 292)),
    ((408, 206), (306, 150), (256, 72)),
]
CORNER = 96  # radius of the background's rounded corners


def svg() -> str:
    d = f"M{SPADE_START[0]} {SPADE_START[1]}" + "".join(
        f"C{a[0]} {a[1]} {b[0]} {b[1]} {c[0]} {c[1]}" for a, b, c in SPADE
    )
    hexa = "#{:02x}{:02x}{:02x}".format
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}">'
        f'<rect width="{SIZE}" height="{SIZE}" rx="{CORNER}" fill="{hexa(*RAIL)}"/>'
        f'<rect x="24" y="24" width="{SIZE - 48}" height="{SIZE - 48}" rx="{CORNER - 24}" '
        f'fill="{hexa(*FELT)}"/>'
        f'<path d="{d}Z" fill="{hexa(*INK)}"/></svg>\n'
    )


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 24) -> list[Point]:
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        u = 1 - t
        out.append((
            u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
            u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
        ))
    return out


def spade_polygon() -> list[Point]:
    points = [SPADE_START]
    for a, b, c in SPADE:
        points += bezier(points[-1], a, b, c)
    return points


def rounded_rect(x0: float, y0: float, x1: float, y1: float, r: float) -> list[Point]:
    import math

    points: list[Point] = []
    for cx, cy, start in ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90),
                          (x0 + r, y0 + r, 180)):
        for i in range(17):
            a = math.radians(start + 90 * i / 16)
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def coverage(polygon: list[Point], size: int, scale: float, offset: float) -> list[float]:
    """Fraction of each pixel inside the polygon (even-odd), 4 sub-rows per pixel row."""
    pts = [(x * scale + offset, y * scale + offset) for x, y in polygon]
    edges = list(zip(pts, pts[1:] + pts[:1]))
    cover = [0.0] * (size * size)
    sub = 4
    for row in range(size * sub):
        y = (row + 0.5) / sub
        xs = sorted(
            x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            for (x0, y0), (x1, y1) in edges
            if (y0 <= y < y1) or (y1 <= y < y0)
        )
        base = (row // sub) * size
        for left, right in zip(xs[::2], xs[1::2]):
            left, right = max(left, 0.0), min(right, float(size))
            px = int(left)
            while px < right and px < size:
                part = min(right, px + 1) - max(left, px)
                if part > 0:
                    cover[base + px] += part / sub
                px += 1
    return cover


def png(size: int, maskable: bool = False) -> bytes:
    # A maskable icon keeps its art inside the central 80 % circle: shrink the spade, fill edge to edge.
    art = 0.72 if maskable else 1.0
    scale = size / SIZE
    pixels = [RAIL] * (size * size)
    layers: list[tuple[list[float], tuple[int, int, int]]] = []
    if maskable:
        layers.append(([1.0] * (size * size), FELT))
    else:
        layers.append((coverage(rounded_rect(0, 0, SIZE, SIZE, CORNER), size, scale, 0), RAIL))
        layers.append((coverage(rounded_rect(24, 24, SIZE - 24, SIZE - 24, CORNER - 24), size,
                                scale, 0), FELT))
    layers.append((coverage(spade_polygon(), size, scale * art, size * (1 - art) / 2), INK))
    alpha = [0.0] * (size * size)
    for cover, colour in layers:
        for i, c in enumerate(cover):
            if c <= 0:
                continue
            c = min(c, 1.0)
            r, g, b = pixels[i]
            pixels[i] = (round(r + (colour[0] - r) * c), round(g + (colour[1] - g) * c),
                         round(b + (colour[2] - b) * c))
            alpha[i] = max(alpha[i], c)
    raw = bytearray()
    for y in range(size):
        raw.append(0)
        for x in range(size):
            r, g, b = pixels[y * size + x]
            raw += bytes((r, g, b, round(255 * alpha[y * size + x])))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "icon.svg").write_text(svg(), encoding="utf-8")
    (out / "icon-192.png").write_bytes(png(192))
    (out / "icon-512.png").write_bytes(png(512))
    (out / "icon-maskable-512.png").write_bytes(png(512, maskable=True))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "img")
