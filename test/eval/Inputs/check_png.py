"""Checks that each argument is a PNG image of at least 300x200 pixels (reads the IHDR chunk)."""
import struct
import sys

bad = 0
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        print("check_png: %s: not a PNG" % path)
        bad += 1
        continue
    w, h = struct.unpack(">II", head[16:24])
    print("check_png: %s %s" % (path.rsplit("/", 1)[-1], "ok" if w >= 300 and h >= 200 else "too small"))
    bad += w < 300 or h < 200
sys.exit(1 if bad else 0)
