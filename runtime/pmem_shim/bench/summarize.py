"""Reads run-bench.sh output on stdin; prints the busy-wait's error per path and request, then
the shim/PMDK ratio per test (median of runs)."""
import json, statistics, sys
runs = {}
for line in sys.stdin:
    if not line.startswith("{"):
        continue
    r = json.loads(line)
    if "fixed_ns" in r:
        print(f"busy-wait: {r['tsc_per_ns']:.4f} TSC ticks/ns, fixed cost of a charge {r['fixed_ns']:.1f} ns")
    elif "requested_ns" in r:
        print(f"  {r.get('path', 'delay'):6s} {r['requested_ns']:4d} ns -> {r['achieved_ns_median']:6.1f} ns "
              f"({r['error_pct']:+.1f} %, best {r['achieved_ns_min']:.1f})")
    elif "impl" in r:
        runs.setdefault((r["test"], r["impl"]), []).append(r["ops_per_s"])
for test in sorted({t for t, _ in runs}):
    p = statistics.median(runs.get((test, "pmdk"), [0]))
    s = statistics.median(runs.get((test, "shim"), [0]))
    ratio = f"{100 * s / p:.1f} %" if p and test != "logged_store_volatile" else "n/a"
    print(f"{test:24s} pmdk {p:14.0f}/s  shim {s:14.0f}/s  shim/pmdk {ratio}")
