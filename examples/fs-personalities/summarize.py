#!/usr/bin/env python3
"""Prints fsbench --json files as two Markdown tables: personalities (ops/s, MB/s, iteration
latency) and Table 2 rows (latency per operation beside the Aerie paper's). Runs with the same
parameters (repetitions) are one row: the median, with the lowest and highest in brackets."""
import json
import statistics
import sys

RUN_KEYS = ("dir", "personality", "backend", "threads", "files")


def spread(values, fmt):
    if len(values) == 1:
        return fmt % values[0]
    return (fmt + " [" + fmt + "-" + fmt + "]") % (statistics.median(values), min(values), max(values))


def personality_table(runs):
    groups = {}
    for r in runs:
        key = tuple(r["parameters"][k] for k in RUN_KEYS)
        groups.setdefault(key, []).append(r)
    print("| dir | personality | backend | threads | files | runs | ops/s | MB/s | iteration us |")
    print("|---|---|---|---|---|---|---|---|---|")
    for key in sorted(groups):
        g = groups[key]
        print("| %s | %s | %s | %d | %d | %d | %s | %s | %s |" % (
            *key, len(g), spread([r["total"]["ops_per_second"] for r in g], "%.0f"),
            spread([r["total"]["mb_per_second"] for r in g], "%.0f"),
            spread([r["iteration_latency_us"] for r in g], "%.1f")))


def micro_table(runs):
    dirs = sorted({r["parameters"]["dir"] for r in runs})
    print("| operation | " + " | ".join("%s us" % d for d in dirs) + " | paper RamFS | paper ext3 | paper PXFS |")
    print("|---|" + "---|" * (len(dirs) + 3))
    for i, op in enumerate(runs[0]["operations"]):
        cells = []
        for d in dirs:
            us = [r["operations"][i]["mean_latency_us"] for r in runs if r["parameters"]["dir"] == d]
            cells.append(spread(us, "%.2f"))
        p = op["paper_us"]
        print("| %s | %s | %g | %g | %g |" % (op["name"], " | ".join(cells), p["ramfs"], p["ext3"], p["pxfs"]))


def main(paths):
    runs = [json.load(open(p)) for p in paths]
    flows = [r for r in runs if "operations" not in r]
    micro = [r for r in runs if "operations" in r]
    if flows:
        personality_table(flows)
    if micro:
        print()
        micro_table(micro)
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: summarize.py RESULT.json...")
    sys.exit(main(sys.argv[1:]))
