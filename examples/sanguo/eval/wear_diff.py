"""Writes the wear map of what a run wrote after its set-up: MAP_AFTER minus
MAP_SETUP block by block (two runs of one deterministic workload, the first
stopped after its set-up), in pmem_shim's map format for wear-report.py.

usage: wear_diff.py MAP_SETUP MAP_AFTER OUT
Prints how many blocks came out negative (0 when the two runs placed the
set-up's writes alike); exits 2 on a map that is not a wear map.
"""
import sys


def read(path):
    header, counts = [], {}
    for line in open(path):
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit():
            counts[int(parts[0])] = int(parts[1])
        elif line.strip():
            header.append(line.rstrip("\n"))
    if not any(h.startswith("blocks ") for h in header):
        sys.exit("wear_diff: error: %s is not a pmem_shim wear map" % path)
    return header, counts


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: wear_diff.py MAP_SETUP MAP_AFTER OUT")
    _, setup = read(sys.argv[1])
    header, after = read(sys.argv[2])
    negative = 0
    with open(sys.argv[3], "w") as out:
        for h in header:
            if not h.startswith("writes "):
                out.write(h + "\n")
        for blk in sorted(after):
            d = after[blk] - setup.get(blk, 0)
            negative += d < 0
            if d > 0:
                out.write("%d %d\n" % (blk, d))
    print("wear_diff: %s: %d blocks negative" % (sys.argv[3], negative))


if __name__ == "__main__":
    main()
