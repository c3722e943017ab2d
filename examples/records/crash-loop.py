#!/usr/bin/env python3
"""Crash loop for the ported records program.

Starts `records serve` on a pool, feeds it one command at a time (transfers that keep the
total constant, note changes, new records), kills it with SIGKILL at a random moment, restarts
it and checks, every time:
  - every acknowledged command is present, the one in flight is either fully there or not at
    all, and nothing else changed (so nothing is half-applied: a transfer moves both values and
    both versions, or none);
  - the restart was warm: the program never printed its load function's "loading" line (the
    block file records.db is deleted after the first start, so a cold load would lose data).
Prints one summary line; exits 1 at the first violation with the details.
"""
import argparse
import os
import random
import signal
import subprocess
import sys
import threading
import time


def parse_list(text):
    state = {}
    for line in text.splitlines():
        rid, value, note = line.split(" ", 2)
        state[int(rid)] = (int(value), note)
    return state


class Program:
    def __init__(self, binary, workdir):
        self.binary = binary
        self.workdir = workdir
        self.env = dict(os.environ,
                        PMS_POOL=os.path.join(workdir, "records.pool"),
                        RECORDS_DB=os.path.join(workdir, "records.db"))
        self.starts = 0

    def run(self, args, stdin=None):
        self.starts += 1
        return subprocess.Popen([self.binary] + args, cwd=self.workdir, env=self.env,
                                stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, bufsize=1)

    def list(self):
        p = self.run(["list"])
        out, err = p.communicate(timeout=60)
        if p.returncode != 0:
            fail("list exited %d: %s" % (p.returncode, err.strip()))
        return parse_list(out), err


def fail(msg):
    print("crash-loop: FAILED: " + msg, file=sys.stderr)
    sys.exit(1)


def apply(state, cmd):
    """The state after cmd, as the program defines it (ops.c)."""
    s = dict(state)
    words = cmd.split()
    if words[0] == "set":
        rid, value = int(words[1]), int(words[2])
        s[rid] = (value, s.get(rid, (0, "-"))[1])
    elif words[0] == "transfer":
        a, b, n = int(words[1]), int(words[2]), int(words[3])
        s[a] = (s[a][0] - n, s[a][1])
        s[b] = (s[b][0] + n, s[b][1])
    elif words[0] == "note":
        rid = int(words[1])
        s[rid] = (s.get(rid, (0, "-"))[0], words[2])
    return s


def random_command(rng, state):
    ids = sorted(state)
    r = rng.random()
    if r < 0.8 and len(ids) >= 2:
        a, b = rng.sample(ids, 2)
        return "transfer %d %d %d" % (a, b, rng.randint(1, 100))
    if r < 0.95:
        return "note %d n%d" % (rng.choice(ids), rng.randint(0, 10**6))
    return "set %d %d" % (max(ids) + 1, 1000)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--records", type=int, default=16)
    ap.add_argument("--max-delay-ms", type=float, default=40.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.workdir, exist_ok=True)
    for f in ("records.pool", "records.db", "records.log"):
        if os.path.exists(os.path.join(args.workdir, f)):
            os.remove(os.path.join(args.workdir, f))
    prog = Program(os.path.abspath(args.binary), args.workdir)

    # Cold start: create the records; this start loads (from nothing) and marks the pool.
    init = "".join("set %d 1000\n" % i for i in range(args.records))
    p = prog.run(["serve"], stdin=subprocess.PIPE)
    out, err = p.communicate(init, timeout=120)
    if p.returncode != 0 or out.count("ok") != args.records:
        fail("cold start: exit %d, output %r, stderr %r" % (p.returncode, out, err))
    if "records: loading" not in err:
        fail("the cold start did not run the load function")
    os.remove(os.path.join(args.workdir, "records.db"))
    expected, err = prog.list()
    want = {i: (1000, "-") for i in range(args.records)}
    if expected != want:
        fail("after the cold start: %r" % expected)
    total = sum(v for v, _ in expected.values())

    acked_total = kills_in_flight = 0
    start = time.time()
    for it in range(args.iterations):
        p = prog.run(["serve"], stdin=subprocess.PIPE)
        delay = rng.uniform(0, args.max_delay_ms) / 1000.0
        # The clock starts at the first acknowledgement: on a loaded machine start-up alone
        # could otherwise take the whole delay, and the kills would never hit a command.
        timer = threading.Timer(delay, lambda: p.send_signal(signal.SIGKILL))
        in_flight = None
        try:
            while True:
                cmd = random_command(rng, expected)
                in_flight = cmd
                p.stdin.write(cmd + "\n")
                p.stdin.flush()
                line = p.stdout.readline()
                if not line:
                    break
                if not line.startswith("ok "):
                    fail("iteration %d: %r answered %r" % (it, cmd, line))
                expected = apply(expected, cmd)
                if cmd.startswith("set"):
                    total += 1000
                in_flight = None
                acked_total += 1
                if not timer.is_alive() and not timer.finished.is_set():
                    timer.start()
        except (BrokenPipeError, OSError):
            pass
        timer.cancel()
        p.wait()
        err = p.stderr.read()
        if p.returncode != -signal.SIGKILL:
            fail("iteration %d: exit %d before the kill: %s" % (it, p.returncode, err.strip()))
        if "records: loading" in err:
            fail("iteration %d: a restart ran the load function" % it)
        got, err = prog.list()
        if "records: loading" in err:
            fail("iteration %d: a restart ran the load function" % it)
        if got != expected:
            after = apply(expected, in_flight) if in_flight else None
            if got != after:
                diff = {k: (expected.get(k), got.get(k)) for k in set(got) | set(expected)
                        if got.get(k) != expected.get(k)}
                fail("iteration %d: state after restart is neither before nor after %r: %r"
                     % (it, in_flight, diff))
            kills_in_flight += 1
            expected = after
            if in_flight.startswith("set"):
                total += 1000
        if sum(v for v, _ in got.values()) != total:
            fail("iteration %d: total %d, expected %d" % (it, sum(v for v, _ in got.values()), total))
    print("crash-loop: %d kills, %d acknowledged commands all present, %d in-flight commands "
          "found committed, 0 half-applied, %d warm restarts without the load function, %.1f s"
          % (args.iterations, acked_total, kills_in_flight, prog.starts - 2, time.time() - start))


if __name__ == "__main__":
    main()
