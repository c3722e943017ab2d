"""The evaluation's tables (Markdown) from a loaded results directory: every figure median [min-max] with its ratio."""
from results import Spread


def num(x):
    if x is None:
        return "-"
    if abs(x) >= 100:
        return "%.0f" % x
    if abs(x) >= 10:
        return "%.1f" % x
    return "%.3g" % x


def ratio(x, base):
    if x is None or not base:
        return ""
    return " %.2fx" % (x / base)


def cell(spread, base=None, show_ratio=True):
    """"median [min-max] ratio" (no spread for a single run, no ratio without a baseline)."""
    if spread.median is None:
        return "-"
    s = num(spread.median)
    if spread.n > 1:
        s += " [%s-%s]" % (num(spread.lo), num(spread.hi))
    if show_ratio and base is not None:
        s += ratio(spread.median, base.median)
    return s


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out)


def ycsb_throughput(res):
    ws = ["load"] + res.workloads
    rows = []
    for v in res.variants:
        if v not in res.ycsb:
            continue
        rows.append([v] + [cell(res.ycsb_throughput(v, w), res.ycsb_throughput(res.base[v], w))
                           for w in ws])
    if not rows:
        return ""
    errs = {v: sum(res.ycsb_errors(v, w) for w in ws) for v in res.variants}
    note = ", ".join("%s %d" % (v, n) for v, n in errs.items() if n)
    return ("### YCSB throughput (ops/s; median [min-max] of %s; ratio to %s)\n\n" % (
        runs_of(res), res.baseline_note) + table(["variant"] + ws, rows) +
        ("\n\nFailed operations (Return=ERROR): " + note if note else "") + "\n")


def ycsb_latency(res, op):
    rows = []
    for v in res.variants:
        if v not in res.ycsb:
            continue
        row = [v]
        for w in res.workloads:
            p50, p99 = (res.ycsb_percentile(v, w, op, p) for p in (50.0, 99.0))
            b50, b99 = (res.ycsb_percentile(res.base[v], w, op, p) for p in (50.0, 99.0))
            if p50.median is None:
                row.append("-")
            else:
                row.append("%s / %s (%s / %s)" % (num(p50.median), num(p99.median),
                                                  ratio(p50.median, b50.median).strip(),
                                                  ratio(p99.median, b99.median).strip()))
        rows.append(row)
    if not rows:
        return ""
    return ("### YCSB %s latency p50 / p99 (us; median of %s; ratios to %s)\n\n" % (
        op, runs_of(res), res.baseline_note) + table(["variant"] + res.workloads, rows) + "\n")


def redis_benchmark(res, key, title):
    tests = res.bench_tests()
    vs = [v for v in res.variants if v in res.redis_benchmark]
    if not tests or not vs:
        return ""
    rows = []
    for t in tests:
        rows.append([t.split(" ")[0] if "needed" not in t else "LPUSH (for LRANGE)"] +
                    [cell(res.bench_value(v, t, key), res.bench_value(res.base[v], t, key)) for v in vs])
    return "### %s\n\n" % title + table(["test"] + vs, rows) + "\n"


def memcslap(res):
    tests = res.memcslap_tests()
    vs = [v for v in res.variants if v in res.memcslap]
    if not tests:
        return ""
    rows = [[t] + [cell(res.memcslap_rate(v, t), res.memcslap_rate(res.base[v], t)) for v in vs]
            for t in tests]
    return ("### memcslap (keys/s; median [min-max] of %s; ratio to %s)\n\n" % (
        runs_of(res), res.baseline_note) + table(["test"] + vs, rows) + "\n")


def durability(res):
    if not res.durability:
        return ""
    rows = []
    for d in sorted(res.durability, key=lambda d: res.variants.index(d["variant"])
                    if d["variant"] in res.variants else 99):
        answers = d.get("restarted") and d.get("found", 0) > 0
        rows.append([d["variant"], str(d["acked"]), str(d["lost"]),
                     str(d.get("in_flight_found", "-")), str(d.get("keys_after_restart", "-")),
                     "yes" if d.get("restarted") else "no: " + d.get("error", "")[:60],
                     "yes" if answers else "no", num(d.get("ready_s"))])
    return ("### Durability: SIGKILL after %s s of pipelined SETs, restart on the same files\n\n" %
            num(res.durability[0].get("seconds")) +
            table(["variant", "acknowledged", "lost", "in-flight found", "keys after restart",
                   "restarted", "answers with the data", "restart (s)"], rows) + "\n")


