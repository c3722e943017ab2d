#!/usr/bin/env python3
"""The functional check of a mosquitto broker's retained messages, run alike on the pristine
and the ported broker: 20 retained messages published at QoS 1 (each acknowledged by PUBACK),
replaced and cleared ones, then a clean stop (SIGTERM) and a restart, a SIGKILL and a restart,
and a SIGKILL with mosquitto.db deleted and a restart. After each step every topic must read
back (mosquitto_sub) what was last acknowledged. The broker always starts as run-server.sh
starts it (`mosquitto -c mosquitto.conf`, persistence on), with PMS_POOL in WORKDIR.
Prints one line per step; exits 1 when a step finds a wrong topic, 2 on bad arguments.
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def die(msg, code=2):
    print("check-retained: " + msg, file=sys.stderr)
    sys.exit(code)


class Broker:
    def __init__(self, a):
        self.a, self.proc = a, None
        self.env = dict(os.environ, PMS_POOL=os.path.join(a.workdir, "mosquitto.pool"),
                        MQTT_PORT=str(a.port))

    def start(self):
        log = open(os.path.join(self.a.workdir, "broker.log"), "a")
        self.proc = subprocess.Popen([os.path.join(HERE, "run-server.sh"), self.a.binary,
                                      self.a.workdir], env=self.env, stdout=log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + 20
        while time.time() < deadline:
            if self.proc.poll() is not None:
                die("the broker exited with %d at start-up (%s/broker.log)"
                    % (self.proc.returncode, self.a.workdir), 1)
            r = subprocess.run(["mosquitto_sub", "-p", str(self.a.port), "-t", "$SYS/broker/version",
                                "-C", "1", "-W", "1"], capture_output=True)
            if r.returncode == 0:
                return
            time.sleep(0.1)
        die("the broker does not answer on port %d" % self.a.port, 1)

    def stop(self, sig):
        os.killpg(self.proc.pid, sig)
        rc = self.proc.wait(timeout=20)
        self.proc = None
        if sig == signal.SIGTERM and rc != 0:
            die("the broker exited with %d after SIGTERM (%s/broker.log)" % (rc, self.a.workdir), 1)


def publish(a, topic, value):
    r = subprocess.run(["mosquitto_pub", "-p", str(a.port), "-q", "1", "-r", "-t", topic]
                       + (["-m", value] if value else ["-n"]), capture_output=True, text=True)
    if r.returncode != 0:
        die("mosquitto_pub %s: exit %d: %s" % (topic, r.returncode, r.stderr.strip()), 1)


def retained(a):
    """Every retained message under check/#, as {topic: payload}."""
    r = subprocess.run(["mosquitto_sub", "-p", str(a.port), "-t", "check/#", "-v", "-W", "1"],
                       capture_output=True, text=True)
    out = {}
    for line in r.stdout.splitlines():
        topic, _, payload = line.partition(" ")
        out[topic] = payload
    return out


def step(a, name, expected):
    got = retained(a)
    wrong = [t for t in set(expected) | set(got) if expected.get(t) != got.get(t)]
    if wrong:
        print("%s: %d of %d topics wrong (e.g. %s: %r, expected %r)" % (
            name, len(wrong), len(expected), wrong[0], got.get(wrong[0]), expected.get(wrong[0])))
        return False
    print("%s: all %d topics as expected" % (name, len(expected)))
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", required=True, help="the broker (pristine or ported)")
    ap.add_argument("--workdir", required=True, help="made anew")
    ap.add_argument("--port", type=int, default=1885)
    a = ap.parse_args()
    if not os.access(a.binary, os.X_OK):
        die("no executable broker at '%s'" % a.binary)
    # Made anew, but never over a directory of the user's: only over one this script made.
    if os.path.isdir(a.workdir) and os.listdir(a.workdir) and \
            not os.path.exists(os.path.join(a.workdir, ".check-retained")):
        die("--workdir '%s' exists and was not made by check-retained.py; give a new directory"
            % a.workdir)
    shutil.rmtree(a.workdir, ignore_errors=True)
    os.makedirs(a.workdir)
    open(os.path.join(a.workdir, ".check-retained"), "w").close()
    a.workdir = os.path.abspath(a.workdir)
    b = Broker(a)
    b.start()
    ok = True
    try:
        expected = {}
        for i in range(20):
            publish(a, "check/t%d" % i, "v%d" % i)
            expected["check/t%d" % i] = "v%d" % i
        ok &= step(a, "published", expected)
        for i in range(0, 20, 4):
            publish(a, "check/t%d" % i, "w%d" % i)
            expected["check/t%d" % i] = "w%d" % i
        publish(a, "check/t1", "")  # an empty retained message clears the topic
        del expected["check/t1"]
        ok &= step(a, "replaced and cleared", expected)
        b.stop(signal.SIGTERM)
        b.start()
        ok &= step(a, "after SIGTERM and a restart", expected)
        publish(a, "check/t20", "v20")
        expected["check/t20"] = "v20"
        b.stop(signal.SIGKILL)
        b.start()
        ok &= step(a, "after SIGKILL and a restart", expected)
        publish(a, "check/t21", "v21")
        expected["check/t21"] = "v21"
        b.stop(signal.SIGKILL)
        db = os.path.join(a.workdir, "mosquitto.db")
        print("mosquitto.db: %s" % ("present" if os.path.exists(db) else "absent"))
        if os.path.exists(db):
            os.unlink(db)
        b.start()
        ok &= step(a, "after SIGKILL with mosquitto.db deleted", expected)
    finally:
        if b.proc:
            b.stop(signal.SIGTERM)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
