#!/usr/bin/env python3
"""Runs one memcslap test and measures its timed phase only.

memcslap's get and mget tests first store their keys from one connection (not timed by
memcslap), then run the timed phase. Timing the whole command measures mostly that load, and
the server's CPU around the whole command mixes the load's sets into the reads. This runs
memcslap on a pseudo-terminal, so that it prints each line as it goes, and snapshots the
server's per-thread CPU time (/proc/PID/task/*/schedstat, nanoseconds) when the timed phase
starts ("Time to start N threads") and when it ends ("Time to <test> N keys by ...").

  memcslap-phase.py PID CPU -- MEMCSLAP ARGS...
Prints one line: keys seconds worker_ns background_ns
(worker: memcached's mc-worker threads; background: every other thread, e.g. the LRU
maintainer, which shares the server's CPU).
"""
import os
import pty
import re
import subprocess
import sys


def thread_cpu(pid):
    worker = background = 0
    try:
        tids = os.listdir("/proc/%d/task" % pid)
    except OSError:
        sys.exit("memcslap-phase: no server process %d" % pid)
    for tid in tids:
        try:
            with open("/proc/%d/task/%s/comm" % (pid, tid)) as f:
                comm = f.read().strip()
            with open("/proc/%d/task/%s/schedstat" % (pid, tid)) as f:
                ns = int(f.read().split()[0])
        except OSError:
            continue  # a thread that just exited
        if comm.startswith("mc-worker"):
            worker += ns
        else:
            background += ns
    return worker, background


def main():
    if len(sys.argv) < 5 or sys.argv[3] != "--" or not sys.argv[1].isdigit():
        sys.exit("usage: memcslap-phase.py SERVER_PID CPU -- MEMCSLAP ARGS...")
    pid, cpu, cmd = int(sys.argv[1]), sys.argv[2], sys.argv[4:]
    thread_cpu(pid)  # the server must exist before the client starts
    master, slave = pty.openpty()
    p = subprocess.Popen(["taskset", "-c", cpu] + cmd, stdout=slave, stderr=slave,
                         stdin=subprocess.DEVNULL)
    os.close(slave)
    start = end = None
    keys = seconds = None
    buf = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the client closed the terminal
            break
        if not chunk:
            break
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            text = line.decode(errors="replace")
            if text.startswith("Time to start"):
                start = thread_cpu(pid)
            m = re.match(r"Time to (get|mget|set)\s+(\d+) keys by\s+\d+ threads:\s+([\d.]+) seconds",
                         text)
            if m:
                end = thread_cpu(pid)
                keys, seconds = int(m.group(2)), float(m.group(3))
    rc = p.wait()
    if rc != 0 or start is None or end is None:
        sys.exit("memcslap-phase: memcslap exited %d without a timed phase" % rc)
    print(keys, seconds, end[0] - start[0], end[1] - start[1])


if __name__ == "__main__":
    main()
