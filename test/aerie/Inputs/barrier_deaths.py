"""Simulated power failures at persist barriers: runs meta-workload's fixed
sequence once to number the pool's barriers (msyncs of the pool, through
pmem_shim's shadow interposer) and the operation each belongs to, then, for
each chosen barrier N, runs it again from the same fresh pool dying at N
(PMS_SHADOW_DIE_AT: the shadow holds barriers 1..N, nothing after), puts the
shadow in place of the pool and checks: fsck.aerie clean, a mount recovers
it, fsck clean again, every acknowledged operation present and the one in
flight either absent or complete, never half.

usage: barrier_deaths.py --workload PROG --mkfs MKFS --fsck FSCK --pool DIR
                         --shadow SHADOW_LIB [--rounds N] [--max K]
                         [--tfs AERIE_TFS] [--mkfs-opt OPT]...

--rounds: rounds of the sequence (meta-workload seq). --max: when the
sequence has more barriers, the deaths are the first and last barrier of
each operation (the mount and the unmount count as operations) and others
spread evenly, K in all (the mean gap between those is printed). With --tfs
the workload is a client of aerie-tfs; both processes number barriers in one
counter and whichever makes barrier N dies there (the other dies at its next
barrier, before copying it); the service is stopped with SIGTERM once the
client is gone, in the count too, so that its closing barriers are numbered.
Prints one summary line; exits 1 at the first death that fails.
"""
import argparse
import atexit
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from crash_loop import Model, fsck_after_crash, replay, run


def fail(msg):
    sys.exit("barrier-deaths: " + msg)


def positions(log):
    """Barrier number -> where it fell: "mount" before the first operation,
    the operation between its begin and its ack, "after OP" past OP's ack
    (after the last one: the unmount)."""
    where, now = {}, "mount"
    for line in log.splitlines():
        w = line.split()
        if w[:1] == ["barrier"]:
            where[int(w[1])] = now
        elif w[:1] == ["begin"]:
            now = " ".join(w[1:])
        elif line == "ack":
            now = "after " + now
    return where


def segments(where):
    """(first, last) barrier of each stretch that fell in one place."""
    segs = []
    for n in sorted(where):
        if segs and where[segs[-1][1]] == where[n] and segs[-1][1] == n - 1:
            segs[-1][1] = n
        else:
            segs.append([n, n])
    return segs


