#!/usr/bin/env python3
"""Prints fsbench --json files as two Markdown tables: personalities (ops/s, MB/s, iteration
latency) and Table 2 rows (latency per operation beside the Aerie paper's)."""
import json
import sys


def main(paths):
    runs = [(p, json.load(open(p))) for p in paths]
    print("| file system dir | personality | backend | threads | files | ops/s | MB/s | iteration us | iterations |")
    print("|---|---|---|---|---|---|---|---|---|")
    for _, r in runs:
        if "operations" in r:
            continue
        q, t = r["parameters"], r["total"]
        print("| %s | %s | %s | %d | %d | %.0f | %.1f | %.1f | %d |" % (
            q["dir"], q["personality"], q["backend"], q["threads"], q["files"], t["ops_per_second"],
            t["mb_per_second"], r["iteration_latency_us"], r["iterations"]))
    micro = [r for _, r in runs if "operations" in r]
    if not micro:
        return 0
    print()
    print("| operation | " + " | ".join("%s us" % r["parameters"]["dir"] for r in micro)
          + " | paper RamFS | paper ext3 | paper PXFS |")
    print("|---|" + "---|" * (len(micro) + 3))
    for i, op in enumerate(micro[0]["operations"]):
        ours = " | ".join("%.2f" % r["operations"][i]["mean_latency_us"] for r in micro)
        p = op["paper_us"]
        print("| %s | %s | %g | %g | %g |" % (op["name"], ours, p["ramfs"], p["ext3"], p["pxfs"]))
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: summarize.py RESULT.json...")
    sys.exit(main(sys.argv[1:]))
