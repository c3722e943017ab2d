"""Shows that a file's write lease outlives neither a stopped nor a killed
holder: another client gets it after the lease time (stopped) or at once
(killed: the service sees the connection close), and the stopped holder,
resumed, is refused by the service (its log, POOL.tfs.log) and must take the
lease again, waiting like any other writer, before its append goes through.

usage: lease_check.py LEASE_CLIENT AERIE_TFS POOL LEASE_MS
"""
import atexit
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def take(client, sock, path):
    out = subprocess.run([client, "take", sock, path], capture_output=True, text=True, timeout=30)
    ms = int(out.stdout.split("after ")[1].split(" ms")[0])
    return ms, out.stdout


def hold(client, sock, path):
    p = subprocess.Popen([client, "hold", sock, path], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
    if p.stdout.readline().strip() != "holding":
        sys.exit("lease_check: the holder did not start")
    return p


def main():
    client, tfs, pool, lease = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    sock_dir = tempfile.mkdtemp(prefix="aerie-")
    atexit.register(shutil.rmtree, sock_dir, True)
    sock = os.path.join(sock_dir, "s")
    log = open(pool + ".tfs.log", "w")
    srv = subprocess.Popen([tfs, "--lease-ms=%d" % lease, pool, sock], stderr=log)
    while not os.path.exists(sock):
        time.sleep(0.01)

    holder = hold(client, sock, "/stopped")
    holder.send_signal(signal.SIGSTOP)
    ms, out = take(client, sock, "/stopped")
    print("stopped holder: another client waited %s the lease time (%d ms): %d ms"
          % ("about" if lease * 0.5 <= ms <= lease * 3 else "NOT about", lease, ms))
    print(out.splitlines()[1])
    holder.send_signal(signal.SIGCONT)
    holder.stdin.write("append\n")
    holder.stdin.flush()
    print("resumed holder " + holder.stdout.readline().strip())
    holder.stdin.write("quit\n")
    holder.stdin.close()
    print("resumed holder's " + holder.stdout.readline().strip())
    holder.wait()

    holder = hold(client, sock, "/killed")
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    ms, out = take(client, sock, "/killed")
    print("killed holder: another client waited %s the lease time: %d ms"
          % ("less than" if ms < lease else "NOT less than", ms))
    print(out.splitlines()[1])
    srv.send_signal(signal.SIGTERM)
    return srv.wait()


if __name__ == "__main__":
    sys.exit(main())
