"""Command-line settings shared by the program evaluations, and the driver that runs their phases."""
import os
import sys

import evalcore
import harness
import report


def harness_args(ap):
    env = os.environ.get
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--repeat", type=int, default=int(env("REPEAT", "5")))
    ap.add_argument("--records", type=int, default=int(env("RECORDS", "100000")))
    ap.add_argument("--ops", type=int, default=int(env("OPS", "100000")))
    ap.add_argument("--max-seconds", type=int, default=int(env("MAX_SECONDS", "20")))
    ap.add_argument("--client-threads", type=int, default=int(env("CLIENT_THREADS", "4")))
    ap.add_argument("--workloads", default=env("WORKLOADS", "workloadc,workloadb,paper-read-heavy,"
                                                 "paper-balanced,workloada,paper-write-heavy"))
    ap.add_argument("--restart-keys", default=env("RESTART_KEYS", "100000,1000000"))
    ap.add_argument("--restart-repeat", type=int, default=int(env("RESTART_REPEAT", "3")))
    ap.add_argument("--durability-seconds", type=float, default=float(env("DURABILITY_SECONDS", "5")))
    ap.add_argument("--bench-requests", type=int, default=int(env("BENCH_REQUESTS", "50000")))


def settings_from(a):
    return harness.Settings(
        repeat=a.repeat, records=a.records, ops=a.ops, max_seconds=a.max_seconds,
        client_threads=a.client_threads, workloads=[w for w in a.workloads.split(",") if w],
        restart_keys=[int(k) for k in a.restart_keys.split(",") if k],
        restart_repeat=a.restart_repeat, durability_seconds=a.durability_seconds,
        bench_requests=a.bench_requests, quick=a.quick)


def select(vs, names):
    if not names:
        return vs
    want = [n for n in names.split(",") if n]
    known = {v.name: v for v in vs}
    bad = [n for n in want if n not in known]
    if bad:
        sys.exit("evaluate: error: unknown variant '%s' (known: %s)" % (bad[0], ", ".join(known)))
    return [known[n] for n in want]


def run(prog, vs, s, a, program_name, extra):
    """Writes meta.json, runs the phases, prints the tables and writes the plots."""
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    os.makedirs(a.results, exist_ok=True)
    meta = {"program": program_name, "baseline": vs[0].name,
            "variants": [{"name": v.name, "label": v.label, "baseline": v.baseline} for v in vs],
            "settings": dict(vars(s), **extra), "machine": evalcore.machine(),
            "date": evalcore.time.strftime("%Y-%m-%d"), "phases": a.phases.split(",")}
    meta.update(evalcore.provenance(repo))
    meta["binaries"] = evalcore.fingerprints(os.path.join(a.results, "bin"))
    # Other work on the machine shows here (the cores are shared): the 1-minute load average,
    # sampled at every progress line; the evaluation itself keeps about 2 busy.
    del evalcore.LOAD_SAMPLES[:]
    evalcore.write_json(os.path.join(a.results, "meta.json"), meta)
    if any("PMS_NVM_MODEL" in v.env for v in vs):
        achieved_delays(repo, a.results)
    ph = harness.Phases(prog, s, a.results, a.workdir, a.pooldir, [a.ycsb_run])
    t0 = evalcore.time.monotonic()
    # throughput = ycsb + bench (the second client); either alone re-runs half of it
    ycsb = "throughput" in meta["phases"] or "ycsb" in meta["phases"]
    bench = "throughput" in meta["phases"] or "bench" in meta["phases"]
    if ycsb or bench:
        ph.throughput(vs, ycsb=ycsb, bench=bench)
    if "durability" in meta["phases"]:
        for v in vs:
            if v.restart:
                guarded(ph.durability, v)
    if "restart" in meta["phases"]:
        for keys in s.restart_keys:
            for v in vs:
                if v.restart:
                    guarded(ph.restart, v, keys)
    meta["elapsed_s"] = round(evalcore.time.monotonic() - t0, 1)
    samples = sorted(evalcore.LOAD_SAMPLES) or [os.getloadavg()[0]]
    meta["load_average"] = {"median": round(samples[len(samples) // 2], 2),
                            "max": round(samples[-1], 2)}
    evalcore.write_json(os.path.join(a.results, "meta.json"), meta)
    return report.main([a.results])


def achieved_delays(repo, results):
    """The delays the runtime achieves on the server's CPU (pms-lat-bench, when built), saved
    next to the delayed variants' results."""
    bench = os.path.join(repo, "build", "bin", "pms-lat-bench")
    if not os.access(bench, os.X_OK):
        evalcore.progress("no %s: the achieved delays are not reported" % bench)
        return
    evalcore.progress("achieved delays: pms-lat-bench on CPU %s" % evalcore.SERVER_CPU)
    rc = evalcore.run_client([bench], os.path.join(results, "lat-bench.jsonl"), timeout=300,
                             cpu=evalcore.SERVER_CPU)
    if rc != 0:
        evalcore.progress("  pms-lat-bench exited %d" % rc)


def guarded(phase, v, *args):
    """Runs one measurement of V; a failure is reported and recorded, and the others go on."""
    try:
        phase(v, *args)
    except (RuntimeError, OSError) as e:
        evalcore.progress("FAILED: %s of %s %s: %s" % (phase.__name__, v.name, args, e))
        evalcore.append_json_list(os.path.join(phase.__self__.results, "failures.json"),
                                  {"phase": phase.__name__, "variant": v.name,
                                   "args": list(args), "error": str(e)})
