"""Reads or patches the shim header's slab_dir field (56 bytes after its magic), and with
'show' counts the entries of the directory it points at (magic, capacity, then one 8-byte
entry per chunk until a zero; an entry whose low byte is 0xff is a spare chunk)."""
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
        chunks = spares = 0
        while chunks + spares < cap:
            entry, = struct.unpack_from("<Q", data, off + 16 + 8 * (chunks + spares))
            if not entry:
                break
            if entry & 0xff == 0xff:
                spares += 1
            else:
                chunks += 1
        state = "complete" if value & 15 == 1 else "bits %d" % (value & 15)
        print("directory %s, %d chunks, %d spare" % (state, chunks, spares))
    elif cmd == "set-bits":
        f.seek(at)
        f.write(struct.pack("<Q", (value & ~15) | int(sys.argv[3], 0)))
    elif cmd == "set":
        f.seek(at)
        f.write(struct.pack("<Q", int(sys.argv[3], 0)))