def restart(res):
    rows = []
    for v, keys, r in res.restart_rows():
        rs = r["restarts"]
        ready = Spread([x["ready_s"] for x in rs])
        rec = Spread([x.get("recovery_s") for x in rs])
        found = min((x["found"] for x in rs), default=0)
        mem = r.get("memory_filled", {})
        after = rs[-1]["memory"] if rs else {}
        pool = r.get("pool_file")
        rows.append([v, str(keys), cell(ready, show_ratio=False), cell(rec, show_ratio=False),
                     "%d" % found, mb(mem.get("rss_kb")), mb(after.get("rss_kb")),
                     mb(after.get("rss_file_kb")), mb(pool["size"] / 1024) if pool else "-"])
    if not rows:
        return ""
    return ("### Restart: exec to first answer, and the server's own recovery time (its log)\n\n" +
            table(["variant", "keys", "ready (s)", "recovery in log (s)", "keys found",
                   "RSS filled (MB)", "RSS restarted (MB)", "of it file/shm (MB)", "pool file (MB)"],
                  rows) + "\n")


def memory(res):
    rows = []
    for v in res.variants:
        m, pool = res.memory_of(v)
        if m["rss_kb"].median is None:
            continue
        rows.append([v, mb(m["rss_kb"].median), mb(m["rss_anon_kb"].median),
                     mb(m["rss_file_kb"].median), mb(pool.median / 1024) if pool.median else "-"])
    if not rows:
        return ""
    return ("### Memory after the YCSB runs (%s records; median of runs)\n\n" %
            res.meta["settings"].get("records") +
            table(["variant", "RSS (MB)", "anonymous (MB)", "file/shm, e.g. pool pages (MB)",
                   "pool file (MB)"], rows) + "\n")


def delays(res):
    if not res.delays:
        return ""
    rows = [[d.get("path", "delay"), num(d["requested_ns"]), num(d.get("achieved_ns_median")),
             "%s-%s" % (num(d.get("achieved_ns_min")), num(d.get("achieved_ns_max"))),
             "%+.1f %%" % d["error_pct"] if "error_pct" in d else "-"] for d in res.delays]
    return ("### NVM delays achieved by the runtime (pms-lat-bench on the server's CPU, before "
            "the runs)\n\n" + table(["path", "requested (ns)", "achieved median (ns)", "min-max (ns)",
                                      "error"], rows) + "\n")


def mb(kb):
    return "-" if kb is None else "%.0f" % (kb / 1024)


def runs_of(res):
    n = res.meta["settings"].get("repeat")
    return "%s run%s" % (n, "" if n == 1 else "s")


def header(res):
    m = res.meta
    s = m["settings"]
    lines = ["## %s evaluation (%s)" % (m["program"], m.get("date", "")), "",
             "- repository %s; port runtime (runtime/, persist-rewriter/) at %s" % (
                 m.get("repo_commit", "?"), m.get("runtime_commit", "?")),
             "- machine: %s, %s CPUs, %s GiB; server on CPU 0, clients on CPU 1; loopback" % (
                 m["machine"].get("cpu", "?"), m["machine"].get("cpus", "?"),
                 m["machine"].get("mem_gib", "?")),
             "- %s; YCSB %s records of 1 KB, up to %s operations or %s s per workload, %s client "
             "threads" % (runs_of(res), s.get("records"), s.get("ops"), s.get("max_seconds"),
                          s.get("client_threads")),
             "- variants: " + "; ".join("%s = %s" % (v, res.labels[v]) for v in res.variants)]
    if "elapsed_s" in m:
        lines.append("- the whole run took %.0f min" % (m["elapsed_s"] / 60))
    if "load_average" in m:
        lines.append("- load average (1 min) during the run: median %.2f, max %.2f (the "
                     "evaluation alone keeps it near 2)" % (m["load_average"]["median"],
                                                            m["load_average"]["max"]))
    return "\n".join(lines) + "\n"


def all_tables(res):
    parts = [header(res), ycsb_throughput(res), ycsb_latency(res, "READ"), ycsb_latency(res, "UPDATE")]
    if res.redis_benchmark:
        parts += [redis_benchmark(res, "rps", "redis-benchmark (requests/s; median [min-max] of %s; "
                                  "ratio to %s)" % (runs_of(res), res.baseline_note)),
                  redis_benchmark(res, "p99_ms", "redis-benchmark p99 latency (ms; median [min-max]"
                                  "; ratio to %s)" % res.baseline_note)]
    parts += [memcslap(res), durability(res), restart(res), memory(res), delays(res)]
    if res.failures:
        parts.append("### Failed measurements\n\n" + "\n".join(
            "- %s of %s %s: %s" % (f["phase"], f["variant"], f.get("args", ""), f["error"])
            for f in res.failures) + "\n")
    return "\n".join(p for p in parts if p)
