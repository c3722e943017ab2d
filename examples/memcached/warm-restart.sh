#!/usr/bin/env bash
# Demonstrates the warm restart of the ported memcached (port-and-build.sh): start it on a fresh
# pool, store N keys, SIGKILL it, start it again on the same pool, and check that every key comes
# back with its value, with no -e memory file and no load from disk. Prints the numbers.
#
#   examples/memcached/warm-restart.sh [N ...]      (default: 100000; e.g. "100000 1000000")
#
# KILLS=K adds a crash loop after the table: K rounds on one pool, each SIGKILLing the server at a
# random moment (20-300 ms) while a client is storing keys, then restarting it warm and checking
# that every acknowledged key is there with its value and that new keys can still be stored.
#
# Environment: MEMCACHED (default: build/examples/memcached/port/ported/memcached), PORT (22199),
# POOL_DIR (a new directory under /tmp), MEM_MB (-m, 1024), THREADS (-t, 4).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
MC=${MEMCACHED:-$REPO/build/examples/memcached/port/ported/memcached}
PORT=${PORT:-22199}
MEM_MB=${MEM_MB:-1024}
THREADS=${THREADS:-4}
[ -x "$MC" ] || { echo "no $MC: run examples/memcached/port-and-build.sh first" >&2; exit 1; }
[ $# -gt 0 ] || set -- 100000
POOL_DIR=${POOL_DIR:-$(mktemp -d /tmp/memcached-warm.XXXXXX)}
mkdir -p "$POOL_DIR"

# The pool: its own file per run, big enough for -m of slab pages, the hash table and the logs.
export PMEM_IS_PMEM_FORCE=1
export PMS_POOL_SIZE=$(( (MEM_MB + 512) * 1024 * 1024 ))
# Background mutators that the port does not cover (port.conf): the LRU crawler links a DRAM
# pseudo-item into the persistent LRU lists, and hash-table expansion runs as an endless loop
# with no per-step function to wrap. hashpower=21 holds 3M items without expanding.
# -c: stats_state is a value root (curr_items drives the expansion and must survive), but its
# reserved_fds (+5 per worker at every start) and curr_conns (connections open at the kill) come
# back too, and memcached refuses to start once they reach -c (default 1024: about 48 warm
# starts with -t 4). A large -c postpones that; see the README (gaps).
OPTS=(-u root -p "$PORT" -U 0 -l 127.0.0.1 -t "$THREADS" -m "$MEM_MB" -c 20000
      -o no_lru_crawler,no_hashexpand,hashpower=21)

rc=0
python3 - "$MC" "$PORT" "$POOL_DIR" "$@" -- "${OPTS[@]}" <<'PY' || rc=$?
import os, signal, socket, subprocess, sys, time

mc, port, pool_dir = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rest = sys.argv[4:]
sep = rest.index("--")
counts, opts = [int(x) for x in rest[:sep]], rest[sep + 1:]

def value(i):
    # 20..120 bytes, different for every key, so a value from the wrong item shows
    return ("v%d:" % i + "abcdefghij" * (2 + i % 10))[: 20 + (i * 7) % 101]

def start(pool, log):
    env = dict(os.environ, PMS_POOL=pool)
    t0 = time.monotonic()
    p = subprocess.Popen([mc] + opts, env=env, stdout=log, stderr=log)
    while True:  # ready = answers "version" on its TCP port
        if p.poll() is not None:
            log.flush()
            sys.exit("memcached exited with %d at start-up (log %s): %s" % (p.returncode,
                     log.name, open(log.name).read().strip()[-300:]))
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=1)
            s.sendall(b"version\r\n")
            if s.recv(100).startswith(b"VERSION"):
                return p, s, time.monotonic() - t0
            s.close()
        except OSError:
            time.sleep(0.001)

def read_until(s, buf, end):
    while not buf.endswith(end):
        d = s.recv(1 << 20)
        if not d:
            sys.exit("connection closed")
        buf += d
    return buf

def set_keys(s, n, batch=1000):
    for lo in range(0, n, batch):
        hi = min(n, lo + batch)
        req = b"".join(b"set key:%d 0 0 %d\r\n%s\r\n" % (i, len(value(i)), value(i).encode())
                       for i in range(lo, hi))
        s.sendall(req)
        buf = b""
        while buf.count(b"\r\n") < hi - lo:
            d = s.recv(1 << 20)
            if not d:
                sys.exit("connection closed during sets")
            buf += d
        if buf.count(b"STORED\r\n") != hi - lo:
            sys.exit("not every set was STORED: %r" % buf[:200])

