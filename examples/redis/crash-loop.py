#!/usr/bin/env python3
"""Crash loop for the ported Redis: SIGKILL at random moments, restart warm, check the keyspace.

A client moves amounts between N counters with MULTI / DECRBY / INCRBY / EXEC (one operation,
hence one transaction, in the port), and appends to a list and sets a string now and then. After
each kill and restart (same pool, no RDB, no AOF) every acknowledged command must be there, the
one in flight fully or not at all (the counters always add up), and the server must not have
loaded anything from disk. Prints one summary line; exits 1 at the first violation.
With --clean-every N every N-th stop is a SHUTDOWN NOSAVE at the same random moment instead of
the kill: the next start then opens the pool after a clean stop (without PMDK, which it opens
only if the run needs it), and the kill after it hits a server running that way.
"""
import argparse
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time


RUNNING = []


def fail(msg):
    print("redis-crash-loop: FAILED: " + msg, file=sys.stderr)
    sys.exit(1)


class Conn:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.f = self.s.makefile("rb")

    def send(self, *args):
        out = b"*%d\r\n" % len(args)
        for a in args:
            a = str(a).encode()
            out += b"$%d\r\n%s\r\n" % (len(a), a)
        self.s.sendall(out)

    def reply(self):
        line = self.f.readline()
        if not line:
            raise ConnectionError("closed")
        t, rest = line[:1], line[1:-2]
        if t in (b"+", b"-", b":"):
            return rest.decode()
        if t == b"$":
            n = int(rest)
            if n < 0:
                return None
            data = self.f.read(n + 2)[:-2]
            return data.decode()
        if t == b"*":
            return [self.reply() for _ in range(int(rest))]
        raise ValueError(line)

    def call(self, *args):
        self.send(*args)
        return self.reply()


def wait_ready(port, proc, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        if proc.poll() is not None:
            return None
        try:
            c = Conn(port)
            if c.call("PING") == "PONG":
                # the answer must come from this server, not from one left on the port
                return c if proc.poll() is None else None
        except OSError:
            time.sleep(0.005)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--server", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--iterations", type=int, default=50)
    ap.add_argument("--counters", type=int, default=16)
    ap.add_argument("--max-delay-ms", type=float, default=300.0)
    ap.add_argument("--port", type=int, default=7379)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--clean-every", type=int, default=0,
                    help="every N-th stop is a clean SHUTDOWN NOSAVE (0: kills only)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.workdir, exist_ok=True)
    pool = os.path.join(args.workdir, "redis.pool")
    if os.path.exists(pool):
        os.remove(pool)
    env = dict(os.environ, PMS_POOL=pool, PMS_POOL_SIZE=os.environ.get("PMS_POOL_SIZE", "1G"))
    cmd = [args.server, "--port", str(args.port), "--save", "", "--appendonly", "no",
           "--dir", args.workdir, "--logfile", ""]

    def start(n):
        log = open(os.path.join(args.workdir, "server-%d.log" % n), "w")
        p = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
        RUNNING.append(p)
        c = wait_ready(args.port, p)
        if not c and p.poll() is not None:
            fail("start %d: the server exited with status %d before answering (see %s)"
                 % (n, p.returncode, log.name))
        if not c:
            fail("start %d: the server did not answer PING within 30 s (see %s)"
                 % (n, log.name))
        return p, c

    def log_of(n):
        return open(os.path.join(args.workdir, "server-%d.log" % n)).read()

    p, c = start(0)
    for i in range(args.counters):
        c.call("SET", "c%d" % i, 1000)
    total = 1000 * args.counters
    c.call("DEL", "log")
    expected = {"counters": [1000] * args.counters, "log": 0, "last": None}
    p.send_signal(signal.SIGKILL)
    p.wait()

    def shutdown():
        try:
            with socket.create_connection(("127.0.0.1", args.port), timeout=5) as s:
                s.sendall(b"SHUTDOWN NOSAVE\r\n")
                s.recv(64)
        except OSError:
            pass

    acked = in_flight_done = cleans = 0
    pending = None
    t0 = time.time()
    for it in range(1, args.iterations + 1):
        p, c = start(it)
        if "DB loaded from disk" in log_of(it) or "Loading RDB" in log_of(it):
            fail("restart %d loaded from disk" % it)
        values = [c.call("GET", "c%d" % i) for i in range(args.counters)]
        if None in values:
            fail("restart %d: %d of %d counters are missing: the keyspace did not survive"
                 % (it, values.count(None), args.counters))
        state = [int(v) for v in values]
        llen = int(c.call("LLEN", "log"))
        last = c.call("GET", "last")
        got = {"counters": state, "log": llen, "last": last}
        if got != expected:
            if pending is None or got != pending:
                fail("restart %d: state is neither the acknowledged one nor that plus the command "
                     "in flight:\n  got      %r\n  expected %r\n  or       %r" % (it, got, expected, pending))
            in_flight_done += 1
            expected = pending
        if sum(state) != total:
            fail("restart %d: counters add up to %d, not %d" % (it, sum(state), total))
        pending = None
        # SIGKILL (or a clean stop) at a random moment of the command stream (the clock starts
        # once it runs).
        clean = args.clean_every > 0 and it % args.clean_every == 0
        timer = threading.Timer(rng.uniform(0, args.max_delay_ms) / 1000.0,
                                shutdown if clean else lambda: p.send_signal(signal.SIGKILL))
        try:
            while True:
                r = rng.random()
                nxt = {"counters": list(expected["counters"]), "log": expected["log"],
                       "last": expected["last"]}
                if r < 0.8:
                    a, b = rng.sample(range(args.counters), 2)
                    n = rng.randint(1, 50)
                    nxt["counters"][a] -= n
                    nxt["counters"][b] += n
                    pending = nxt
                    for x in (("MULTI",), ("DECRBY", "c%d" % a, n), ("INCRBY", "c%d" % b, n), ("EXEC",)):
                        c.send(*x)
                    replies = [c.reply() for _ in range(4)]
                    if replies[3] is None or len(replies[3]) != 2:
                        fail("EXEC answered %r" % (replies,))
                elif r < 0.9:
                    nxt["log"] += 1
                    pending = nxt
                    c.call("RPUSH", "log", "entry-%d" % rng.randint(0, 10**9))
                else:
                    v = "v%d" % rng.randint(0, 10**9)
                    nxt["last"] = v
                    pending = nxt
                    c.call("SET", "last", v)
                expected = nxt
                pending = None
                acked += 1
                if not timer.is_alive() and not timer.finished.is_set():
                    timer.start()
        except (ConnectionError, OSError):
            pass
        timer.cancel()
        p.wait()
        if p.returncode != (0 if clean else -signal.SIGKILL):
            fail("restart %d: the server exited %d before the %s" % (it, p.returncode,
                                                                   "shutdown" if clean else "kill"))
        cleans += clean
        if pending is None:
            pending = expected
    print("redis-crash-loop: %d kills%s, %d acknowledged commands all present, %d in-flight commands "
          "found committed, counters always added up, %d warm restarts without loading, %.1f s"
          % (args.iterations - cleans, " and %d clean stops" % cleans if cleans else "", acked,
             in_flight_done, args.iterations, time.time() - t0))


if __name__ == "__main__":
    try:
        main()
    finally:
        # no server outlives the loop, whatever happened
        for proc in RUNNING:
            if proc.poll() is None:
                proc.kill()
