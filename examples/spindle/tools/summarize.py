#!/usr/bin/env python3
"""summarize.py -- turns spindle-bench's JSON lines (examples/spindle/evaluate.sh)
into a markdown table of medians next to the Spindle paper's figures, and
optionally SVG bar charts (no plotting library needed)."""
import argparse
import json
import os
import statistics
import sys
from collections import defaultdict

MIXES = [(0, "0/10"), (30, "3/7"), (50, "5/5"), (70, "7/3"), (100, "10/0")]
CACHES = ["none", "tinca", "spindle", "spindle-fill"]
FIELDS = ["ops_per_s", "flushes_per_op", "fences_per_op", "flushes_per_write",
          "nvm_bytes_per_op", "disk_writes", "disk_syncs", "evictions", "ops"]
PAPER = ("Paper (Spindle vs Tinca, ext4 on HDD, 8 GB emulated NVM): fio 1.13x-1.30x "
         "throughput, up to 32.6 % fewer clflush per write; webproxy up to +47 %; "
         "varmail Tinca 20.9-33.5 % lower; fileserver small files +40.7 %.")


def load(path):
    """Medians per (workload, read_pct, cache) over the repetitions."""
    runs = defaultdict(list)
    with open(path) as f:
        for line in f:
            if line.strip():
                d = json.loads(line)
                cache = d["cache"] + ("-fill" if d.get("read_fill") else "")
                key = (d["workload"], d["read_pct"] if d["workload"] == "fio" else None, cache)
                runs[key].append(d)
    med = {}
    for key, rs in runs.items():
        med[key] = {k: statistics.median(r[k] for r in rs) for k in FIELDS}
        med[key]["n"] = len(rs)
        med[key]["spread"] = (min(r["ops_per_s"] for r in rs), max(r["ops_per_s"] for r in rs))
    return med


def ratio(a, b):
    return a / b if b else float("nan")


def row(label, m, w, pct):
    t, s, n, f = (m.get((w, pct, c)) for c in ("tinca", "spindle", "none", "spindle-fill"))
    if not t or not s:
        return None
    fill = "%.0f (%.2fx)" % (f["ops_per_s"], ratio(f["ops_per_s"], t["ops_per_s"])) if f else "-"
    return ("| %s | %s | %.0f (%.0f-%.0f) | %.0f (%.0f-%.0f) | **%.2fx** | %s | %.1f / %.1f (%+.1f %%) | "
            "%.2f / %.2f | %.0f / %.0f | %d |" % (
                label, "%.0f" % n["ops_per_s"] if n else "-",
                t["ops_per_s"], t["spread"][0], t["spread"][1],
                s["ops_per_s"], s["spread"][0], s["spread"][1],
                ratio(s["ops_per_s"], t["ops_per_s"]), fill, t["flushes_per_op"], s["flushes_per_op"],
                100 * (ratio(s["flushes_per_op"], t["flushes_per_op"]) - 1),
                t["fences_per_op"], s["fences_per_op"], t["nvm_bytes_per_op"],
                s["nvm_bytes_per_op"], t["n"]))


def table(m):
    out = ["| workload | none ops/s | tinca ops/s (min-max) | spindle ops/s (min-max) | spindle/tinca | "
           "spindle --read-fill ops/s (/tinca) | flushes/op tinca / spindle | fences/op tinca / spindle | "
           "NVM bytes/op tinca / spindle | runs |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for pct, label in MIXES:
        r = row("fio r/w %s" % label, m, "fio", pct)
        if r:
            out.append(r)
    # trace:NAME are fsbench's flowop traces replayed (fstrace.sh): one op per flowop
    for w in ("fileserver", "webproxy", "varmail", "trace:fileserver", "trace:webproxy",
              "trace:varmail"):
        r = row(w.replace("trace:", "fsbench ") + (" (flowops)" if "trace:" in w else ""),
                m, w, None)
        if r:
            out.append(r)
    return "\n".join(out)


def svg_bars(title, groups, values, unit, path):
    """A grouped bar chart: groups x CACHES."""
    width, height, left, bottom = 720, 320, 60, 40
    top = max([v for vs in values for v in vs if v == v] + [1])
    bw = (width - left - 20) / (len(groups) * (len(CACHES) + 1))
    colors = {"none": "#999999", "tinca": "#d95f02", "spindle": "#1b9e77",
              "spindle-fill": "#7570b3"}
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
             'font-family="sans-serif" font-size="11">' % (width, height),
             '<text x="%d" y="16" font-size="13">%s</text>' % (left, title),
             '<text x="4" y="%d" transform="rotate(-90 10,%d)">%s</text>'
             % (height // 2, height // 2, unit)]
    plot_h = height - bottom - 30
    for gi, (g, vs) in enumerate(zip(groups, values)):
        for ci, v in enumerate(vs):
            if v != v:
                continue
            h = plot_h * v / top
            x = left + (gi * (len(CACHES) + 1) + ci) * bw
            parts.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>'
                         % (x, height - bottom - h, bw - 2, h, colors[CACHES[ci]]))
        parts.append('<text x="%.1f" y="%d">%s</text>'
                     % (left + gi * (len(CACHES) + 1) * bw, height - bottom + 14, g))
    for ci, c in enumerate(CACHES):
        parts.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>'
                     '<text x="%d" y="%d">%s</text>'
                     % (width - 330 + ci * 75, 24, colors[c], width - 316 + ci * 75, 33, c))
    parts.append('<text x="%d" y="%d">max %.4g</text></svg>' % (left, height - 8, top))
    with open(path, "w") as f:
        f.write("\n".join(parts))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("results", nargs="+", help="JSON-lines files, one table each")
    ap.add_argument("--svg", metavar="DIR", help="also write <file stem>-fio-*.svg there")
    a = ap.parse_args()
    for path in a.results:
        try:
            m = load(path)
        except (OSError, ValueError, KeyError) as e:
            sys.exit("summarize.py: error: cannot read %s: %s" % (path, e))
        stem = os.path.splitext(os.path.basename(path))[0]
        print("### %s (medians)\n" % stem)
        print(table(m))
        print()
        if a.svg:
            write_svgs(m, stem, a.svg)
    print(PAPER)


def write_svgs(m, stem, out_dir):
    """Throughput, flushes and NVM bytes per operation over the fio mixes."""
    groups = [label for _, label in MIXES]
    nan = float("nan")
    for field, unit in (("ops_per_s", "operations/s"), ("flushes_per_op", "flushes/op"),
                        ("nvm_bytes_per_op", "NVM bytes/op")):
        vals = [[m.get(("fio", p, c), {}).get(field, nan) for c in CACHES] for p, _ in MIXES]
        svg_bars("%s: fio 4 KiB random by read/write ratio, %s" % (stem, field), groups, vals,
                 unit, "%s/%s-fio-%s.svg" % (out_dir, stem, field.replace("_", "-")))


if __name__ == "__main__":
    main()
