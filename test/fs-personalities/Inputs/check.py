#!/usr/bin/env python3
"""Checks what fsbench did, from its --trace, its --json and the file set it left (--keep).

Each subcommand prints its observations as lines for FileCheck and exits 1 when a stated
property does not hold, so a test fails on the checker's verdict, not only on text.
Trace lines: "<thread> <step> <kind> <set> <entry> <bytes>", after "- setup <set> <entry> <size>"
lines for the entries that existed at set-up.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys

PICK_EXISTS = {"openfile", "deletefile", "statfile", "get", "delete"}
PICK_FREE = {"createfile", "put"}
REMOVES = {"deletefile", "delete"}


def read_trace(path, picks=None):
    """Set-up entries and flowop lines; the pick, wait and release lines (written under the file
    set's lock, so in lock order) go to 'picks' when given."""
    setup, ops = [], []
    with open(path) as f:
        for line in f:
            w = line.split()
            if w[0] == "-":
                setup.append((w[2], int(w[3]), int(w[4])))
            elif w[0] in ("p", "r", "w"):
                if picks is not None:
                    picks.append(w)
            else:
                ops.append({"thread": int(w[0]), "step": w[1], "kind": w[2], "set": w[3],
                            "entry": int(w[4]), "bytes": int(w[5])})
    return setup, ops


def verdict(ok, text):
    print("%s: %s" % (text, "yes" if ok else "NO"))
    return ok


def cmd_mix(a):
    """Flowops per completed iteration, by kind, from the trace (counted) and the JSON (iterations)."""
    _, ops = read_trace(a.trace)
    report = json.load(open(a.json))
    iters = report["iterations"]
    print("iterations: %d, cut short: %d" % (iters, report["skipped_iterations"]))
    counts = {}
    for op in ops:
        counts[op["kind"]] = counts.get(op["kind"], 0) + 1
    for kind in sorted(counts):
        print("%s: %.2f per iteration" % (kind, counts[kind] / iters))
    json_total = report["total"]["ops"]
    return 0 if verdict(json_total == len(ops), "trace lines equal the JSON's total ops") else 1


def cmd_rotation(a):
    """Replays the picks in lock order from the set-up state: each must be the first entry from its
    rotor (the thread's, or the file set's with --shared) that is in the wanted state and not busy;
    a pick finds nothing only when no entry is in that state."""
    picks = []
    setup, _ = read_trace(a.trace, picks)
    exists = {e for s, e, _ in setup if s == "bigfileset"}
    busy, rotor, bad = set(), {}, None
    checked = skipped_busy = waits = 0
    threads = set()
    for i, w in enumerate(picks):
        if w[0] == "w":
            waits += 1
            continue
        if w[0] == "r":
            if w[1] == "bigfileset":
                e = int(w[2])
                busy.discard(e)
                (exists.add if w[3] == "1" else exists.discard)(e)
            continue
        tid, name, want, e = int(w[1]), w[2], w[3] == "e", int(w[4])
        if name != "bigfileset":
            continue
        threads.add(tid)
        key = (0 if a.shared else tid, want)
        start = rotor.get(key, 0)
        expect, passed_busy = -1, False
        for j in range(start, start + a.entries):
            k = j % a.entries
            if (k in exists) == want:
                if k in busy:
                    passed_busy = True
                    continue
                expect = k
                break
        if expect != e and bad is None:
            bad = "pick line %d (thread %d, %s) took entry %d, rotation gives %d" % (
                i, tid, "existing" if want else "absent", e, expect)
        checked += 1
        skipped_busy += passed_busy
        if e >= 0:
            busy.add(e)
            rotor[key] = (e + 1) % a.entries
    print("threads: %d, picks: %d" % (len(threads), checked))
    print("picks that skipped a busy entry: %d, waits: %d" % (skipped_busy, waits))
    ok = verdict(bad is None and checked > 0, "every pick is the next idle entry in the wanted state")
    if bad:
        print(bad)
    return 0 if ok else 1


def walk_files(root):
    files = []
    for d, _, names in os.walk(root):
        depth = os.path.relpath(d, root).count(os.sep) + (0 if d == root else 1)
        for n in names:
            files.append((d, depth + 1, os.stat(os.path.join(d, n)).st_size))
    return files


def cmd_fileset(a):
    """The file set on disk: preallocation fraction, size mean and spread, tree depth and widths."""
    files = walk_files(a.root)
    n = len(files)
    frac = n / a.entries
    print("files: %d of %d" % (n, a.entries))
    ok = verdict(abs(frac - a.prealloc / 100) <= a.frac_tol,
                 "preallocated fraction %.3f within %g of %g" % (frac, a.frac_tol, a.prealloc / 100))
    sizes = [s for _, _, s in files]
    mean = sum(sizes) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in sizes) / n)
    ok &= verdict(abs(mean / a.mean - 1) <= a.mean_tol,
                  "mean size %.0f within %g %% of %d" % (mean, 100 * a.mean_tol, a.mean))
    if a.shape:
        cv, expect = sd / mean, 1 / math.sqrt(a.shape)
        ok &= verdict(abs(cv / expect - 1) <= a.cv_tol,
                      "coefficient of variation %.3f within %g %% of gamma's %.3f" % (cv, 100 * a.cv_tol, expect))
    else:
        ok &= verdict(min(sizes) == max(sizes) == a.mean, "every size is exactly %d" % a.mean)
    depths = sorted({d for _, d, _ in files})
    print("file depths: %s" % " ".join(map(str, depths)))
    if a.width:
        per_dir = {}
        for d, _, _ in files:
            per_dir[d] = per_dir.get(d, 0) + 1
        leaves = len(per_dir)
        print("leaf directories: %d" % leaves)
        if a.width_tol:
            width = a.entries / leaves
            ok &= verdict(abs(width / a.width - 1) <= a.width_tol,
                          "entries per leaf directory %.1f within %g %% of %d" % (width, 100 * a.width_tol, a.width))
    return 0 if ok else 1


