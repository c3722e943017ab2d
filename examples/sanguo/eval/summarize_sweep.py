"""Tabulates sweep-on-aerie.sh's runs: fsbench ops/s per personality, file
count and thread count for the four allocator and directory combinations,
gather-free's speed-up over linear directories (first fit), and SanGuo's
(fbst + gather-free) over the baseline (first fit + linear) beside the paper's
Fig. 8 where it gives one.

usage: summarize_sweep.py OUT      (reads OUT/runs/*.json, prints Markdown)
"""
import glob
import json
import os
import re
import sys

PERS = ["fileserver", "webserver", "webproxy", "varmail"]
COMBOS = [("first-fit", "linear"), ("fbst", "linear"), ("first-fit", "gather-free"),
          ("fbst", "gather-free")]
# SanGuo over PMFS, ops/s ratio, 8 threads (the paper's Fig. 8 and section IV-C).
PAPER = {("webproxy", 8192): 2.36, ("varmail", 8192): 2.1, ("webproxy", 32768): 14.33,
         ("varmail", 32768): 8.9}
TAG = re.compile(r"^(\w+)-(first-fit|fbst)-(linear|gather-free)-(\d+)-(\d+)-(\d+)\.json$")


def load(out):
    """{(personality, alloc, dirs, files, threads): [ops/s per repeat]}"""
    runs = {}
    for f in sorted(glob.glob(os.path.join(out, "runs", "*.json"))):
        m = TAG.match(os.path.basename(f))
        if not m:
            continue
        j = json.load(open(f))
        if not j.get("seconds"):
            continue
        key = (m[1], m[2], m[3], int(m[4]), int(m[5]))
        runs.setdefault(key, []).append(j["total"]["ops"] / j["seconds"])
    return runs


def mean(vals):
    return sum(vals) / len(vals) if vals else None


def cell(vals):
    if not vals:
        return "-"
    lo, hi = min(vals), max(vals)
    return "%.0f" % lo if round(lo) == round(hi) else "%.0f-%.0f" % (lo, hi)


def main():
    if len(sys.argv) != 2 or not os.path.isdir(os.path.join(sys.argv[1], "runs")):
        sys.exit("summarize_sweep: error: usage: summarize_sweep.py OUT (OUT/runs must exist)")
    out = sys.argv[1]
    runs = load(out)
    if not runs:
        sys.exit("summarize_sweep: error: no runs in %s/runs" % out)
    cond = os.path.join(out, "conditions.txt")
    if os.path.exists(cond):
        print("Conditions: " + "; ".join(l.strip() for l in open(cond) if l.strip()) + "\n")
    files = sorted({k[3] for k in runs})
    threads = sorted({k[4] for k in runs})
    print("## fsbench ops/s on aged aerie pools, 512 B I/O (ranges over repeats)\n")
    print("| personality | files | threads | " + " | ".join("%s + %s" % c for c in COMBOS) +
          " | GF/linear (first fit) | SanGuo/baseline (paper, 8 threads) |")
    print("|---|---|---|" + "---|" * (len(COMBOS) + 2))
    for p in PERS:
        for n in files:
            for t in threads:
                vals = [runs.get((p, a, d, n, t), []) for a, d in COMBOS]
                if not any(vals):
                    continue
                lin, gf, sg = mean(vals[0]), mean(vals[2]), mean(vals[3])
                sp = "%.2fx" % (gf / lin) if lin and gf else "-"
                both = "%.2fx" % (sg / lin) if lin and sg else "-"
                if (p, n) in PAPER and t == 8:
                    both += " (%.2fx)" % PAPER[(p, n)]
                print("| %s | %d | %d | %s | %s | %s |" % (p, n, t, " | ".join(cell(v) for v in vals), sp, both))
    print()


if __name__ == "__main__":
    main()
