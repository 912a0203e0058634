#!/usr/bin/env bash
# fscript inspect: the page's first paint already shows the app. `chromium --headless --screenshot` takes its
# picture at the page's load event, before any long poll could answer; the screenshot of the page against the demo
# app must show the app's picture (non-white pixels in the column where it sits), not an empty frame.
source "$(dirname "$0")/common.sh"
command -v chromium >/dev/null || fatal "chromium is missing (apt-get install chromium)"
work="$(mktemp -d)"
trap 'cleanup_servers; rm -rf "$work"' EXIT

start_server inspect inspect --port 0
inspector="$(grep -o 'http://[0-9.]*:[0-9]*/' "$work/inspect.out" | head -n 1)"
timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,900 \
  --screenshot="$work/page.png" "$inspector" >/dev/null 2>"$work/chrome.err" ||
  fatal "chromium took no screenshot within 60 s: $(tail -n 5 "$work/chrome.err")"

# The picture sits in the left column below the header (x < 400, y >= 40 at 1400 × 900). The page before its state
# arrives leaves that column white but for a broken-image icon and a hint, about 3,000 pixels; the demo app's
# login screen (its navigation bar alone is 375 × 60 of grey) is well over 20,000.
/usr/bin/python3 - "$work/page.png" <<'PY' || fatal "the inspector's first paint has no picture of the app"
import struct, sys, zlib

def rows(path):
    """The PNG's rows as bytes (8-bit RGB or RGBA, not interlaced: what Chromium writes)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("the screenshot is not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", data[pos + 8:pos + 8 + length])
        elif kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        sys.exit(f"unexpected PNG format {header}")
    channels = 4 if color == 6 else 3
    raw, stride, prev, out = zlib.decompress(idat), width * channels, bytearray(width * channels), []
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], (prev[i - channels] if i >= channels else 0)
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out.append(line)
        prev = line
    return width, channels, out

width, channels, lines = rows(sys.argv[1])
painted = sum(1 for line in lines[40:] for x in range(min(400, width))
              if line[x * channels:x * channels + 3] != b"\xff\xff\xff")
if painted < 12000:
    sys.exit(f"the picture column has {painted} non-white pixels; an empty frame has about 3,000, the app over 20,000")
PY
echo "inspect_screenshot_test: ok"
