"""Parsers of the clients' raw outputs: YCSB's text report, redis-benchmark --csv, memcslap."""
import csv
import io
import re

YCSB_LINE = re.compile(r"^\[([A-Z_-]+)\], (.+?), (\S+)$")
YCSB_PCT = re.compile(r"^([0-9.]+)(?:st|nd|rd|th)?PercentileLatency\(us\)$")


def ycsb(text):
    """{"throughput": ops/s, "runtime_ms": ms, "ops": {OP: {"count", "avg_us", "pct": {p: us},
    "returns": {name: n}}}}; None when TEXT has no [OVERALL] throughput (the run failed)."""
    res = {"ops": {}}
    for line in text.splitlines():
        m = YCSB_LINE.match(line.strip())
        if not m:
            continue
        section, name, value = m.groups()
        if section == "OVERALL":
            if name == "Throughput(ops/sec)":
                res["throughput"] = float(value)
            elif name == "RunTime(ms)":
                res["runtime_ms"] = float(value)
            continue
        if section.startswith("TOTAL_GC") or section == "CLEANUP":
            continue
        op = res["ops"].setdefault(section, {"pct": {}, "returns": {}})
        p = YCSB_PCT.match(name)
        if p:
            op["pct"][float(p.group(1))] = float(value)
        elif name == "Operations":
            op["count"] = int(value)
        elif name == "AverageLatency(us)":
            op["avg_us"] = float(value)
        elif name.startswith("Return="):
            op["returns"][name[len("Return="):]] = int(value)
    return res if "throughput" in res else None


def redis_benchmark(text):
    """{test: {"rps": r, "p50_ms": .., "p99_ms": .., ...}} from redis-benchmark --csv, tests in order."""
    out = {}
    rows = csv.reader(io.StringIO(text))
    header = None
    for row in rows:
        if not row:
            continue
        if row[0] == "test":
            header = row
            continue
        if header is None or len(row) != len(header):
            continue
        rec = {}
        for k, v in zip(header[1:], row[1:]):
            try:
                rec[k.replace("_latency", "")] = float(v)
            except ValueError:
                pass
        # "LPUSH (needed to benchmark LRANGE)" -> "LPUSH (needed to benchmark LRANGE)": kept
        # as is; the short name is what comes before a space.
        out[row[0]] = rec
    return out


MEMCSLAP = re.compile(r"Time to (set|get|mget)\s+(\d+) keys by\s+(\d+) threads:\s+([0-9.]+) seconds")


def memcslap(text):
    """{"test", "keys", "threads", "seconds", "ops_per_s"} of memcslap's timed phase, or None."""
    m = MEMCSLAP.search(text)
    if not m:
        return None
    test, keys, threads, secs = m.group(1), int(m.group(2)), int(m.group(3)), float(m.group(4))
    return {"test": test, "keys": keys, "threads": threads, "seconds": secs,
            "ops_per_s": keys / secs if secs > 0 else None}
