#!/usr/bin/env python3
"""Functional check of a dnsmasq build (pristine or ported) as a DHCP server: leases, renewals
with a new host name, releases, DNS names of leases, SIGHUP, a clean restart, a restart after
SIGKILL, and a restart after SIGKILL with the lease file deleted (only the pool can remember
then). Prints one line per step; exits 1 when a step a server must pass fails. The last step is
only reported: the pristine server has nothing left to restore from.

  check-leases.py --binary PATH --workdir DIR [--clients N]
"""
import argparse
import atexit
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CLIENT = os.path.join(HERE, "dhcp-client.py")
SERVER = os.path.join(HERE, "run-server.sh")


class Server:
    def __init__(self, binary, workdir):
        self.binary, self.workdir, self.proc = binary, workdir, None
        atexit.register(self.kill)

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def start(self):
        out = open(os.path.join(self.workdir, "server.out"), "a")
        self.proc = subprocess.Popen([SERVER, self.binary, self.workdir], stdout=out,
                                     stderr=subprocess.STDOUT)
        for _ in range(100):
            if self.proc.poll() is not None:
                sys.exit("check-leases: the server exited %d (see %s/server.out)"
                         % (self.proc.returncode, self.workdir))
            if client("get", "probe", timeout=0.2).returncode == 0:
                return
        sys.exit("check-leases: the server does not answer")

    def stop(self, sig):
        self.proc.send_signal(sig)
        self.proc.wait(timeout=10)


def client(action, key, value=None, timeout=2.0):
    argv = [sys.executable, CLIENT, "--timeout", str(timeout), action, key]
    if value is not None:
        argv.append(value)
    return subprocess.run(argv, capture_output=True, text=True, timeout=60)


def get(key):
    r = client("get", key)
    return r.stdout.strip() if r.returncode == 0 else None


def check(expected, step, fatal=True):
    wrong = sorted(k for k, v in expected.items() if get(k) != v)
    if wrong:
        print("%s: %d of %d clients wrong (%s)" % (step, len(wrong), len(expected),
                                                  " ".join(wrong[:5])))
        if fatal:
            sys.exit(1)
    else:
        print("%s: all %d clients as expected" % (step, len(expected)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--clients", type=int, default=20)
    a = ap.parse_args()
    if not os.access(a.binary, os.X_OK) or os.path.isdir(a.binary):
        sys.exit("check-leases: no dnsmasq executable at %s" % a.binary)
    os.makedirs(a.workdir, exist_ok=True)
    s = Server(os.path.abspath(a.binary), os.path.abspath(a.workdir))
    s.start()
    expected = {}
    for i in range(a.clients):
        key, name = "c%d" % i, "h%d.0" % i
        if client("put", key, name).returncode != 0:
            sys.exit("check-leases: no DHCPACK for %s" % key)
        expected[key] = name
    check(expected, "leased")
    client("put", "c3", "renamed.1")
    expected["c3"] = "renamed.1"
    client("release", "c5")
    expected["c5"] = ""
    check(expected, "renewed and released")
    s.proc.send_signal(signal.SIGHUP)
    time.sleep(0.3)
    check(expected, "after SIGHUP")
    s.stop(signal.SIGTERM)
    s.start()
    check(expected, "after SIGTERM and a restart")
    client("put", "late", "late.2")
    expected["late"] = "late.2"
    s.stop(signal.SIGKILL)
    s.start()
    check(expected, "after SIGKILL and a restart")
    with open(os.path.join(a.workdir, "leases")) as f:
        names = sorted(line.split()[3] for line in f if len(line.split()) > 3)
    print("lease file: %d leases" % len(names))
    s.stop(signal.SIGKILL)
    os.unlink(os.path.join(a.workdir, "leases"))
    s.start()
    check(expected, "after SIGKILL with the lease file deleted", fatal=False)
    s.stop(signal.SIGTERM)
    return 0


if __name__ == "__main__":
    sys.exit(main())
