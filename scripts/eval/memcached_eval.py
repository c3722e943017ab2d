"""memcached 1.6.18's evaluation: plain, plain with its -e restart file, the port, the port under pmemcached; -t 1 and 4.

Run by examples/memcached/evaluate.sh, which builds the servers and YCSB and passes their paths.
"""
import argparse
import os
import shutil
import sys

import cli
import evalcore
import protocols
from harness import Variant

# Every variant runs with the options the port needs for crash safety (examples/memcached/
# README.md): no LRU crawler, no hash-table expansion, a table presized for 2M items.
COMMON = ["-U", "0", "-l", "127.0.0.1", "-c", "4096", "-o", "no_lru_crawler,no_hashexpand,hashpower=21"]


def variants(instrumented):
    """Each kind with 1 and 4 worker threads; ratios are to plain with as many threads. The
    durability and restart phases run with 4 threads only (memcached's default). With the
    delay-injected port, also that port under pmemcached, charged by address (only accesses to
    pool objects pay: the loads the runtime's model alone does not see)."""
    vs = []
    for t in (1, 4):
        base = "plain-t%d" % t
        kinds = [
            ("plain", "plain memcached", "plain", {}, False, "kill"),
            # memcached's own restart file, in RAM like the port's pool; it needs a graceful
            # stop (SIGUSR1) to be usable at the next start.
            ("plain-e", "plain with -e restart file", "plain", {}, True, "SIGUSR1"),
            ("port", "port (dram)", "port", {"PMEM_IS_PMEM_FORCE": "1"}, True, "kill"),
            ("port-pmc", "port, pmemcached preset (300 ns load, 100 ns barrier)", "port",
             {"PMEM_IS_PMEM_FORCE": "1", "PMS_NVM_MODEL": "pmemcached"}, True, "kill"),
        ]
        if instrumented:
            kinds.append(("port-pmc-inst", "delay-injected port, pmemcached, loads charged",
                          "instrumented", {"PMEM_IS_PMEM_FORCE": "1", "PMS_NVM_MODEL": "pmemcached",
                                           "PMS_NVM_CHARGE": "address"}, True, "kill"))
        for name, label, binary, env, pool, stop in kinds:
            # memcached refuses its restart file when it starts in the second it stopped in
            # (memcached.c: time_delta <= 0, "restart incompatible due to setting for
            # [stop_time]"): the -e restart waits for the next second.
            vs.append(Variant("%s-t%d" % (name, t), "%s, -t %d" % (label, t), binary,
                              ["-t", str(t)], env, pool=pool, stop=stop, restart=(t == 4),
                              baseline=base, restart_delay=1.05 if name == "plain-e" else 0.0))
    return vs


class MemcachedProgram:
    ycsb_db = "memcached"
    bench_name = "memcslap (set, get, mget)"

    def __init__(self, binaries, logdir, mem_mb, memcslap):
        self.bin, self.logdir, self.mem_mb, self.memcslap = binaries, logdir, mem_mb, memcslap

    def server(self, v, port, datadir, pool):
        argv = [self.bin[v.binary], "-u", "root", "-p", str(port), "-m", str(self.mem_mb)] + COMMON + v.args
        env = dict(v.env)
        if v.binary in ("port", "instrumented"):
            env.update(PMS_POOL=pool, PMS_POOL_SIZE="%dM" % (self.mem_mb + 512))
            if "LD_LIBRARY_PATH" in self.bin:
                env["LD_LIBRARY_PATH"] = self.bin["LD_LIBRARY_PATH"]
        elif pool:
            argv += ["-e", pool]
        log = os.path.join(self.logdir, "%s-%s.log" % (v.name, os.path.basename(datadir)))
        return evalcore.Server(argv, env, log, port, protocols.memcached_ready)

    @staticmethod
    def ycsb_props(port):
        return ["-p", "memcached.port=%d" % port]

    @staticmethod
    def connect(port):
        return protocols.Memcached(port, timeout=120)

    @staticmethod
    def set_batch(conn, lo, hi):
        return protocols.memcached_set_batch(conn, lo, hi)

    @staticmethod
    def count_present(port, lo, hi):
        return protocols.memcached_count_present(port, lo, hi)

    @staticmethod
    def before_stop(server, v):
        pass

    @staticmethod
    def recovery_seconds(log_text):
        return None  # memcached logs nothing about its restart without -vv

    def bench(self, server, v, run, results, s):
        threads = s.client_threads
        for test in ("set", "get", "mget"):
            out = os.path.join(results, "raw", "memcslap", v.name, test, "run%d.txt" % run)
            rc = evalcore.run_client([self.memcslap, "--servers=127.0.0.1:%d" % server.port,
                                      "--test=%s" % test, "--concurrency=%d" % threads,
                                      "--execute-number=%d" % max(1, s.bench_requests // threads)], out)
            if rc != 0:
                evalcore.progress("  memcslap %s on %s exited %d" % (test, v.name, rc))


def main(argv=None):
    ap = argparse.ArgumentParser(description="memcached evaluation (examples/memcached/evaluate.sh)")
    ap.add_argument("--results", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--pooldir", required=True, help="pool files of the port and -e memory files")
    ap.add_argument("--plain", required=True, help="memcached built like the port, not ported")
    ap.add_argument("--port-server", required=True, help="persist-rewriter port")
    ap.add_argument("--instrumented", default="", help="delay-injected port (optional)")
    ap.add_argument("--shim-lib", default="")
    ap.add_argument("--ycsb-run", required=True)
    ap.add_argument("--variants", default="")
    ap.add_argument("--phases", default="throughput,durability,restart")
    ap.add_argument("--mem-mb", type=int, default=int(os.environ.get("MEM_MB", "1024")))
    cli.harness_args(ap)
    a = ap.parse_args(argv)
    s = cli.settings_from(a)
    memcslap = shutil.which("memcslap") or shutil.which("memaslap")
    if not memcslap:
        sys.exit("evaluate: error: no memcslap (libmemcached-tools, scripts/setup.sh)")
    bindir = os.path.join(a.results, "bin")
    binaries = {"plain": evalcore.snapshot_binary(a.plain, bindir, "memcached"),
                "port": evalcore.snapshot_binary(a.port_server, bindir, "memcached-port")}
    if a.instrumented:
        binaries["instrumented"] = evalcore.snapshot_binary(a.instrumented, bindir,
                                                            "memcached-instrumented")
    if a.shim_lib:
        evalcore.snapshot_binary(a.shim_lib, bindir)
        binaries["LD_LIBRARY_PATH"] = bindir
    vs = cli.select(variants(bool(a.instrumented)), a.variants)
    prog = MemcachedProgram(binaries, os.path.join(a.results, "logs"), a.mem_mb, memcslap)
    return cli.run(prog, vs, s, a, "memcached", {"mem_mb": a.mem_mb, "options": " ".join(COMMON)})


if __name__ == "__main__":
    sys.exit(main())
