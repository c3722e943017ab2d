"""Runs a command while aerie-tfs serves a pool, then stops the service.

usage: with_tfs.py AERIE_TFS POOL [--lease-ms=N] [--parallel=N] -- CMD ARGS...
'@SOCK@' in CMD's arguments becomes the service's socket path (kept short, in
a temporary directory, since a Unix socket path has at most 107 bytes). With
--parallel=N, N copies of CMD run at once, '@I@' in each one's arguments
becoming its number 0..N-1. The service's log goes to POOL.tfs.log. Exits
with the first non-zero status of CMD, or 1 when the service did not start or
did not stop cleanly.
"""
import atexit
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def main():
    sep = sys.argv.index("--")
    tfs, pool, opts = sys.argv[1], sys.argv[2], sys.argv[3:sep]
    if pool.startswith("-"):
        print("with_tfs: the pool comes before the service's options, not '%s'" % pool)
        return 2
    copies = [int(o.split("=")[1]) for o in opts if o.startswith("--parallel=")]
    opts = [o for o in opts if not o.startswith("--parallel=")]
    cmd = sys.argv[sep + 1:]
    tmp = tempfile.mkdtemp(prefix="aerie-")
    atexit.register(shutil.rmtree, tmp, True)
    sock = os.path.join(tmp, "s")
    log = open(pool + ".tfs.log", "w")
    srv = subprocess.Popen([tfs] + opts + [pool, sock], stderr=log)
    deadline = time.time() + 10
    while not os.path.exists(sock):
        if srv.poll() is not None or time.time() > deadline:
            print("with_tfs: aerie-tfs did not start (see %s.tfs.log)" % pool)
            return 1
        time.sleep(0.01)
    procs = [subprocess.Popen([a.replace("@SOCK@", sock).replace("@I@", str(i)) for a in cmd])
             for i in range(copies[0] if copies else 1)]
    rcs = [p.wait() for p in procs]
    rc = next((r for r in rcs if r), 0)
    srv.send_signal(signal.SIGTERM)
    if srv.wait(timeout=10) != 0:
        print("with_tfs: aerie-tfs exited with %d" % srv.returncode)
        return 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
