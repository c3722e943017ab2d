"""Redis 7.0.15's evaluation: its variants (in-memory, RDB, AOF, the port, delay-injected ports) and client.

Run by examples/redis/evaluate.sh, which builds the servers and YCSB and passes their paths.
"""
import argparse
import os
import re
import sys
import time

import cli
import evalcore
import protocols
from harness import Variant

NO_PERSISTENCE = ["--save", "", "--appendonly", "no"]


def variants(instrumented):
    """Every variant, the baseline (in-memory original) first."""
    vs = [
        Variant("inmem", "in-memory (no persistence)", "plain", NO_PERSISTENCE),
        Variant("rdb-1s", "RDB save 1 1", "plain", ["--save", "1 1", "--appendonly", "no"]),
        # Redis 7's built-in save points, written out: no config file is given.
        Variant("rdb-default", "RDB default save points", "plain",
                ["--save", "3600 1 300 100 60 10000", "--appendonly", "no"]),
        Variant("aof-everysec", "AOF appendfsync everysec", "plain",
                ["--save", "", "--appendonly", "yes", "--appendfsync", "everysec"]),
        Variant("aof-always", "AOF appendfsync always", "plain",
                ["--save", "", "--appendonly", "yes", "--appendfsync", "always"]),
        Variant("port", "port (dram)", "port", NO_PERSISTENCE, {"PMEM_IS_PMEM_FORCE": "1"}, pool=True),
    ]
    # --- Delay-injected variants (hook) ------------------------------------------------------
    # The port instrumented by the delay-injector (INSTRUMENTED_PORT_SERVER), charged by address
    # so that only objects in the pool pay. A later change can add models, modes or settings
    # here: each entry is (name, label, extra environment).
    delayed = [
        ("port-sttram-cons", "port, STT-RAM conservative",
         {"PMS_NVM_MODEL": "sttram", "PMS_NVM_MODE": "conservative"}),
        ("port-sttram-real", "port, STT-RAM realistic",
         {"PMS_NVM_MODEL": "sttram", "PMS_NVM_MODE": "realistic"}),
        ("port-pcm-cons", "port, PCM conservative",
         {"PMS_NVM_MODEL": "pcm", "PMS_NVM_MODE": "conservative"}),
        ("port-pcm-real", "port, PCM realistic",
         {"PMS_NVM_MODEL": "pcm", "PMS_NVM_MODE": "realistic"}),
    ]
    if instrumented:
        for name, label, env in delayed:
            env = dict(env, PMS_NVM_CHARGE="address", PMEM_IS_PMEM_FORCE="1")
            vs.append(Variant(name, label, "instrumented", NO_PERSISTENCE, env, pool=True))
    for v in vs:
        # What makes each variant's data durable before a restart measurement stops it.
        v.sync = "SAVE" if v.name.startswith("rdb") else ""
    return vs


LOADED = re.compile(r"DB loaded from (?:disk|append only file): ([0-9.]+) seconds")


class RedisProgram:
    ycsb_db = "redis"
    bench_name = "redis-benchmark (all default tests)"

    def __init__(self, binaries, logdir, pool_size):
        self.bin, self.logdir, self.pool_size = binaries, logdir, pool_size

    def server(self, v, port, datadir, pool):
        argv = [self.bin[v.binary], "--port", str(port), "--bind", "127.0.0.1", "--dir", datadir,
                "--logfile", "", "--daemonize", "no"] + v.args
        env = dict(v.env)
        if pool:
            env.update(PMS_POOL=pool, PMS_POOL_SIZE=self.pool_size)
        if v.binary in ("port", "instrumented") and "LD_LIBRARY_PATH" in self.bin:
            env["LD_LIBRARY_PATH"] = self.bin["LD_LIBRARY_PATH"]
        log = os.path.join(self.logdir, "%s-%s.log" % (v.name, os.path.basename(datadir)))
        return evalcore.Server(argv, env, log, port, protocols.redis_ready)

    @staticmethod
    def ycsb_props(port):
        return ["-p", "redis.port=%d" % port]

    @staticmethod
    def connect(port):
        return protocols.Redis(port, timeout=120)

    @staticmethod
    def set_batch(conn, lo, hi):
        return protocols.redis_set_batch(conn, lo, hi)

    @staticmethod
    def count_present(port, lo, hi):
        return protocols.redis_count_present(port, lo, hi)

    @staticmethod
    def before_stop(server, v):
        if v.sync:
            with protocols.Redis(server.port, timeout=600) as c:
                # A background save started by the save points refuses SAVE: wait it out.
                while b"rdb_bgsave_in_progress:1" in c.cmd(b"INFO", b"persistence"):
                    time.sleep(0.05)
                r = c.cmd(v.sync.encode())
                if r != b"OK":
                    raise RuntimeError("%s: %s answered %r" % (v.name, v.sync, r))

    @staticmethod
    def recovery_seconds(log_text):
        m = LOADED.search(log_text)
        return float(m.group(1)) if m else None

    def bench(self, server, v, run, results, s):
        out = os.path.join(results, "raw", "redis-benchmark", v.name, "run%d.csv" % run)
        rc = evalcore.run_client(["redis-benchmark", "-p", str(server.port), "-n",
                                  str(s.bench_requests), "--csv"], out)
        if rc != 0:
            evalcore.progress("  redis-benchmark on %s exited %d" % (v.name, rc))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Redis evaluation (examples/redis/evaluate.sh)")
    ap.add_argument("--results", required=True)
    ap.add_argument("--workdir", required=True, help="data directories (RDB, AOF): on disk")
    ap.add_argument("--pooldir", required=True, help="pool files of the port")
    ap.add_argument("--plain", required=True, help="pristine redis-server")
    ap.add_argument("--port-server", required=True, help="persist-rewriter port")
    ap.add_argument("--instrumented", default="", help="delay-injected port (optional)")
    ap.add_argument("--shim-lib", default="", help="libpmem_shim.so.0 to snapshot with the port")
    ap.add_argument("--ycsb-run", required=True)
    ap.add_argument("--variants", default="", help="comma-separated subset of variant names")
    ap.add_argument("--phases", default="throughput,durability,restart")
    cli.harness_args(ap)
    a = ap.parse_args(argv)
    s = cli.settings_from(a)
    bindir = os.path.join(a.results, "bin")
    binaries = {"plain": evalcore.snapshot_binary(a.plain, bindir, "redis-server"),
                "port": evalcore.snapshot_binary(a.port_server, bindir, "redis-server-port")}
    if a.instrumented:
        binaries["instrumented"] = evalcore.snapshot_binary(a.instrumented, bindir,
                                                            "redis-server-instrumented")
    if a.shim_lib:
        evalcore.snapshot_binary(a.shim_lib, bindir)
        binaries["LD_LIBRARY_PATH"] = bindir
    vs = cli.select(variants(bool(a.instrumented)), a.variants)
    pool_size = "%dM" % max(1024, a.records * 3 // 1024, max(s.restart_keys or [0]) * 3 // 1024)
    prog = RedisProgram(binaries, os.path.join(a.results, "logs"), pool_size)
    return cli.run(prog, vs, s, a, "redis", {"pool_size": pool_size})


if __name__ == "__main__":
    sys.exit(main())
