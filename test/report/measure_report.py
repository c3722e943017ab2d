"""Renders a JSON with nvmove-report, then prints the render time and the sizes that decide
whether the report stays usable: index page, largest type page, whole site, page count.
Exits 1 if a budget is exceeded: measure_report.py NVMOVE-REPORT JSON DIR [--max-seconds S]."""
import argparse
import os
import subprocess
import sys
import time

ap = argparse.ArgumentParser()
ap.add_argument("tool")
ap.add_argument("json")
ap.add_argument("dir")
ap.add_argument("--max-seconds", type=float, default=15.0)
ap.add_argument("--max-index-kb", type=int, default=1500)
ap.add_argument("--max-type-kb", type=int, default=100)
a = ap.parse_args()

start = time.monotonic()
subprocess.run([a.tool, "--force", a.json, a.dir], check=True)
seconds = time.monotonic() - start
sizes = {}
for dirpath, _, files in os.walk(a.dir):
    for f in files:
        p = os.path.join(dirpath, f)
        sizes[os.path.relpath(p, a.dir)] = os.path.getsize(p)
types = [s for p, s in sizes.items() if p.startswith("types" + os.sep)]
index_kb = sizes["index.html"] // 1024
type_kb = max(types) // 1024 if types else 0
print("json %d KB" % (os.path.getsize(a.json) // 1024))
print("render %.2f s" % seconds)
print("pages %d (type pages %d)" % (sum(p.endswith(".html") for p in sizes), len(types)))
print("index.html %d KB" % index_kb)
print("largest type page %d KB" % type_kb)
print("callgraph.svg %d KB" % (sizes.get("callgraph.svg", 0) // 1024))
print("site %d KB" % (sum(sizes.values()) // 1024))
ok = seconds <= a.max_seconds and index_kb <= a.max_index_kb and type_kb <= a.max_type_kb
print("WITHIN BUDGET" if ok else "OVER BUDGET")
sys.exit(0 if ok else 1)
