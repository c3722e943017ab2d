"""Reads or patches the shim header's slab_dir field (56 bytes after its magic), and with
'show' counts the entries of the directory it points at (magic, capacity, then one 8-byte
entry per chunk until a zero)."""
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
        off = value & ~15
        magic, cap = struct.unpack_from("<QQ", data, off)
        chunks = 0
        while chunks < cap and struct.unpack_from("<Q", data, off + 16 + 8 * chunks)[0]:
            chunks += 1
        state = "complete" if value & 15 == 1 else "bits %d" % (value & 15)
        print("directory %s, %d chunks" % (state, chunks))
    elif cmd == "set-bits":
        f.seek(at)
        f.write(struct.pack("<Q", (value & ~15) | int(sys.argv[3], 0)))
    elif cmd == "set":
        f.seek(at)
        f.write(struct.pack("<Q", int(sys.argv[3], 0)))
