"""Kills a metadata-heavy workload with SIGKILL, again and again, and checks
after each kill that fsck.aerie finds the file system clean and that every
acknowledged operation is there (the one in flight may or may not be).

usage: crash_loop.py --workload PROG --mkfs MKFS --fsck FSCK --pool POOL
                     [--tfs AERIE_TFS] [--kills N] [--seed S] [--power-loss SHADOW_LIB]
                     [--mkfs-opt OPT]...

With --tfs, the workload is a client of aerie-tfs, and each round kills
either the client or the service (one round in three), then the service.
With --power-loss, each round is a simulated power failure: the pool is
treated as not pmem (PMEM_IS_PMEM_FORCE=0, so every persist is an msync),
the LD_PRELOAD library SHADOW_LIB (test/pmem_shim/Inputs/power-loss-shadow.c)
copies each msynced range into a shadow of the pool, and after the kill the
shadow -- only what was made durable -- replaces the pool.
When POOL is a directory (/dev/shm: msync on a disk file system is too slow
for tens of rounds), the pool is a new file in it, removed at the end.
--mkfs-opt passes OPT to mkfs.aerie (e.g. --alloc=fbst, --dirs=gather-free).
Prints one summary line; exits 1 at the first round that fails.
"""
import argparse
import atexit
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

MASK = (1 << 32) - 1


def content(seed, length):
    if seed < 0:  # the zeros a truncate past the end reads back
        return bytes(length)
    return bytes((seed * 31 + j * 7 + (j >> 8)) & 0xFF for j in range(length))


def fnv(data):
    h = 2166136261
    for b in data:
        h = ((h ^ b) * 16777619) & MASK
    return h


def cut(segs, size):
    """The segments of a file truncated (or extended with zeros) to size."""
    out, left = [], size
    for seed, n in segs:
        if left > 0:
            out.append((seed, min(n, left)))
        left -= n
    if left > 0:
        out.append((-1, left))
    return tuple(out)


class Model:
    """What the file system must hold: paths and keys with their contents."""

    def __init__(self):
        self.dirs, self.files, self.keys = set(), {}, {}

    def copy(self):
        m = Model()
        m.dirs, m.files, m.keys = set(self.dirs), dict(self.files), dict(self.keys)
        return m

    def apply(self, op):
        """Files and values are kept as (seed, length) segments, made into bytes
        only when compared."""
        kind, args = op[0], op[1:]
        if kind == "mkdir":
            self.dirs.add(args[0])
        elif kind == "rmdir":
            self.dirs.discard(args[0])
        elif kind == "create":
            self.files[args[0]] = ((int(args[1]), int(args[2])),)
        elif kind == "rename":
            self.files[args[1]] = self.files.pop(args[0])
        elif kind == "write":  # at offset 0 of an empty file
            self.files[args[0]] = ((int(args[1]), int(args[2])),)
        elif kind == "append":
            self.files[args[0]] += ((int(args[1]), int(args[2])),)
        elif kind == "truncate":
            self.files[args[0]] = cut(self.files[args[0]], int(args[1]))
        elif kind == "unlink":
            del self.files[args[0]]
        elif kind == "put":
            self.keys[args[0]] = ((int(args[1]), int(args[2])),)
        elif kind == "delete":
            del self.keys[args[0]]
        return self

    def lines(self):
        def line(tag, name, segs):
            c = b"".join(content(s, n) for s, n in segs)
            return "%s %s %d %08x" % (tag, name, len(c), fnv(c))
        out = ["d " + d for d in self.dirs]
        out += [line("f", p, segs) for p, segs in self.files.items()]
        out += [line("k", k, segs) for k, segs in self.keys.items()]
        return sorted(out)


def complete_lines(log):
    """The log's whole lines. A kill can cut the last one short: a write that
    crosses a page of the log file is copied a page at a time, and SIGKILL
    stops it between pages. A cut "begin" was printed before its operation
    started, a cut "ack" after it finished; either way the operation is in
    flight at most."""
    return log.split("\n")[:-1]


def replay(model, log):
    """Applies the acknowledged operations of one run; returns the one in flight."""
    pending = None
    for line in complete_lines(log):
        if line.startswith("begin "):
            pending = line.split()[1:]
        elif line == "ack" and pending:
            model.apply(pending)
            pending = None
    return pending


def acceptable(model, pending):
    """The states a crash may leave: before the operation in flight or after it."""
    states = [model.lines()]
    if pending:
        states.append(model.copy().apply(pending).lines())
        if pending[0] == "create":  # created, but killed before its data was written
            states.append(model.copy().apply(["create", pending[1], "0", "0"]).lines())
    return states


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def fsck_after_crash(fsck, pool):
    """fsck.aerie; a killed service's checker child may hold the pool a moment."""
    for _ in range(50):
        r = run([fsck, pool])
        if "in use by another process" not in r.stderr:
            return r
        time.sleep(0.02)
    return r


