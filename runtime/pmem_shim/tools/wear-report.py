#!/usr/bin/env python3
"""Summarises wear maps written by the runtime (PMS_WEAR=FILE): writes per interval of the pool,
peak interval, max/mean, coefficient of variation and projected lifetime; with two maps, the
ratio of their peak interval writes (the first over the second, as SanGuo reports baseline over
its allocator).

usage: wear-report.py [--intervals N] [--range A:B] [--endurance E] [--top K] [--json]
                      [--plot PNG] MAP [MAP2]
"""
import argparse
import json
import math
import signal
import sys


class BadMap(Exception):
    pass


def read_map(path):
    header, counts = {}, {}
    try:
        lines = open(path).read().splitlines()
    except OSError as e:
        raise BadMap(f"cannot read wear map '{path}': {e.strerror}")
    for n, line in enumerate(lines, 1):
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) != 2:
            raise BadMap(f"{path}:{n}: expected two fields, got '{line}'")
        key, value = parts
        try:
            if key.isdigit():
                counts[int(key)] = int(value)
            else:
                header[key] = float(value) if key == "seconds" else int(value, 0)
        except ValueError:
            raise BadMap(f"{path}:{n}: not a number in '{line}'")
    for key in ("block_size", "blocks"):
        if key not in header:
            raise BadMap(f"{path}: no '{key}' line: not a pmem_shim wear map")
    if counts and max(counts) >= header["blocks"]:
        raise BadMap(f"{path}: block {max(counts)} beyond 'blocks {header['blocks']}'")
    return header, counts


def summarise(header, counts, intervals, byte_range, endurance):
    bs = header["block_size"]
    first, last = 0, header["blocks"]
    if byte_range:
        first, last = byte_range[0] // bs, min(last, -(-byte_range[1] // bs))
    nblocks = last - first
    if nblocks < intervals:
        raise BadMap(f"{nblocks} blocks cannot make {intervals} intervals (smaller --intervals or block size)")
    per = [0] * intervals
    for blk, c in counts.items():
        if first <= blk < last:
            per[(blk - first) * intervals // nblocks] += c
    total = sum(per)
    mean = total / intervals
    std = math.sqrt(sum((x - mean) ** 2 for x in per) / intervals)
    max_block = max((c for b, c in counts.items() if first <= b < last), default=0)
    seconds = header.get("seconds", 0.0)
    life_runs = endurance / max_block if max_block else math.inf
    return {
        "block_size": bs, "blocks": nblocks, "intervals": intervals, "writes": total,
        "blocks_written": sum(1 for b in counts if first <= b < last),
        "peak_interval": max(per), "mean_interval": mean,
        "max_over_mean": max(per) / mean if mean else 0.0,
        "cv": std / mean if mean else 0.0, "max_block_writes": max_block,
        "seconds": seconds, "lifetime_runs": life_runs,
        "lifetime_seconds": life_runs * seconds if seconds else None,
        "per_interval": per,
        "hottest": sorted(((c, b) for b, c in counts.items() if first <= b < last),
                          reverse=True),
    }


def show(name, s, top):
    print(f"{name}: {s['writes']} line writes over {s['blocks']} blocks of {s['block_size']} B "
          f"({s['blocks_written']} written), {s['intervals']} intervals")
    print(f"  peak interval {s['peak_interval']}, mean {s['mean_interval']:.1f}, "
          f"max/mean {s['max_over_mean']:.2f}, CV {s['cv']:.3f}")
    life = f"{s['lifetime_runs']:.3g} runs of this workload"
    if s["lifetime_seconds"]:
        life += f" ({s['lifetime_seconds'] / 86400 / 365:.3g} years at its rate)"
    print(f"  hottest block {s['max_block_writes']} writes: lifetime {life}")
    for c, b in s["hottest"][:top]:
        print(f"  block {b} (offset {b * s['block_size']:#x}): {c} writes")


def plot(path, names, summaries):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(8, 3.5))
    for name, s in zip(names, summaries):
        ax.plot(range(s["intervals"]), s["per_interval"], label=name, drawstyle="steps-mid")
    ax.set_xlabel("interval of the pool")
    ax.set_ylabel("cache-line writes")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("maps", nargs="+", metavar="MAP")
    ap.add_argument("--intervals", type=int, default=128)
    ap.add_argument("--range", help="byte offsets A:B of the pool to look at (default: all)")
    ap.add_argument("--endurance", type=float, default=1e8, help="writes per cell (default 1e8)")
    ap.add_argument("--top", type=int, default=0, help="list the K most written blocks")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--plot", metavar="PNG")
    a = ap.parse_args()
    try:
        if len(a.maps) > 2:
            raise BadMap("at most two maps (a baseline and one to compare)")
        if a.intervals < 1:
            raise BadMap("--intervals must be at least 1")
        rng = None
        if a.range:
            try:
                lo, hi = (int(x, 0) for x in a.range.split(":"))
            except ValueError:
                raise BadMap(f"--range '{a.range}' is not A:B")
            if hi <= lo:
                raise BadMap(f"--range '{a.range}' is empty")
            rng = (lo, hi)
        sums = [summarise(*read_map(m), a.intervals, rng, a.endurance) for m in a.maps]
    except BadMap as e:
        print(f"wear-report: error: {e}", file=sys.stderr)
        return 2
    ratio = None
    if len(sums) == 2 and sums[1]["peak_interval"]:
        ratio = sums[0]["peak_interval"] / sums[1]["peak_interval"]
    if a.json:
        for s in sums:
            s["hottest"] = [{"block": b, "writes": c} for c, b in s["hottest"][:max(a.top, 10)]]
        json.dump({"maps": dict(zip(a.maps, sums)), "peak_ratio": ratio}, sys.stdout, indent=1)
        print()
    else:
        for m, s in zip(a.maps, sums):
            show(m, s, a.top)
        if ratio is not None:
            print(f"peak interval writes, first over second: {ratio:.2f}x")
    if a.plot:
        plot(a.plot, a.maps, sums)
    return 0


if __name__ == "__main__":
    sys.exit(main())