def choose(segs, total, most):
    """The barriers to die at and the mean stride between the others taken
    (1: all of them)."""
    if total <= most:
        return list(range(1, total + 1)), 1
    must = {b for seg in segs for b in seg}
    if len(must) > most:
        fail("--max %d is below the %d first and last barriers of the operations"
             % (most, len(must)))
    rest, room = [n for n in range(1, total + 1) if n not in must], most - len(must)
    extra = [rest[i * len(rest) // room] for i in range(room)]
    return sorted(must.union(extra)), len(rest) / room if room else 0


class Runner:
    """One run of the sequence from the fresh pool, optionally dying at a barrier."""

    def __init__(self, a, fresh, work):
        self.a, self.fresh = a, fresh
        self.pool = os.path.join(work, "fs.pool")
        self.shadow, self.count = self.pool + ".shadow", os.path.join(work, "count")
        self.trace, self.sock = os.path.join(work, "log"), os.path.join(work, "sock")
        self.env = dict(os.environ, LD_PRELOAD=a.shadow, PMS_SHADOW_POOL=self.pool,
                        PMS_SHADOW=self.shadow, PMS_SHADOW_COUNT=self.count,
                        PMS_SHADOW_TRACE=self.trace, PMEM_IS_PMEM_FORCE="0")
        self.env.pop("PMS_SHADOW_DIE_AT", None)

    def go(self, die_at=0):
        """Runs it; returns (log with barriers interleaved, service pid or None)."""
        for p in (self.pool, self.shadow):
            shutil.copyfile(self.fresh, p)
        for p in (self.count, self.trace):
            open(p, "wb").close()
        env = dict(self.env, PMS_SHADOW_DIE_AT=str(die_at)) if die_at else self.env
        srv = self.start_service(env) if self.a.tfs else None
        spec = "tfs:" + self.sock if srv else "local:" + self.pool
        with open(self.trace, "a") as log:
            if srv and srv.poll() is not None:  # died at a barrier of its start
                return self.read(), srv.pid
            wl = subprocess.Popen([self.a.workload, "seq", spec, str(self.a.rounds)],
                                  stdout=log, stderr=subprocess.STDOUT, env=env)
            try:
                wl.wait(timeout=120)
            except subprocess.TimeoutExpired:
                wl.kill()
                fail("the sequence did not end within 120 s (death at %d)" % die_at)
        if srv:
            # stopped as in the count, so that its closing barriers are there
            # too; past the death it dies at its next barrier, uncopied
            srv.send_signal(signal.SIGTERM)
            try:
                srv.wait(timeout=30)
            except subprocess.TimeoutExpired:
                srv.kill()
                fail("aerie-tfs did not stop within 30 s (death at %d)" % die_at)
        return self.read(), srv.pid if srv else None

    def read(self):
        with open(self.trace) as f:
            return f.read()

    def start_service(self, env):
        """aerie-tfs, serving once its socket is there, or dead at a barrier."""
        if os.path.exists(self.sock):
            os.unlink(self.sock)
        srv = subprocess.Popen([self.a.tfs, "--quiet", self.pool, self.sock], env=env)
        for _ in range(1000):
            if os.path.exists(self.sock) or srv.poll() == -signal.SIGKILL:
                return srv
            if srv.returncode is not None:
                break
            time.sleep(0.005)
        fail("aerie-tfs did not start")


def check_death(r, n, where):
    """Dies at barrier n; returns (acknowledged operations, one in flight,
    died in the service)."""
    log, srv_pid = r.go(n)
    last = [l.split() for l in log.splitlines() if l.startswith("barrier ")][-1:]
    if not last or int(last[0][1]) != n:
        fail("death at barrier %d: the run's barriers ended at %s"
             % (n, last[0][1] if last else "none"))
    now = positions(log)[n]
    if now != where:
        fail("barrier %d fell in '%s' when counted but in '%s' now: the sequence's "
             "barriers are not deterministic" % (n, where, now))
    model = Model()
    pending = replay(model, log)
    os.replace(r.shadow, r.pool)  # the power failed: only barriers 1..n remain
    fsck(r, n, where, "as left")
    d = run([r.a.workload, "dump", "local:" + r.pool])  # mounts: recovery
    fsck(r, n, where, "after recovery")
    got = sorted(d.stdout.splitlines())
    states = [model.lines()] + ([model.copy().apply(pending).lines()] if pending else [])
    if d.returncode != 0 or got not in states:
        want = states[0]
        fail("death at barrier %d (in %s): state differs\nmissing: %s\nextra: %s\n%s"
             % (n, where, [l for l in want if l not in got][:10],
                [l for l in got if l not in want][:10], d.stdout.strip()[-400:]))
    acked = sum(1 for l in log.splitlines() if l == "ack")
    return acked, pending is not None, srv_pid is not None and int(last[0][2]) == srv_pid


def fsck(r, n, where, stage):
    f = fsck_after_crash(r.a.fsck, r.pool)
    if f.returncode != 0:
        fail("death at barrier %d (in %s): fsck.aerie %s failed:\n%s%s"
             % (n, where, stage, f.stdout, f.stderr))


def main():
    ap = argparse.ArgumentParser()
    for opt in ("--workload", "--mkfs", "--fsck", "--pool", "--shadow"):
        ap.add_argument(opt, required=True)
    ap.add_argument("--tfs")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--max", type=int, default=0, help="0: every barrier")
    ap.add_argument("--mkfs-opt", action="append", default=[])
    a = ap.parse_args()
    if a.rounds < 1 or a.max < 0:
        ap.error("--rounds must be at least 1 and --max not negative")
    if not os.path.isdir(a.pool):
        ap.error("--pool must be a directory (/dev/shm): %s" % a.pool)
    work = tempfile.mkdtemp(prefix="aerie-barriers-", dir=a.pool)
    atexit.register(shutil.rmtree, work, True)
    fresh = os.path.join(work, "fresh.pool")
    subprocess.run([a.mkfs] + a.mkfs_opt + [fresh], check=True, capture_output=True)
    r = Runner(a, fresh, work)
    log, _ = r.go()
    if "done" not in log.splitlines():
        fail("the sequence failed without a death:\n%s" % log[-2000:])
    where = positions(log)
    total, segs = len(where), segments(where)
    if sorted(where) != list(range(1, total + 1)):
        fail("the barriers were not numbered 1..%d: is %s the shadow interposer?"
             % (total, a.shadow))
    deaths, stride = choose(segs, total, a.max or total)
    acked = inflight = in_srv = 0
    for n in deaths:
        k, p, s = check_death(r, n, where[n])
        acked, inflight, in_srv = acked + k, inflight + p, in_srv + s
    print("barrier-deaths: %d barriers in the sequence (%d operations), %d deaths (%s)%s, "
          "%d acknowledged operations checked, %d in flight, fsck clean every time, none lost"
          % (total, sum(l.startswith("begin ") for l in log.splitlines()), len(deaths),
             "every barrier" if stride == 1 else
             "first and last of each operation" +
             (" and one in %.1f of the others" % stride if stride else ""),
             " (%d in the service)" % in_srv if a.tfs else "", acked, inflight))


if __name__ == "__main__":
    main()