def start_tfs(tfs, pool, sock, env):
    if os.path.exists(sock):
        os.unlink(sock)  # a killed service's socket: wait for the new one
    srv = subprocess.Popen([tfs, "--quiet", pool, sock], env=env)
    for _ in range(500):
        if os.path.exists(sock):
            return srv
        if srv.poll() is not None:
            break
        time.sleep(0.01)
    sys.exit("crash_loop: aerie-tfs did not start")


def main():
    ap = argparse.ArgumentParser()
    for opt in ("--workload", "--mkfs", "--fsck", "--pool"):
        ap.add_argument(opt, required=True)
    ap.add_argument("--tfs")
    ap.add_argument("--kills", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--power-loss")
    ap.add_argument("--mkfs-opt", action="append", default=[])
    a = ap.parse_args()
    rng = random.Random(a.seed)
    if os.path.isdir(a.pool):
        fd, a.pool = tempfile.mkstemp(prefix="aerie-crash-", suffix=".pool", dir=a.pool)
        os.close(fd)
        atexit.register(lambda: [os.unlink(p) for p in (a.pool, a.pool + ".shadow")
                                 if os.path.exists(p)])
    if os.path.exists(a.pool):
        os.unlink(a.pool)
    subprocess.run([a.mkfs] + a.mkfs_opt + [a.pool], check=True, capture_output=True)
    model, acked, inflight, tfs_kills = Model(), 0, 0, 0
    sock_dir = tempfile.mkdtemp(prefix="aerie-")
    atexit.register(shutil.rmtree, sock_dir, True)
    sock = os.path.join(sock_dir, "s")
    env, shadow = dict(os.environ), os.path.abspath(a.pool) + ".shadow"
    if a.power_loss:
        env.update(LD_PRELOAD=a.power_loss, PMS_SHADOW_POOL=os.path.abspath(a.pool),
                   PMS_SHADOW=shadow, PMEM_IS_PMEM_FORCE="0")
    for r in range(a.kills):
        if a.power_loss:
            shutil.copyfile(a.pool, shadow)
        srv = start_tfs(a.tfs, a.pool, sock, env) if a.tfs else None
        spec = "tfs:" + sock if a.tfs else "local:" + a.pool
        logf = tempfile.TemporaryFile(mode="w+")
        wl = subprocess.Popen([a.workload, "run", spec, str(r)], stdout=logf, stderr=subprocess.STDOUT,
                              env=env)
        time.sleep(rng.uniform(0.02, 0.12))
        victim = srv if srv and rng.random() < 1 / 3 else wl
        tfs_kills += victim is srv
        victim.send_signal(signal.SIGKILL)
        if srv:
            time.sleep(0.01)
            for p in (wl, srv):
                if p.poll() is None:
                    p.send_signal(signal.SIGKILL)
        wl.wait()
        if srv:
            srv.wait()
        if a.power_loss:
            os.replace(shadow, a.pool)  # the power failed: only durable bytes remain
        logf.seek(0)
        log = logf.read()
        if os.environ.get("CRASH_LOOP_VERBOSE"):
            print("round %d: %s killed, %d acks, in flight %s, log ends %r"
                  % (r, "service" if victim is srv else "workload",
                     log.count("\nack"), None, log[-80:]))
        if "mount: error" in log:
            sys.exit("crash_loop: round %d: the workload could not mount:\n%s" % (r, log))
        if "FAILED" in log and victim is wl:
            sys.exit("crash_loop: round %d: the workload failed before the kill:\n%s" % (r, log))
        before = sum(1 for l in complete_lines(log) if l == "ack")
        pending = replay(model, log)
        acked += before
        inflight += pending is not None
        f = fsck_after_crash(a.fsck, a.pool)
        if f.returncode != 0:
            sys.exit("crash_loop: round %d: fsck.aerie failed:\n%s%s" % (r, f.stdout, f.stderr))
        d = run([a.workload, "dump", "local:" + a.pool])
        got = sorted(d.stdout.splitlines())
        states = acceptable(model, pending)
        if d.returncode != 0 or got not in states:
            want = states[0]
            missing = [l for l in want if l not in got]
            extra = [l for l in got if l not in want]
            sys.exit("crash_loop: round %d: state differs (in flight: %s)\nmissing: %s\nextra: %s"
                     % (r, pending, missing[:10], extra[:10]))
        if pending and got != states[0]:
            model.apply(pending if got == states[1] else ["create", pending[1], "0", "0"])
    print("crash_loop: %d %s (%d of the service), %d acknowledged operations, "
          "%d in flight, fsck clean every time, none lost"
          % (a.kills, "power losses" if a.power_loss else "kills", tfs_kills, acked, inflight))


if __name__ == "__main__":
    main()
