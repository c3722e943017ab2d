"""Loads a results directory (meta.json, raw client outputs, JSON records) into one model for tables and plots."""
import glob
import json
import os
import re
import statistics

import evalcore
import parse


def runs_in(directory, suffix):
    """Files runN<suffix> in DIRECTORY, by N."""
    files = glob.glob(os.path.join(directory, "run*" + suffix))
    num = lambda f: int(re.search(r"run(\d+)", os.path.basename(f)).group(1))
    return [f for f in sorted(files, key=num)]


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


class Spread:
    """Median and min-max of a list of numbers (None entries, failed runs, are left out)."""

    def __init__(self, values):
        self.values = [v for v in values if v is not None]
        self.n = len(self.values)
        self.median = statistics.median(self.values) if self.values else None
        self.lo = min(self.values) if self.values else None
        self.hi = max(self.values) if self.values else None


class Results:
    def __init__(self, path):
        self.path = path
        self.meta = evalcore.read_json(os.path.join(path, "meta.json"))
        if self.meta is None:
            raise FileNotFoundError("no meta.json in %s" % path)
        self.variants = [v["name"] for v in self.meta["variants"]]
        self.labels = {v["name"]: v["label"] for v in self.meta["variants"]}
        self.baseline = self.meta["baseline"]
        # Each variant's ratios are to its own baseline (memcached: the plain server with as
        # many worker threads), by default the program's.
        self.base = {v["name"]: v.get("baseline") or self.baseline for v in self.meta["variants"]}
        self.baseline_note = self.baseline if len(set(self.base.values())) == 1 else \
            "the in-memory original with as many threads"
        self.workloads = [w for w in self.meta["settings"].get("workloads", [])]
        self.ycsb = self._ycsb()
        self.redis_benchmark = self._per_run("redis-benchmark", ".csv", parse.redis_benchmark)
        self.memcslap = self._memcslap()
        self.durability = evalcore.read_json(os.path.join(path, "durability.json"), [])
        self.restart = evalcore.read_json(os.path.join(path, "restart.json"), [])
        self.memory = evalcore.read_json(os.path.join(path, "memory.json"), [])
        self.delays = self._delays()
        self.failures = evalcore.read_json(os.path.join(path, "failures.json"), [])

    def _delays(self):
        """pms-lat-bench's JSON lines (requested and achieved delays), [] when not measured."""
        path = os.path.join(self.path, "lat-bench.jsonl")
        out = []
        if os.path.exists(path):
            for line in read(path).splitlines():
                try:
                    rec = json.loads(line)
                except ValueError:
                    continue
                if isinstance(rec, dict) and "requested_ns" in rec:
                    out.append(rec)
        return out

    def _ycsb(self):
        """{variant: {workload: [parsed run or None, ...]}}, "load" included."""
        out = {}
        for v in self.variants:
            for w in ["load"] + self.workloads:
                d = os.path.join(self.path, "raw", "ycsb", v, w)
                files = runs_in(d, ".txt")
                if files:
                    out.setdefault(v, {})[w] = [parse.ycsb(read(f)) for f in files]
        return out

    def _per_run(self, client, suffix, parser):
        out = {}
        for v in self.variants:
            files = runs_in(os.path.join(self.path, "raw", client, v), suffix)
            if files:
                out[v] = [parser(read(f)) for f in files]
        return out

    def _memcslap(self):
        """{variant: {test: [parsed run, ...]}}."""
        out = {}
        for v in self.variants:
            base = os.path.join(self.path, "raw", "memcslap", v)
            for test in sorted(os.listdir(base)) if os.path.isdir(base) else []:
                out.setdefault(v, {})[test] = [parse.memcslap(read(f))
                                               for f in runs_in(os.path.join(base, test), ".txt")]
        return out

    # -- figures -------------------------------------------------------------------------------
    def ycsb_throughput(self, v, w):
        return Spread([r["throughput"] if r else None for r in self.ycsb.get(v, {}).get(w, [])])

    def ycsb_percentile(self, v, w, op, pct):
        vals = []
        for r in self.ycsb.get(v, {}).get(w, []):
            o = r and r["ops"].get(op)
            vals.append(o["pct"].get(pct) if o else None)
        return Spread(vals)

    def ycsb_errors(self, v, w):
        """Operations that did not return OK (or NOT_FOUND) in all runs of V on W."""
        n = 0
        for r in self.ycsb.get(v, {}).get(w, []):
            for o in (r or {"ops": {}})["ops"].values():
                n += sum(c for k, c in o["returns"].items() if k not in ("OK", "NOT_FOUND"))
        return n

    def bench_tests(self):
        tests = []
        for runs in self.redis_benchmark.values():
            for r in runs:
                for t in r:
                    if t not in tests:
                        tests.append(t)
        return tests

    def bench_value(self, v, test, key):
        return Spread([r.get(test, {}).get(key) if r else None for r in self.redis_benchmark.get(v, [])])

    def memcslap_tests(self):
        order = ["set", "get", "mget"]
        seen = {t for runs in self.memcslap.values() for t in runs}
        return [t for t in order if t in seen] + sorted(seen - set(order))

    def memcslap_rate(self, v, test):
        return Spread([r["ops_per_s"] if r else None for r in self.memcslap.get(v, {}).get(test, [])])

    def restart_rows(self):
        """(variant, keys, record) in variant order, then by keys."""
        order = {v: i for i, v in enumerate(self.variants)}
        return sorted(((r["variant"], r["keys"], r) for r in self.restart),
                      key=lambda t: (order.get(t[0], 99), t[1]))

    def memory_of(self, v):
        rows = [m for m in self.memory if m.get("variant") == v]
        pool = [m["pool_file"]["size"] if m.get("pool_file") else None for m in rows]
        return {k: Spread([m.get(k) for m in rows]) for k in ("rss_kb", "rss_anon_kb", "rss_file_kb")}, \
            Spread(pool)
