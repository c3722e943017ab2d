"""Checks sweep-on-aerie.sh's raw runs: one fsbench JSON per personality,
policy, file count and thread count with the parameters asked (512 B I/O,
50 % preallocated, the rotor, the iterations split over the threads), a clean fsck after
each, and a file set that took between 30 % and 70 % of the data blocks.

usage: check_sweep_runs.py OUT PERSONALITY "FILES..." "THREADS..." ITERS ROTOR
"""
import json
import re
import sys

out, pers, files, threads, iters = sys.argv[1], sys.argv[2], sys.argv[3].split(), sys.argv[4].split(), int(sys.argv[5])
rotor = sys.argv[6]
bad = 0
for n in files:
    for t in threads:
        for a in ("first-fit", "fbst"):
            for d in ("linear", "gather-free"):
                tag = "%s/runs/%s-%s-%s-%s-%s-1" % (out, pers, a, d, n, t)
                j = json.load(open(tag + ".json"))
                p = j["parameters"]
                want = {"files": int(n), "threads": int(t), "iosize": 512, "prealloc": 50,
                        "iterations": -(-iters // int(t)), "rotor": rotor}
                got = {k: p.get(k) for k in want}
                if got != want:
                    print("%s: parameters %s, want %s" % (tag, got, want)); bad += 1
                if j["total"]["ops"] <= 0:
                    print("%s: no operations" % tag); bad += 1
                fsck = open(tag + ".fsck").read()
                m = re.search(r": clean: .* (\d+) of (\d+) blocks used, .*policies %s/%s" % (a, d), fsck)
                if not m:
                    print("%s: fsck not clean or other policies: %s" % (tag, fsck.strip())); bad += 1
                elif not 0.3 <= int(m[1]) / int(m[2]) <= 0.7:
                    print("%s: %s of %s blocks used, not about half" % (tag, m[1], m[2])); bad += 1
print("runs checked, %d problems" % bad)
sys.exit(1 if bad else 0)
