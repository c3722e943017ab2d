#!/usr/bin/env python3
"""Summarizes bench-port.sh's runs: medians per server, and each server's ratio to plain round
by round.

  bench-summary.py DIR LABEL...     (the first LABEL is the baseline, "plain")
DIR holds one file per LABEL, one line per test run in the order the rounds ran:
  test keys seconds worker_ns other_ns
(memcslap-phase.py's line with the test's name in front). Round i of a server is its i-th line
of that test, and the servers of one round ran next to each other, so the ratio of the two in
one round is not moved by the machine drifting between rounds (this 2-core VM's speed moves by
10-25 % over minutes; a median of each server taken apart mixes that drift into the ratio).
"""
import collections
import os
import statistics
import sys

TESTS = ("set", "get", "mget")


def fail(msg):
    sys.exit("bench-summary: " + msg)


def read_runs(path):
    runs = collections.defaultdict(list)
    try:
        lines = open(path).read().splitlines()
    except OSError as e:
        fail("cannot read %s: %s" % (path, e.strerror))
    for n, line in enumerate(lines, 1):
        parts = line.split()
        if len(parts) != 5 or parts[0] not in TESTS:
            fail("%s:%d: expected 'test keys seconds worker_ns other_ns', got '%s'" % (path, n, line))
        try:
            keys, secs, worker, other = (float(x) for x in parts[1:])
        except ValueError:
            fail("%s:%d: not numbers: '%s'" % (path, n, line))
        if keys <= 0 or secs <= 0:
            fail("%s:%d: keys and seconds must be positive: '%s'" % (path, n, line))
        t = parts[0]
        runs[t].append(keys / secs)
        runs["cpu_" + t].append(worker / keys)
        runs["bg_" + t].append(other / keys)
    return runs


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: bench-summary.py DIR BASELINE LABEL...")
    out, labels = sys.argv[1], sys.argv[2:]
    runs = {l: read_runs(os.path.join(out, l)) for l in labels}
    base = labels[0]
    for l in labels:
        for t in TESTS:
            if len(runs[l][t]) != len(runs[base][t]):
                fail("%s has %d %s runs, %s has %d" % (l, len(runs[l][t]), t, base, len(runs[base][t])))
            if not runs[l][t]:
                fail("no %s runs in %s" % (t, os.path.join(out, l)))
    med = {l: {k: statistics.median(v) for k, v in runs[l].items()} for l in labels}
    rounds = len(runs[base]["set"])
    print("%-5s" % "test" + "".join("%12s" % l for l in labels) +
          "".join("%14s" % (l + "/" + base) for l in labels[1:]))
    for t in TESTS:
        print("%-5s" % t + "".join("%12.0f" % med[l][t] for l in labels) +
              "".join("%13.2fx" % (med[l][t] / med[base][t]) for l in labels[1:]))
    print("ratio to %s round by round (keys/s of the same round): median [lowest, highest] of %d"
          % (base, rounds))
    for t in TESTS:
        cells = []
        for l in labels[1:]:
            r = [a / b for a, b in zip(runs[l][t], runs[base][t])]
            cells.append("%s %.2fx [%.2f, %.2f]" % (l, statistics.median(r), min(r), max(r)))
        print("  %-5s" % t + "   ".join(cells))
    print("server CPU per key in the timed phase (us): worker thread + other threads (LRU maintainer)")
    for t in TESTS:
        print("  %-5s" % t + "".join("%6.2f + %4.2f %s" % (med[l]["cpu_" + t] / 1e3,
                                                          med[l]["bg_" + t] / 1e3, l)
                                     for l in labels))


if __name__ == "__main__":
    main()
