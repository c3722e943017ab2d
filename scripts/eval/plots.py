"""The evaluation's PNG plots (matplotlib, Agg backend) from a loaded results directory."""
import math
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

PCTS = [1.0, 5.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 95.0, 99.0, 99.9, 99.99]


def grouped_bars(ax, groups, series, value):
    """Bars of VALUE(series, group) -> Spread, one colour per series, min-max error bars."""
    width = 0.8 / max(1, len(series))
    for i, s in enumerate(series):
        meds, lo, hi = [], [], []
        for g in groups:
            sp = value(s, g)
            m = sp.median or 0.0
            meds.append(m)
            lo.append(m - (sp.lo if sp.lo is not None else m))
            hi.append((sp.hi if sp.hi is not None else m) - m)
        xs = [j + (i - (len(series) - 1) / 2) * width for j in range(len(groups))]
        ax.bar(xs, meds, width, label=s, yerr=[lo, hi], capsize=2, error_kw={"elinewidth": 0.8})
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(groups, rotation=20, ha="right")
    ax.grid(axis="y", alpha=0.3)


def ycsb_throughput(res, path):
    vs = [v for v in res.variants if v in res.ycsb]
    if not vs:
        return None
    fig, ax = plt.subplots(figsize=(11, 5))
    grouped_bars(ax, res.workloads, vs, lambda v, w: res.ycsb_throughput(v, w))
    ax.set_ylabel("throughput (ops/s), median, bars min-max")
    ax.set_title("%s: YCSB throughput per workload (%d records of 1 KB)" % (
        res.meta["program"], res.meta["settings"]["records"]))
    ax.legend(fontsize=8, ncol=2)
    return save(fig, path)


def nines(p):
    return -math.log10(1.0 - p / 100.0)


def ycsb_latency(res, path):
    """Latency against percentile (x in 'nines': 50, 90, 99, 99.9, ...) for READ and UPDATE of
    the paper's read-heavy and write-heavy workloads (or the first two workloads run)."""
    vs = [v for v in res.variants if v in res.ycsb]
    ws = [w for w in ("paper-read-heavy", "paper-write-heavy") if w in res.workloads] or res.workloads[:2]
    if not vs or not ws:
        return None
    fig, axes = plt.subplots(len(ws), 2, figsize=(11, 4 * len(ws)), squeeze=False)
    for row, w in enumerate(ws):
        for col, op in enumerate(("READ", "UPDATE")):
            ax = axes[row][col]
            for v in vs:
                pts = [(nines(p), res.ycsb_percentile(v, w, op, p).median) for p in PCTS]
                pts = [(x, y) for x, y in pts if y is not None]
                if pts:
                    ax.plot([x for x, _ in pts], [y for _, y in pts], marker=".", label=v)
            ax.set_yscale("log")
            ticks = [50.0, 90.0, 99.0, 99.9, 99.99]
            ax.set_xticks([nines(p) for p in ticks])
            ax.set_xticklabels(["p%g" % p for p in ticks])
            ax.set_title("%s %s" % (w, op))
            ax.set_ylabel("latency (us)")
            ax.grid(alpha=0.3, which="both")
    axes[0][0].legend(fontsize=8)
    fig.suptitle("%s: YCSB latency percentiles (median of runs)" % res.meta["program"])
    return save(fig, path)


def bench(res, path):
    """Throughput of the program's own benchmark client relative to the baseline."""
    if res.redis_benchmark:
        groups = [t.split(" ")[0] + ("*" if "needed" in t else "") for t in res.bench_tests()]
        tests = res.bench_tests()
        vs = [v for v in res.variants if v in res.redis_benchmark]
        value = lambda v, g: rel(res.bench_value(v, tests[groups.index(g)], "rps"),
                                 res.bench_value(res.base[v], tests[groups.index(g)], "rps"))
        title = "redis-benchmark requests/s relative to %s" % res.baseline_note
    elif res.memcslap:
        groups = res.memcslap_tests()
        vs = [v for v in res.variants if v in res.memcslap]
        value = lambda v, g: rel(res.memcslap_rate(v, g), res.memcslap_rate(res.base[v], g))
        title = "memcslap keys/s relative to %s" % res.baseline_note
    else:
        return None
    fig, ax = plt.subplots(figsize=(max(8, len(groups) * 0.8), 5))
    grouped_bars(ax, groups, vs, value)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_ylabel("ratio to baseline (median, bars min-max)")
    ax.set_title("%s: %s" % (res.meta["program"], title))
    ax.legend(fontsize=8, ncol=2)
    return save(fig, path)


class _Rel:
    def __init__(self, median, lo, hi):
        self.median, self.lo, self.hi = median, lo, hi


def rel(sp, base):
    if sp.median is None or not base.median:
        return _Rel(None, None, None)
    return _Rel(sp.median / base.median, sp.lo / base.median, sp.hi / base.median)


def restart(res, path):
    rows = res.restart_rows()
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(8, 5))
    for v in res.variants:
        pts = [(k, [x["ready_s"] for x in r["restarts"]]) for vv, k, r in rows if vv == v]
        if not pts:
            continue
        ks = [k for k, _ in pts]
        med = [sorted(t)[len(t) // 2] for _, t in pts]
        lo = [m - min(t) for m, (_, t) in zip(med, pts)]
        hi = [max(t) - m for m, (_, t) in zip(med, pts)]
        empty = all(x["found"] == 0 for vv, _, r in rows if vv == v for x in r["restarts"])
        ax.errorbar(ks, med, yerr=[lo, hi], marker="o", capsize=3, linestyle=":" if empty else "-",
                    label=v + (" (comes back empty)" if empty else ""))
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("keys (100-byte values)")
    ax.set_ylabel("exec to first answer (s)")
    ax.set_title("%s: restart time against keys" % res.meta["program"])
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8)
    return save(fig, path)


def save(fig, path):
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def all_plots(res, outdir):
    os.makedirs(outdir, exist_ok=True)
    made = [ycsb_throughput(res, os.path.join(outdir, "ycsb-throughput.png")),
            ycsb_latency(res, os.path.join(outdir, "ycsb-latency.png")),
            bench(res, os.path.join(outdir, "bench.png")),
            restart(res, os.path.join(outdir, "restart.png"))]
    return [m for m in made if m]