def cmd_appends(a):
    """Append and put sizes: all in [0, limit-1], spread over it; with --root, files the trace created
    and did not delete have the size of their append."""
    setup, ops = read_trace(a.trace)
    sizes = [op["bytes"] for op in ops if op["kind"] in ("appendfilerand", "put")]
    print("appends: %d, smallest %d, largest %d" % (len(sizes), min(sizes), max(sizes)))
    ok = verdict(max(sizes) <= a.limit - 1 and min(sizes) >= 0, "every append within [0, %d]" % (a.limit - 1))
    mean = sum(sizes) / len(sizes)
    expect = (a.limit - 1) / 2
    close = mean == 0 if expect == 0 else abs(mean / expect - 1) <= a.mean_tol
    ok &= verdict(close, "mean append within %g %% of %.1f" % (100 * a.mean_tol, expect))
    if a.root:
        size, created = {}, None
        for op in ops:
            if op["kind"] == "createfile":
                created = op["entry"]
                size[created] = 0
            elif op["kind"] == "appendfilerand" and op["entry"] in size:
                size[op["entry"]] += op["bytes"]
            elif op["kind"] == "deletefile":
                size.pop(op["entry"], None)
        wrong = [e for e, s in size.items()
                 if os.stat(os.path.join(a.root, "f%08d" % e)).st_size != s]
        ok &= verdict(not wrong and bool(size), "%d files created in the run have their appended size" % len(size))
    return 0 if ok else 1


def cmd_expect_exit(a):
    """Runs a command; its exit code must be 'code' and its stderr one line, which is printed;
    under --fsize-limit a write beyond the limit fails with EFBIG."""
    def limit():
        if a.fsize_limit:
            import resource
            resource.setrlimit(resource.RLIMIT_FSIZE, (a.fsize_limit, a.fsize_limit))
    r = subprocess.run(a.command, capture_output=True, text=True, preexec_fn=limit)
    lines = r.stderr.splitlines()
    print("exit %d" % r.returncode)
    for line in lines:
        print(line)
    ok = verdict(r.returncode == a.code, "exit code is %d" % a.code)
    ok &= verdict(len(lines) == 1, "one line on stderr")
    return 0 if ok else 1


def cmd_count_calls(a):
    """System calls named 'call' in an strace -f log (an interrupted call counts once)."""
    pattern = re.compile(r"^(\d+\s+)?%s\(" % re.escape(a.call))
    n = sum(1 for line in open(a.log) if pattern.match(line) and all(t in line for t in a.needing or []))
    print("%s: %d calls" % (a.call, n))
    return 0


