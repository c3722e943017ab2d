"""The evaluation's phases for any program: interleaved YCSB and benchmark runs, SIGKILL durability, restart.

A program module (redis_eval.py, memcached_eval.py) describes its variants and supplies a
Program object: how to start a variant's server, fill and check keys, and run its own
benchmark client. Everything measured is written to the results directory as raw client output
or JSON; report.py turns that into tables and plots.
"""
import os
import signal
import threading
import time
from dataclasses import dataclass, field

import evalcore
from evalcore import progress


@dataclass
class Variant:
    """One server configuration. BINARY names an entry of the program's binaries; STOP is how
    a restart measurement stops the server before restarting it ("kill" = SIGKILL, or a
    signal name for a graceful stop that the variant needs to keep its data)."""
    name: str
    label: str
    binary: str
    args: list = field(default_factory=list)
    env: dict = field(default_factory=dict)
    pool: bool = False
    stop: str = "kill"
    restart: bool = True
    sync: str = ""
    baseline: str = ""
    restart_delay: float = 0.0


@dataclass
class Settings:
    repeat: int = 5
    records: int = 100000
    ops: int = 200000
    max_seconds: int = 30
    client_threads: int = 4
    workloads: list = field(default_factory=list)
    restart_keys: list = field(default_factory=lambda: [100000, 1000000])
    restart_repeat: int = 3
    durability_seconds: float = 5.0
    bench_requests: int = 100000
    quick: bool = False


