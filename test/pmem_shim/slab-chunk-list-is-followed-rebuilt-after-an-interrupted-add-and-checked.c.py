"""Reads or patches the shim header's slab_chunks field (56 bytes after its magic), and with
'show' follows the list through each chunk header's next field (16 bytes in) to count it."""
import struct
import sys

MAGIC = b"PMSHIMv1"
FIELD = 56

cmd, path = sys.argv[1], sys.argv[2]
with open(path, "r+b") as f:
    data = f.read()
    at = data.index(MAGIC) + FIELD
    value, = struct.unpack_from("<Q", data, at)
    if cmd == "show":
        off, chunks = value & ~15, 0
        while off:
            chunks += 1
            off, = struct.unpack_from("<Q", data, off + 24)
        state = "complete" if value & 15 == 1 else "bits %d" % (value & 15)
        print("list %s, %d chunks" % (state, chunks))
    elif cmd == "set-bits":
        f.seek(at)
        f.write(struct.pack("<Q", (value & ~15) | int(sys.argv[3], 0)))
    elif cmd == "set":
        f.seek(at)
        f.write(struct.pack("<Q", int(sys.argv[3], 0)))
