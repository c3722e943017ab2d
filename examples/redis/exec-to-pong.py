#!/usr/bin/env python3
"""Starts a server and times it from exec to its first answer to PING.

usage: exec-to-pong.py PORT [--timeout SECONDS] -- COMMAND...

The clock starts just before the exec; the port is polled every half
millisecond with a raw socket (a redis-cli per poll costs milliseconds of its
own). Prints "PID MILLISECONDS" and leaves the server running (its standard
output goes to our standard error); exits 1 with a message if it never answers.
"""
import socket
import subprocess
import sys
import time


def main(argv):
    if "--" not in argv or argv.index("--") < 1:
        sys.exit("usage: exec-to-pong.py PORT [--timeout SECONDS] -- COMMAND...")
    sep = argv.index("--")
    port, command = int(argv[0]), argv[sep + 1:]
    timeout = float(argv[2]) if sep >= 3 and argv[1] == "--timeout" else 30.0
    t0 = time.perf_counter()
    # (the server's output would hold a shell's $(...) open: it goes to stderr)
    server = subprocess.Popen(command, stdout=sys.stderr)
    while time.perf_counter() - t0 < timeout:
        if server.poll() is not None:
            sys.exit("exec-to-pong: the server exited with status %d" % server.returncode)
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(64).startswith(b"+PONG"):
                    print(server.pid, "%.2f" % ((time.perf_counter() - t0) * 1000), flush=True)
                    return
        except OSError:
            time.sleep(0.0005)
    server.kill()
    sys.exit("exec-to-pong: no answer on port %d within %.0f s" % (port, timeout))


if __name__ == "__main__":
    main(sys.argv[1:])
