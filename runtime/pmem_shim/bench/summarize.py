"""Reads run-bench.sh output on stdin; prints the shim/PMDK ratio per test (median of runs)."""
import json, statistics, sys
runs = {}
for line in sys.stdin:
    if line.startswith("{") and '"impl"' in line:
        r = json.loads(line)
        runs.setdefault((r["test"], r["impl"]), []).append(r["ops_per_s"])
for test in sorted({t for t, _ in runs}):
    p = statistics.median(runs.get((test, "pmdk"), [0]))
    s = statistics.median(runs.get((test, "shim"), [0]))
    ratio = f"{100 * s / p:.1f} %" if p and test != "logged_store_volatile" else "n/a"
    print(f"{test:24s} pmdk {p:14.0f}/s  shim {s:14.0f}/s  shim/pmdk {ratio}")
