#!/usr/bin/env python3
"""Runs mosquitto's own broker tests (test/broker of the Debian source) on a given broker.

The tests start '/usr/sbin/mosquitto' (Debian's patch of test/mosq_test.py for its installed
package); a copy of test/ in WORKDIR names BROKER there instead, and nothing else changes. Each
test runs on its own with its port(s) on the command line, as test/broker/test.py runs them, and
each broker it starts gets its own pool (PMS_POOL=WORKDIR/pools/%p.pool: the tests restart
brokers and expect them to read mosquitto.db, not a warm pool of another test).
Prints one line per test ("PASS name" / "FAIL name (exit N)") and 'N passed, N failed'; exits 1
when a test failed, 2 on bad arguments.
"""
import argparse
import fnmatch
import os
import re
import shutil
import signal
import subprocess
import sys


def die(msg, code=2):
    print("run-broker-tests: " + msg, file=sys.stderr)
    sys.exit(code)


def test_list(broker_dir):
    """(ports, name) of test/broker/test.py's list, in its order."""
    text = open(os.path.join(broker_dir, "test.py")).read()
    return [(int(n), p[2:]) for n, p in re.findall(r"\(\s*(\d+)\s*,\s*'(\./[^']+)'\s*\)", text)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", required=True, help="the mosquitto source tree (has test/broker)")
    ap.add_argument("--broker", required=True, help="the broker binary to test")
    ap.add_argument("--workdir", required=True, help="directory for the copy of test/ (made anew)")
    ap.add_argument("--port", type=int, default=21883, help="first port of the tests (default 21883)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per test (default 60)")
    ap.add_argument("tests", nargs="*", default=["*"],
                    help="test name patterns of test/broker/test.py (default: all)")
    a = ap.parse_args()
    src_tests = os.path.join(a.source, "test")
    if not os.path.isfile(os.path.join(src_tests, "broker", "test.py")):
        die("no test/broker/test.py under '%s'" % a.source)
    broker = os.path.abspath(a.broker)
    if not (os.path.isfile(broker) and os.access(broker, os.X_OK)):
        die("no executable broker at '%s'" % a.broker)
    work = os.path.abspath(a.workdir)
    tests = os.path.join(work, "test")
    marker = os.path.join(work, ".run-broker-tests")
    if os.path.isdir(work) and os.listdir(work) and not os.path.exists(marker):
        die("--workdir '%s' exists and was not made by run-broker-tests.py; give a new directory"
            % a.workdir)
    os.makedirs(work, exist_ok=True)
    open(marker, "w").close()
    shutil.rmtree(tests, ignore_errors=True)
    shutil.copytree(src_tests, tests, ignore=shutil.ignore_patterns("*.o", "*.so"))
    for d in (tests, os.path.join(tests, "broker")):
        for f in os.listdir(d):
            if f.endswith(".py"):
                p = os.path.join(d, f)
                t = open(p).read()
                if "/usr/sbin/mosquitto" in t:
                    open(p, "w").write(t.replace("'/usr/sbin/mosquitto'", repr(broker)))
    pools = os.path.join(work, "pools")
    os.makedirs(pools, exist_ok=True)
    env = dict(os.environ, PMS_POOL=os.path.join(pools, "%p.pool"))
    chosen = [(n, t) for n, t in test_list(os.path.join(tests, "broker"))
              if any(fnmatch.fnmatch(t, pat) or fnmatch.fnmatch(t, pat + ".py") for pat in a.tests)]
    if not chosen:
        die("no test of test/broker/test.py matches %s" % " ".join(a.tests))
    passed = failed = 0
    for ports, name in chosen:
        args = [sys.executable, name] + [str(a.port + i) for i in range(ports)]
        # Its own session: the brokers a failing test leaves running go with it.
        p = subprocess.Popen(args, cwd=os.path.join(tests, "broker"), env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             start_new_session=True)
        try:
            log, _ = p.communicate(timeout=a.timeout)
            ok, why = p.returncode == 0, "exit %d" % p.returncode
        except subprocess.TimeoutExpired:
            ok, why, log = False, "timed out", b""
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.wait()
        with open(os.path.join(work, name + ".log"), "wb") as f:
            f.write(log)
        print("PASS %s" % name if ok else "FAIL %s (%s)" % (name, why), flush=True)
        passed += ok
        failed += not ok
        for f in os.listdir(pools):  # one pool per broker start; none is needed afterwards
            os.unlink(os.path.join(pools, f))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