def cmd_sizes(a):
    """The sizes of the named files in a directory, then how many other files it holds."""
    for name in a.names:
        print("%s: %d bytes" % (name, os.stat(os.path.join(a.dir, name)).st_size))
    print("other files: %d" % len(set(os.listdir(a.dir)) - set(a.names)))
    return 0


def cmd_fileset_absent(a):
    """Each directory exists and is empty: a run without --keep removed all it made."""
    left = [os.path.join(d, n) for d in a.dirs for n in os.listdir(d)]
    for path in left:
        print("left behind: %s" % path)
    return 0 if verdict(not left, "%d directories empty" % len(a.dirs)) else 1


def cmd_interrupt(a):
    """Starts a command, sends it SIGINT after 'seconds', prints its exit code and stderr."""
    import signal
    import time
    proc = subprocess.Popen(a.command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(a.seconds)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    print("exit %d" % proc.returncode)
    print(err, end="")
    return 0


def cmd_json_mix(a):
    """Flowops per completed iteration by kind, from the JSON alone (runs that cannot trace)."""
    report = json.load(open(a.json))
    iters = report["iterations"]
    print("workers: %d x %d, iterations: %d, cut short: %d" % (
        report["parameters"]["processes"], report["parameters"]["threads"], iters, report["skipped_iterations"]))
    for kind in sorted(report["kinds"]):
        print("%s: %.2f per iteration" % (kind, report["kinds"][kind]["ops"] / iters))
    return 0


def cmd_kill_child(a):
    """Starts a command, SIGKILLs one of its child processes after 'seconds', prints its exit code
    and stderr."""
    import signal
    import time
    proc = subprocess.Popen(a.command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(a.seconds)
    children = open("/proc/%d/task/%d/children" % (proc.pid, proc.pid)).read().split()
    print("children: %d" % len(children))
    if children:
        os.kill(int(children[0]), signal.SIGKILL)
    _, err = proc.communicate(timeout=60)
    print("exit %d" % proc.returncode)
    print(err, end="")
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("mix"); s.add_argument("trace"); s.add_argument("json")
    s = sub.add_parser("rotation"); s.add_argument("trace"); s.add_argument("--entries", type=int, required=True)
    s.add_argument("--shared", action="store_true", help="one rotor for all threads (--rotor shared)")
    s = sub.add_parser("fileset"); s.add_argument("root"); s.add_argument("--entries", type=int, required=True)
    s.add_argument("--prealloc", type=float, required=True); s.add_argument("--frac-tol", type=float, required=True)
    s.add_argument("--mean", type=int, required=True); s.add_argument("--mean-tol", type=float, required=True)
    s.add_argument("--shape", type=float, default=0); s.add_argument("--cv-tol", type=float, default=0.1)
    s.add_argument("--width", type=int, default=0); s.add_argument("--width-tol", type=float, default=0)
    s = sub.add_parser("appends"); s.add_argument("trace"); s.add_argument("--limit", type=int, required=True)
    s.add_argument("--mean-tol", type=float, required=True); s.add_argument("--root")
    s = sub.add_parser("count-calls"); s.add_argument("log"); s.add_argument("call")
    s.add_argument("--needing", action="append", help="count only calls whose line holds this text (repeatable)")
    s = sub.add_parser("interrupt"); s.add_argument("seconds", type=float)
    s.add_argument("command", nargs=argparse.REMAINDER)
    s = sub.add_parser("json-mix"); s.add_argument("json")
    s = sub.add_parser("kill-child"); s.add_argument("seconds", type=float)
    s.add_argument("command", nargs=argparse.REMAINDER)
    s = sub.add_parser("sizes"); s.add_argument("dir"); s.add_argument("names", nargs="+")
    s = sub.add_parser("fileset-absent"); s.add_argument("dirs", nargs="+")
    s = sub.add_parser("expect-exit")
    s.add_argument("--fsize-limit", type=int, help="run under this RLIMIT_FSIZE, in bytes")
    s.add_argument("code", type=int)
    s.add_argument("command", nargs=argparse.REMAINDER)
    a = p.parse_args()
    return {"mix": cmd_mix, "rotation": cmd_rotation, "fileset": cmd_fileset, "appends": cmd_appends,
            "expect-exit": cmd_expect_exit, "count-calls": cmd_count_calls,
            "fileset-absent": cmd_fileset_absent, "sizes": cmd_sizes,
            "interrupt": cmd_interrupt, "json-mix": cmd_json_mix, "kill-child": cmd_kill_child}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
