"""Makes a small directory tree of deterministic contents for the preload tests.

usage: make_tree.py DIR
Sizes straddle PXFS's 4 KiB block and its 7 in-inode extents (a 300 KB
file), plus an empty file, an empty directory and names with spaces.
"""
import os
import random
import sys


def main():
    root = sys.argv[1]
    rnd = random.Random(14)
    files = {
        "empty": 0, "one byte": 1, "block-1": 4095, "block": 4096, "block+1": 4097,
        "sub/small.txt": 100, "sub/big.bin": 300000, "sub/deeper/mid": 65537,
        "sub/deeper/last/leaf": 12345,
    }
    os.makedirs(os.path.join(root, "empty dir"), exist_ok=True)
    for name, size in files.items():
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(bytes(rnd.getrandbits(8) for _ in range(size)))


if __name__ == "__main__":
    main()