class Phases:
    """Runs the phases of one program into RESULTS (a results directory)."""

    def __init__(self, program, settings, results, workdir, pooldir, ycsb_run):
        self.p, self.s, self.results = program, settings, results
        self.workdir, self.pooldir, self.ycsb_run = workdir, pooldir, ycsb_run

    # -- servers -------------------------------------------------------------------------
    def fresh(self, v, tag):
        """A server for V on a new data directory (and a new pool file for the port)."""
        d = evalcore.clean_dir(os.path.join(self.workdir, "%s-%s" % (v.name, tag)))
        pool = os.path.join(self.pooldir, "%s-%s.pool" % (v.name, tag)) if v.pool else None
        remove_pool(pool)
        return self.p.server(v, evalcore.free_port(), d, pool), d, pool

    def discard(self, server, d, pool):
        server.kill()
        evalcore.clean_dir(d)
        remove_pool(pool)

    # -- throughput and latency ------------------------------------------------------------
    def ycsb(self, v, run):
        server, d, pool = self.fresh(v, "ycsb")
        server.start()
        base = os.path.join(self.results, "raw", "ycsb", v.name)
        props = self.p.ycsb_props(server.port) + [
            "-p", "recordcount=%d" % self.s.records, "-p", "operationcount=%d" % self.s.ops,
            "-threads", str(self.s.client_threads)]
        # The load is not cut at max_seconds: a slow variant would run its workloads on part
        # of the records, its reads missing (cheap NOT_FOUNDs) where the others hit.
        timed = props + ["-p", "maxexecutiontime=%d" % self.s.max_seconds]
        try:
            progress("run %d/%d %s: YCSB load of %d records" % (run, self.s.repeat, v.name, self.s.records))
            out = os.path.join(base, "load", "run%d.txt" % run)
            rc = evalcore.run_client(self.ycsb_run + ["load", "--db", self.p.ycsb_db, "-P",
                                                      self.s.workloads[0]] + props, out)
            if rc != 0:
                raise RuntimeError("YCSB load failed (exit %d, %s.err)" % (rc, out))
            for w in self.s.workloads:
                progress("run %d/%d %s: YCSB %s" % (run, self.s.repeat, v.name, w))
                out = os.path.join(base, w, "run%d.txt" % run)
                rc = evalcore.run_client(self.ycsb_run + ["run", "--db", self.p.ycsb_db, "-P", w] + timed, out)
                if rc != 0:
                    progress("  YCSB %s on %s exited %d (%s.err)" % (w, v.name, rc, out))
            mem = server.memory()
            mem.update(variant=v.name, run=run, records=self.s.records, pool_file=pool_bytes(pool))
            evalcore.append_json_list(os.path.join(self.results, "memory.json"), mem)
        finally:
            self.discard(server, d, pool)

    def bench(self, v, run):
        server, d, pool = self.fresh(v, "bench")
        server.start()
        try:
            progress("run %d/%d %s: %s" % (run, self.s.repeat, v.name, self.p.bench_name))
            self.p.bench(server, v, run, self.results, self.s)
        finally:
            self.discard(server, d, pool)

    def throughput(self, variants, ycsb=True, bench=True):
        # The order turns by one place every run: a variant's place in a run biases its
        # figures on a small machine (docs/persist-rewriter.md, issue 11 twelfth round), and a
        # fixed order would hand that bias to the same variant every time.
        for run in range(1, self.s.repeat + 1):
            k = (run - 1) % len(variants) if variants else 0
            for v in variants[k:] + variants[:k]:
                if ycsb and self.s.workloads:
                    self.ycsb(v, run)
                if bench:
                    self.bench(v, run)

    # -- durability ------------------------------------------------------------------------
    def durability(self, v):
        """Writes pipelined batches of keys for durability_seconds, SIGKILLs the server, starts it
        again on the same files and counts the acknowledged keys that came back."""
        server, d, pool = self.fresh(v, "durability")
        server.start()
        acked = sent = 0
        batch = 100
        killer = threading.Timer(self.s.durability_seconds, server.proc.send_signal, [signal.SIGKILL])
        try:
            conn = self.p.connect(server.port)
            killer.start()
            try:
                while True:
                    sent = acked + batch
                    acked += self.p.set_batch(conn, acked, acked + batch)
            except OSError:
                pass
            finally:
                conn.close()
            killer.join()
            server.proc.wait()
            progress("durability %s: SIGKILL after %d acknowledged writes; restarting" % (v.name, acked))
            rec = {"variant": v.name, "seconds": self.s.durability_seconds, "acked": acked}
            try:
                rec["ready_s"] = round(server.start(), 4)
                found, total = self.p.count_present(server.port, 0, acked)
                inflight, _ = self.p.count_present(server.port, acked, sent)
                rec.update(restarted=True, found=found, lost=acked - found, in_flight_found=inflight,
                           keys_after_restart=total)
            except RuntimeError as e:
                rec.update(restarted=False, error=str(e), lost=acked, found=0)
            evalcore.append_json_list(os.path.join(self.results, "durability.json"), rec)
        finally:
            killer.cancel()
            self.discard(server, d, pool)

    # -- restart -----------------------------------------------------------------------------
    def restart(self, v, keys):
        """Fills KEYS keys, stops the server the variant's way, and times restart_repeat restarts
        (exec to first answer), with the server's own recovery time from its log when it gives
        one, the keys found and the memory before and after."""
        server, d, pool = self.fresh(v, "restart-%d" % keys)
        server.start()
        try:
            progress("restart %s: filling %d keys" % (v.name, keys))
            t0 = time.monotonic()
            conn = self.p.connect(server.port)
            for lo in range(0, keys, 1000):
                hi = min(keys, lo + 1000)
                if self.p.set_batch(conn, lo, hi) != hi - lo:
                    raise RuntimeError("%s: not every key of %d..%d was stored" % (v.name, lo, hi))
            conn.close()
            fill_s = time.monotonic() - t0
            before = server.memory()
            self.p.before_stop(server, v)
            rec = {"variant": v.name, "keys": keys, "fill_s": round(fill_s, 3), "memory_filled": before,
                   "pool_file": pool_bytes(pool), "restarts": []}
            for r in range(self.s.restart_repeat):
                self.stop(server, v)
                time.sleep(v.restart_delay)
                mark = log_size(server.log)
                ready = server.start()
                found, total = self.p.count_present(server.port, 0, keys)
                one = {"ready_s": round(ready, 4), "found": found, "keys_after_restart": total,
                       "recovery_s": self.p.recovery_seconds(read_from(server.log, mark)),
                       "memory": server.memory()}
                rec["restarts"].append(one)
                progress("restart %s %d keys: ready in %.3f s, %d found" % (v.name, keys, ready, found))
                self.p.before_stop(server, v)
            evalcore.append_json_list(os.path.join(self.results, "restart.json"), rec)
        finally:
            self.discard(server, d, pool)

    @staticmethod
    def stop(server, v):
        if v.stop == "kill":
            server.kill(signal.SIGKILL)
        else:
            server.kill(getattr(signal, v.stop))


def remove_pool(pool):
    """Removes a pool file (or memcached's -e memory file and its .meta)."""
    for f in (pool, pool and pool + ".meta"):
        if f and os.path.exists(f):
            os.unlink(f)


def pool_bytes(pool):
    if not pool or not os.path.exists(pool):
        return None
    st = os.stat(pool)
    return {"size": st.st_size, "allocated": st.st_blocks * 512}


def log_size(path):
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def read_from(path, offset):
    try:
        with open(path, "rb") as f:
            f.seek(offset)
            return f.read().decode("utf-8", "replace")
    except OSError:
        return ""
