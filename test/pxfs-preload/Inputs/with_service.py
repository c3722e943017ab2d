"""Runs one shell command line while aerie-tfs serves a pool, then stops it.

usage: with_service.py AERIE_TFS POOL COMMAND
The service's socket path (short, in a temporary directory: a Unix socket
path holds at most 107 bytes) is exported as PXFS_TFS_SOCKET to COMMAND,
which /bin/sh runs. Exits with COMMAND's status, or 1 when the service did
not start or did not stop cleanly (its log: POOL.tfs.log).
"""
import os
import signal
import subprocess
import sys
import tempfile
import time


def main():
    tfs, pool, command = sys.argv[1], sys.argv[2], sys.argv[3]
    tmp = tempfile.mkdtemp(prefix="pxfs-")
    sock = os.path.join(tmp, "s")
    with open(pool + ".tfs.log", "w") as log:
        srv = subprocess.Popen([tfs, pool, sock], stderr=log)
        deadline = time.time() + 10
        while not os.path.exists(sock):
            if srv.poll() is not None or time.time() > deadline:
                print("with_service: aerie-tfs did not start (see %s.tfs.log)" % pool)
                srv.kill()
                return 1
            time.sleep(0.01)
        rc = subprocess.call(["/bin/sh", "-c", command], env=dict(os.environ, PXFS_TFS_SOCKET=sock))
        srv.send_signal(signal.SIGTERM)
        if srv.wait(timeout=10) != 0:
            print("with_service: aerie-tfs exited with %d" % srv.returncode)
            return 1
    os.rmdir(tmp)
    return rc


if __name__ == "__main__":
    sys.exit(main())
