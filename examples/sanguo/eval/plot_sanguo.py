"""Draws issue 15's figures as PNGs from the raw results of sweep-on-aerie.sh
(throughput against files and against threads) and evaluate-on-aerie.sh
(writes per interval of the data area, first fit against fbst).

usage: plot_sanguo.py files SWEEP_OUT PNG [--threads T]
       plot_sanguo.py threads SWEEP_OUT PNG [--files N]
       plot_sanguo.py wear AERIE_OUT WEAR_REPORT_PY PNG [--rep R] [--dirs D] [--aging]
       plot_sanguo.py dirops AERIE_OUT PNG
Run it with /usr/bin/python3 (Debian's python3-matplotlib).
"""
import argparse
import json
import os
import subprocess
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from summarize_sweep import COMBOS, PERS, load, mean  # noqa: E402

STYLE = {("first-fit", "linear"): ("tab:blue", "o", "-"), ("fbst", "linear"): ("tab:orange", "s", "-"),
         ("first-fit", "gather-free"): ("tab:blue", "o", "--"), ("fbst", "gather-free"): ("tab:orange", "s", "--")}


def fail(msg):
    sys.exit("plot_sanguo: error: " + msg)


def sweep(args, xaxis):
    runs = load(args.out)
    if not runs:
        fail("no runs in %s/runs" % args.out)
    files = sorted({k[3] for k in runs})
    threads = sorted({k[4] for k in runs})
    fixed = args.threads or max(threads) if xaxis == "files" else args.files or min(files)
    xs = files if xaxis == "files" else threads
    fig, axes = plt.subplots(1, 4, figsize=(16, 3.8))
    drawn = 0
    for ax, p in zip(axes, PERS):
        for c in COMBOS:
            key = (lambda x: (p, c[0], c[1], x, fixed)) if xaxis == "files" else (lambda x: (p, c[0], c[1], fixed, x))
            pts = [(x, mean(runs[key(x)])) for x in xs if key(x) in runs]
            if not pts:
                continue
            col, mk, ls = STYLE[c]
            ax.plot([x for x, _ in pts], [y for _, y in pts], color=col, marker=mk, linestyle=ls,
                    label="%s + %s" % c)
            drawn += 1
        ax.set_title(p)
        ax.set_yscale("log")
        ax.set_xscale("log", base=2)
        ax.set_xticks(xs)
        ax.set_xticklabels([("%dK" % (x // 1024)) if xaxis == "files" else str(x) for x in xs])
        ax.set_xlabel("files" if xaxis == "files" else "threads")
        ax.grid(True, which="both", alpha=0.3)
    if not drawn:
        fail("no runs at %s %d" % ("threads" if xaxis == "files" else "files", fixed))
    axes[0].set_ylabel("fsbench ops/s (log)")
    next(ax for ax in axes if ax.get_lines()).legend(fontsize=8)
    what = ("%d threads" % fixed) if xaxis == "files" else ("%d files" % fixed)
    fig.suptitle("aerie, aged (half the data area preallocated), 512 B I/O, %s; %s" % (what, args.note))
    fig.tight_layout()
    fig.savefig(args.png, dpi=90)


def wear(args):
    rng_file = os.path.join(args.out, "data-range.txt")
    if not os.path.exists(rng_file):
        fail("no %s (run evaluate-on-aerie.sh first)" % rng_file)
    rnge = open(rng_file).read().strip()
    fig, axes = plt.subplots(1, 4, figsize=(16, 3.8))
    kind = "" if args.aging else ".workload"
    for ax, p in zip(axes, PERS):
        for a, col in (("first-fit", "tab:blue"), ("fbst", "tab:orange")):
            path = os.path.join(args.out, "maps", "%s-%s-%s-%d%s.map" % (p, a, args.dirs, args.rep, kind))
            if not os.path.exists(path):
                fail("no %s" % path)
            res = subprocess.run([sys.executable, args.report, "--json", "--range", rnge, path],
                                 capture_output=True, text=True)
            if res.returncode:
                fail("wear-report.py %s: %s" % (path, res.stderr.strip().splitlines()[-1:]))
            w = json.loads(res.stdout)["maps"][path]
            ax.plot(range(len(w["per_interval"])), w["per_interval"], color=col, linewidth=1,
                    label="%s (peak %d, CV %.2f)" % (a, w["peak_interval"], w["cv"]))
        ax.set_title(p)
        ax.set_xlabel("interval of the data area (128)")
        ax.legend(fontsize=8)
        ax.grid(True, alpha=0.3)
    axes[0].set_ylabel("cache lines written back")
    fig.suptitle("aerie data area, 1 thread, run %d, %s directories: %s" %
                 (args.rep, args.dirs, "aging included" if args.aging else "the workload after aging"))
    fig.tight_layout()
    fig.savefig(args.png, dpi=90)


def dirops(args):
    path = os.path.join(args.out, "dirops.jsonl")
    if not os.path.exists(path):
        fail("no %s (run evaluate-on-aerie.sh first)" % path)
    rows = [json.loads(l) for l in open(path) if l.strip()]
    if not rows:
        fail("%s is empty" % path)
    sizes = sorted({r["result"]["entries"] for r in rows})
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.6))
    for ax, op in zip(axes, ("create", "lookup", "delete")):
        for d, col in (("linear", "tab:blue"), ("gather-free", "tab:green")):
            pts = [(n, [r["result"][op + "_per_s"] for r in rows if r["dirs"] == d and r["result"]["entries"] == n])
                   for n in sizes]
            pts = [(n, v) for n, v in pts if v]
            ax.plot([n for n, _ in pts], [mean(v) for _, v in pts], color=col, marker="o", label=d)
            ax.vlines([n for n, _ in pts], [min(v) for _, v in pts], [max(v) for _, v in pts], color=col)
        ax.set_title(op)
        ax.set_yscale("log")
        ax.set_xscale("log", base=2)
        ax.set_xticks(sizes)
        ax.set_xticklabels(["%dK" % (n // 1024) for n in sizes])
        ax.set_xlabel("entries in one directory")
        ax.grid(True, which="both", alpha=0.3)
    axes[0].set_ylabel("operations/s (log; bars: range over runs)")
    axes[0].legend(fontsize=8)
    fig.suptitle("aerie through PXFS, first fit, one directory")
    fig.tight_layout()
    fig.savefig(args.png, dpi=90)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("files", "threads"):
        s = sub.add_parser(name)
        s.add_argument("out")
        s.add_argument("png")
        s.add_argument("--threads", type=int)
        s.add_argument("--files", type=int)
        s.add_argument("--note", default="")
    w = sub.add_parser("wear")
    w.add_argument("out")
    w.add_argument("report")
    w.add_argument("png")
    w.add_argument("--rep", type=int, default=1)
    w.add_argument("--dirs", default="linear", choices=["linear", "gather-free"])
    w.add_argument("--aging", action="store_true")
    o = sub.add_parser("dirops")
    o.add_argument("out")
    o.add_argument("png")
    args = ap.parse_args()
    if args.cmd == "wear":
        wear(args)
    elif args.cmd == "dirops":
        dirops(args)
    else:
        if not os.path.isdir(os.path.join(args.out, "runs")):
            fail("no %s/runs" % args.out)
        sweep(args, args.cmd)


if __name__ == "__main__":
    main()