def check_keys(s, n, batch=100):
    good = 0
    bad = []
    for lo in range(0, n, batch):
        hi = min(n, lo + batch)
        s.sendall(b"get " + b" ".join(b"key:%d" % i for i in range(lo, hi)) + b"\r\n")
        buf = read_until(s, b"", b"END\r\n")
        got = {}
        lines = buf.split(b"\r\n")
        k = 0
        while k < len(lines) and lines[k] != b"END":
            _, key, _, _ = lines[k].split(b" ")
            got[key.decode()] = lines[k + 1].decode()
            k += 2
        for i in range(lo, hi):
            if got.get("key:%d" % i) == value(i):
                good += 1
            elif len(bad) < 5:
                bad.append(("key:%d" % i, got.get("key:%d" % i)))
    return good, bad

def stat(s, name):
    s.sendall(b"stats\r\n")
    for line in read_until(s, b"", b"END\r\n").split(b"\r\n"):
        f = line.split(b" ")
        if len(f) == 3 and f[1] == name.encode():
            return f[2].decode()

ok = True
print("%9s %10s %9s %11s %11s %9s %9s %s" % ("keys", "set (s)", "cold (ms)", "warm (ms)",
      "check (s)", "found", "items", "pool"))
for n in counts:
    pool = os.path.join(pool_dir, "memcached-%d.pool" % n)
    for f in (pool,):
        if os.path.exists(f):
            os.unlink(f)
    log = open(pool + ".log", "w")
    p, s, cold = start(pool, log)
    t = time.monotonic()
    set_keys(s, n)
    t_set = time.monotonic() - t
    # A reply is sent after its command's transaction committed; one more round trip on the
    # same connection makes sure the worker has left the last set's operation too.
    s.sendall(b"version\r\n"); read_until(s, b"", b"\r\n")
    p.send_signal(signal.SIGKILL)
    p.wait()
    s.close()
    size = os.stat(pool).st_size
    p, s, warm = start(pool, log)
    t = time.monotonic()
    good, bad = check_keys(s, n)
    t_check = time.monotonic() - t
    items = stat(s, "curr_items")
    p.terminate()
    p.wait()
    log.close()
    print("%9d %10.2f %9.1f %11.1f %11.2f %9d %9s %dMiB" % (n, t_set, cold * 1e3, warm * 1e3,
          t_check, good, items, size >> 20))
    if good != n:
        ok = False
        print("  missing or wrong after the restart:", bad)
    if open(pool + ".log").read().strip():
        print("  server log:", open(pool + ".log").read().strip()[:500])
kills = int(os.environ.get("KILLS", "0"))
if kills:
    import random, threading
    rnd = random.Random(int(os.environ.get("SEED", "1")))
    pool = os.path.join(pool_dir, "memcached-crash.pool")
    log = open(pool + ".log", "w")
    acked, lost, first_loss, worst = 0, set(), None, 0.0
    p, s, _ = start(pool, log)
    for r in range(kills):
        killer = threading.Timer(rnd.uniform(0.02, 0.3), p.send_signal, [signal.SIGKILL])
        killer.start()
        try:  # store keys from `acked` on, in batches of 100, until the kill cuts the connection
            while True:
                lo = acked
                req = b"".join(b"set key:%d 0 0 %d\r\n%s\r\n" % (i, len(value(i)), value(i).encode())
                               for i in range(lo, lo + 100))
                s.sendall(req)
                buf = b""
                while buf.count(b"\r\n") < 100:
                    d = s.recv(1 << 20)
                    if not d:
                        raise OSError("closed")
                    buf += d
                acked = lo + 100
        except OSError:
            pass
        killer.join()
        p.wait()
        s.close()
        p, s, warm = start(pool, log)
        worst = max(worst, warm)
        good, bad = check_keys(s, acked)
        if good != acked:
            new = [k for k, _ in bad if k not in lost]
            if new:
                first_loss = r if first_loss is None else first_loss
                print("  round %d: %d of %d acknowledged keys missing or wrong (curr_items %s), "
                      "e.g. %s" % (r, acked - good, acked, stat(s, "curr_items"), bad[:3]))
            lost.update(k for k, _ in bad)
    # the structures still work after all those crashes
    set_keys(s, 1000)
    good, _ = check_keys(s, 1000)
    p.terminate()
    p.wait()
    log.close()
    print("crash loop: %d SIGKILLs during sets, %d keys acknowledged, %d lost%s, slowest warm "
          "start %.1f ms, set+get after the last restart %s" % (kills, acked, len(lost),
          "" if first_loss is None else " (first in round %d)" % first_loss, worst * 1e3,
          "ok" if good == 1000 else "FAILED"))
    if lost or good != 1000:
        ok = False
print("warm restart: %s (SIGKILL, no -e memory file, no load from disk; pools in %s)"
      % ("every key came back with its value" if ok else "FAILED", pool_dir))
sys.exit(0 if ok else 1)
PY
if [ $rc -eq 0 ] && [ -z "${KEEP_POOLS:-}" ]; then rm -rf "$POOL_DIR"; else echo "pools kept in $POOL_DIR" >&2; fi
exit $rc
