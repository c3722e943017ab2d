#!/usr/bin/env python3
"""Crash loop for any ported program with put/get commands: SIGKILL at random moments, restart,
check that every acknowledged update is there.

Two shapes of program:
  server   --start 'CMD' runs the server (in its own process group, PMS_POOL set); --put and
           --get are client commands (redis-cli, a memcached one-liner). The server is killed
           while puts run, then started again.
  command  no --start: --put runs the ported program itself, which is killed in the middle of a
           put now and then.
--put 'CMD {key} {value}' exits 0 when the update is acknowledged; --get 'CMD {key}' prints the
value (stdout, stripped). After each restart every key must read back its last acknowledged
value, or the value of the one put in flight at the kill (committed, not yet acknowledged).
--cold-marker TEXT: a line the program prints only when it loads cold; after the first start,
seeing it means a restart was not warm.
Prints one summary line; exits 1 at the first lost or wrong key, with the details.
"""
import argparse
import atexit
import os
import random
import signal
import subprocess
import sys
import threading
import time


def fail(msg):
    print("crash-loop: FAILED: " + msg, file=sys.stderr)
    sys.exit(1)


def live_members(pgid):
    """Processes of group pgid that are not yet zombies (a zombie has released its files)."""
    n = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            n += 1
    return n


def kill_group(pgid, timeout):
    """SIGKILL the group and wait until all of it has died: reaping the shell that ran a command
    does not mean the command has finished exiting, and until it has, it still holds its pool
    lock (a restart then fails with 'in use by another process', which is not what is tested)."""
    try:
        os.killpg(pgid, signal.SIGKILL)
    except ProcessLookupError:
        return
    deadline = time.time() + timeout
    while live_members(pgid) and time.time() < deadline:
        time.sleep(0.002)


