"""Summarises evaluate-on-aerie.sh's raw results as Markdown tables: wear of
the data area (first-fit against fbst: peak interval ratio, max/mean, CV,
lifetime, beside the paper's figures), fsbench throughput of the four policy
combinations, directory operations per second and sequential read speed.

usage: summarize_aerie.py OUT WEAR_REPORT_PY
"""
import glob
import json
import os
import subprocess
import sys

PAPER = {"fileserver": 5.08, "webserver": 1.65, "webproxy": 29.63, "varmail": 1.78}
PERS = ["fileserver", "webserver", "webproxy", "varmail"]
COMBOS = [("first-fit", "linear"), ("fbst", "linear"), ("first-fit", "gather-free"),
          ("fbst", "gather-free")]


def rng(vals, fmt="%.2f"):
    vals = [v for v in vals if v is not None]
    if not vals:
        return "-"
    lo, hi = min(vals), max(vals)
    return fmt % lo if fmt % lo == fmt % hi else (fmt % lo) + "-" + (fmt % hi)


def wear(report, path, rnge):
    out = subprocess.run([sys.executable, report, "--json", "--range", rnge, path],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["maps"][path]


def main():
    out, report = sys.argv[1], sys.argv[2]
    rnge = open(os.path.join(out, "data-range.txt")).read().strip()
    wear_table(out, report, rnge, ".workload", "the workload after aging (aging's writes subtracted)")
    wear_table(out, report, rnge, "", "aging included")
    throughput(out)


def wear_table(out, report, rnge, kind, what):
    print("## Wear of the data area (pool bytes %s), 128 intervals, first-fit vs fbst: %s\n" % (rnge, what))
    print("Ranges over runs.\n")
    print("| personality | dirs | ff peak | fbst peak | peak ratio ff/fbst (paper) | ff max/mean | fbst max/mean | ff CV | fbst CV | lifetime fbst/ff |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for p in PERS:
        for d in ("linear", "gather-free"):
            reps = sorted(int(f.rsplit("-", 1)[1][:-4]) for f in
                          glob.glob(os.path.join(out, "maps", "%s-first-fit-%s-[0-9].map" % (p, d))))
            ff = [wear(report, os.path.join(out, "maps", "%s-first-fit-%s-%d%s.map" % (p, d, r, kind)), rnge) for r in reps]
            fb = [wear(report, os.path.join(out, "maps", "%s-fbst-%s-%d%s.map" % (p, d, r, kind)), rnge) for r in reps]
            if not ff:
                continue
            ratio = [a["peak_interval"] / b["peak_interval"] for a, b in zip(ff, fb) if b["peak_interval"]]
            life = [a["max_block_writes"] / b["max_block_writes"] for a, b in zip(ff, fb) if b["max_block_writes"]]
            print("| %s | %s | %s | %s | %sx (%.2fx) | %s | %s | %s | %s | %sx |" % (
                p, d, rng([w["peak_interval"] for w in ff], "%d"), rng([w["peak_interval"] for w in fb], "%d"),
                rng(ratio), PAPER[p], rng([w["max_over_mean"] for w in ff]),
                rng([w["max_over_mean"] for w in fb]), rng([w["cv"] for w in ff], "%.3f"),
                rng([w["cv"] for w in fb], "%.3f"), rng(life)))
    print()


def throughput(out):
    print("## fsbench throughput (ops/s, 1 thread, 512 B I/O, aged), ranges over runs\n")
    print("| personality | " + " | ".join("%s + %s" % c for c in COMBOS) + " |")
    print("|---|" + "---|" * len(COMBOS))
    for p in PERS:
        cells = []
        for a, d in COMBOS:
            vals = []
            for f in glob.glob(os.path.join(out, "runs", "%s-%s-%s-[0-9].json" % (p, a, d))):
                j = json.load(open(f))
                vals.append(j["total"]["ops"] / j["seconds"] if j["seconds"] else None)
            cells.append(rng(vals, "%.0f"))
        print("| %s | %s |" % (p, " | ".join(cells)))
    print("\n## Directory operations through PXFS (first-fit, one directory), per second\n")
    print("| entries | dirs | create/s | lookup/s | delete/s |")
    print("|---|---|---|---|---|")
    rows = [json.loads(l) for l in open(os.path.join(out, "dirops.jsonl")) if l.strip()]
    for n in sorted({r["result"]["entries"] for r in rows}):
        for d in ("linear", "gather-free"):
            rs = [r["result"] for r in rows if r["dirs"] == d and r["result"]["entries"] == n]
            print("| %d | %s | %s | %s | %s |" % (n, d, rng([r["create_per_s"] for r in rs], "%.0f"),
                  rng([r["lookup_per_s"] for r in rs], "%.0f"), rng([r["delete_per_s"] for r in rs], "%.0f")))
    print("\n## First lookup after a mount (opens the directory: Gather-free rebuilds its index) vs the second, ms\n")
    print("| entries | dirs | first lookup ms | second lookup ms |")
    print("|---|---|---|---|")
    rows = [json.loads(l) for l in open(os.path.join(out, "rebuild.jsonl")) if l.strip()]
    for n in sorted({r["result"]["entries"] for r in rows}):
        for d in ("linear", "gather-free"):
            rs = [r["result"] for r in rows if r["dirs"] == d and r["result"]["entries"] == n]
            print("| %d | %s | %s | %s |" % (n, d, rng([r["first_lookup_ms"] for r in rs], "%.2f"),
                  rng([r["second_lookup_ms"] for r in rs], "%.4f")))
    print("\n## Sequential read after aging (fileserver's file set kept, linear dirs)\n")
    print("| allocator | MiB | extents | read MiB/s (best of 3 passes, per run) |")
    print("|---|---|---|---|")
    for a in ("first-fit", "fbst"):
        best, mib, ext = [], None, []
        for f in glob.glob(os.path.join(out, "runs", "seqread-%s-*.json" % a)):
            passes = [json.loads(l) for l in open(f) if l.strip()]
            if passes:
                best.append(max(x["read_mib_per_s"] for x in passes))
                mib = passes[0]["mib"]
                ext.append(passes[0].get("extents"))
        print("| %s | %s | %s | %s |" % (a, mib, rng(ext, "%d"), rng(best, "%.0f")))


if __name__ == "__main__":
    main()