class Loop:
    def __init__(self, a):
        self.a = a
        self.env = dict(os.environ, PMS_POOL=a.pool)
        self.server = None
        self.killing = threading.Event()  # set before the server is killed
        self.log = open(os.path.join(a.workdir, "crash-loop.log"), "a")

    def run(self, cmd):
        return subprocess.run(cmd, shell=True, env=self.env, cwd=self.a.workdir,
                              capture_output=True, text=True, timeout=self.a.timeout)

    def shell(self, template, **subst):
        return self.run(template.format(**subst))

    def start(self):
        if not self.a.start:
            return
        self.killing.clear()
        out = open(os.path.join(self.a.workdir, "server.out"), "w")
        self.server = subprocess.Popen(self.a.start, shell=True, env=self.env, cwd=self.a.workdir,
                                       stdout=out, stderr=subprocess.STDOUT,
                                       start_new_session=True)
        deadline = time.time() + self.a.timeout
        probe = self.a.ready or self.a.get.format(key="crash-loop-probe")
        while time.time() < deadline:
            if self.server.poll() is not None:
                fail("the server exited %d at start: %s" % (self.server.returncode,
                                                            self.output().strip()[-500:]))
            if self.run(probe).returncode == 0:
                return
            time.sleep(0.02)
        fail("the server did not answer within %g s" % self.a.timeout)

    def output(self):
        with open(os.path.join(self.a.workdir, "server.out")) as f:
            return f.read()

    def kill(self):
        self.killing.set()
        if self.server and self.server.poll() is None:
            kill_group(self.server.pid, self.a.timeout)
            self.server.wait()

    def put(self, key, value, kill_after=None):
        """True when acknowledged, None when the put was in flight at a kill: the server died
        under it (server shape) or it was killed after kill_after s (command shape)."""
        cmd = self.a.put.format(key=key, value=value)
        p = subprocess.Popen(cmd, shell=True, env=self.env, cwd=self.a.workdir,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             start_new_session=True)
        try:
            out, err = p.communicate(timeout=kill_after or self.a.timeout)
        except subprocess.TimeoutExpired:
            kill_group(p.pid, self.a.timeout)
            p.communicate()
            if kill_after:
                return None
            fail("put %s=%s did not finish within %g s" % (key, value, self.a.timeout))
        self.log.write(err)
        if p.returncode == 0:
            return True
        if self.killing.is_set():
            return None  # the server died under it (the kill may not have been reaped yet)
        fail("put %s=%s exited %d: %s" % (key, value, p.returncode, err.strip()[-300:]))

    def get(self, key):
        r = self.shell(self.a.get, key=key)
        self.log.write(r.stderr)
        if self.a.cold_marker and self.a.cold_marker in (r.stdout + r.stderr):
            fail("reading %r ran the cold load ('%s'): the restart was not warm"
                 % (key, self.a.cold_marker))
        return (r.stdout.strip() or None) if r.returncode == 0 else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:]))
    ap.add_argument("--put", required=True, help="command that stores {value} under {key}")
    ap.add_argument("--get", required=True, help="command that prints the value of {key}")
    ap.add_argument("--start", help="command that runs the server (server shape)")
    ap.add_argument("--ready", help="command that exits 0 once the server answers")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--pool", help="the pool (PMS_POOL; default WORKDIR/crash-loop.pool)")
    ap.add_argument("--iterations", type=int, default=20, help="kills (default 20)")
    ap.add_argument("--keys", type=int, default=16, help="distinct keys written (default 16)")
    ap.add_argument("--max-delay-ms", type=float, default=200.0,
                    help="a kill comes 0 to this many ms after the first acknowledged put")
    ap.add_argument("--cold-marker", help="text only a cold load prints")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds for one command")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    a.workdir = os.path.abspath(a.workdir)
    a.pool = os.path.abspath(a.pool or os.path.join(a.workdir, "crash-loop.pool"))
    if os.path.exists(a.pool):
        fail("pool %s exists already: the loop starts from a new pool" % a.pool)
    rng = random.Random(a.seed)
    loop = Loop(a)
    atexit.register(loop.kill)  # a failed check leaves no server behind

    acked = {}  # key -> last acknowledged value
    n_acked = n_in_flight_found = n_hit = 0
    began = time.time()
    loop.start()
    for it in range(a.iterations):
        delay = rng.uniform(0, a.max_delay_ms) / 1000.0
        in_flight, i = None, 0
        timer = None
        victim = rng.randint(1, 8)  # command shape: the put that is killed after the delay
        while True:
            key, value = "k%d" % rng.randrange(a.keys), "v%d.%d" % (it, i)
            i += 1
            kill_after = delay if not a.start and i == victim else None
            ok = loop.put(key, value, kill_after)
            if ok is None:
                in_flight = (key, value)
                n_hit += 1
                break
            acked[key] = value
            n_acked += 1
            if kill_after is not None:
                break  # it finished before the kill: the next start is a restart all the same
            # Server shape: the kill comes `delay` after the first acknowledged put, whatever
            # the server is doing then.
            if a.start and timer is None:
                timer = threading.Timer(delay, loop.kill)
                timer.start()
        if timer:
            timer.join()
        loop.start()
        if a.start and a.cold_marker and a.cold_marker in loop.output():
            fail("iteration %d: the restarted server printed '%s': the restart was not warm"
                 % (it, a.cold_marker))
        for key in sorted(set(acked) | ({in_flight[0]} if in_flight else set())):
            got = loop.get(key)
            allowed = {acked.get(key)}
            if in_flight and in_flight[0] == key:
                allowed.add(in_flight[1])
            if got not in allowed:
                fail("iteration %d: key %s reads %r after the restart, expected %s"
                     % (it, key, got, " or ".join(repr(x) for x in allowed)))
            if in_flight and in_flight[0] == key and got == in_flight[1]:
                acked[key] = got
                n_in_flight_found += 1
    loop.kill()
    print("crash-loop: %d kills (%d in the middle of a put), %d acknowledged puts, every key read "
          "back after each restart (%d in-flight puts found committed), %.1f s"
          % (a.iterations, n_hit, n_acked, n_in_flight_found, time.time() - began))


if __name__ == "__main__":
    main()
