#!/usr/bin/env bash
# What one request of each kind pays in the memcached port (port-and-build.sh): the runtime's
# counters (PMS_STATS) of a fresh server on a fresh pool that stores N keys (100-byte values) and
# then runs N requests of one kind, minus those of a server that only stored the keys, divided
# by N: transactions, store fences, undo-log entries, cache lines written back, bytes logged (what
# the runtime itself did; PMS_STATS' barriers and flushes also count what a latency model would
# charge: before issue 11's seventh round this table showed those). The client is a
# plain socket speaking the ASCII protocol, one request at a time, so that the counters are the
# requests' own (memcslap stores its keys again before a get test). Prints one table.
#   examples/memcached/charges-per-request.sh
#   SERVER=/path/to/ported/memcached N=20000 examples/memcached/charges-per-request.sh
# Kinds: set (overwrites of stored keys), get (one key), mget (10 keys per request), delete.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SERVER=${SERVER:-$REPO/build/examples/memcached/port/ported/memcached}
N=${N:-10000} PORT=${PORT:-11331}
die() { echo "charges-per-request: $*" >&2; exit 1; }
[ -x "$SERVER" ] || die "no server $SERVER (examples/memcached/port-and-build.sh builds it)"
[[ $N =~ ^[1-9][0-9]*$ ]] && [ "$N" -ge 10 ] || die "N must be a number of at least 10, not '$N'"
OUT=$(mktemp -d /dev/shm/memcached-charges.XXXXXX)
trap 'rm -rf "$OUT"' EXIT

client() { # client KIND...: runs the requests of each KIND in order against $PORT
  python3 - "$PORT" "$N" "$@" <<'PY'
import socket, sys
port, n, kinds = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
s = socket.create_connection(("127.0.0.1", port))
f = s.makefile("rb")
def ask(data, end):
    s.sendall(data)
    out = b""
    while not out.endswith(end):
        line = f.readline()
        if not line:
            sys.exit("charges-per-request: the server closed the connection")
        out += line
for kind in kinds:
    if kind == "set":
        for i in range(n):
            ask(b"set k%d 0 0 100\r\n%s\r\n" % (i, b"v" * 100), b"STORED\r\n")
    elif kind == "get":
        for i in range(n):
            ask(b"get k%d\r\n" % i, b"END\r\n")
    elif kind == "mget":
        for i in range(0, n, 10):
            ask(b"get " + b" ".join(b"k%d" % j for j in range(i, i + 10)) + b"\r\n", b"END\r\n")
    elif kind == "delete":
        for i in range(n):
            ask(b"delete k%d\r\n" % i, b"DELETED\r\n")
PY
}

run() { # run NAME KIND...: a fresh server and pool, the requests, the counters in $OUT/NAME.json
  local name=$1; shift
  rm -f "$OUT/pool"
  PMS_POOL=$OUT/pool PMS_POOL_SIZE=1G PMEM_IS_PMEM_FORCE=1 PMS_STATS=$OUT/$name.json \
    "$SERVER" -u root -p "$PORT" -U 0 -l 127.0.0.1 -t 1 -m 512 \
    -o no_lru_crawler,no_hashexpand,hashpower=20 >"$OUT/$name.log" 2>&1 &
  local pid=$!
  for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/"$PORT") 2>/dev/null && break; sleep 0.05; done
  kill -0 "$pid" 2>/dev/null || die "$SERVER did not start (log: $(tail -1 "$OUT/$name.log"))"
  client "$@" || { kill "$pid"; die "the client failed against $SERVER (log $OUT/$name.log)"; }
  kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
  [ -s "$OUT/$name.json" ] || die "no PMS_STATS from $SERVER (log: $(tail -1 "$OUT/$name.log"))"
}

run stored set
for k in set get mget delete; do run "$k" set "$k"; done
python3 - "$OUT" "$N" <<'PY'
import json, sys
out, n = sys.argv[1], int(sys.argv[2])
base = json.load(open(out + "/stored.json"))
keys = ("transactions", "fences", "log_entries", "writebacks", "bytes_logged")
print("charges-per-request: memcached port, %d keys stored first; per request:" % n)
print("%-7s" % "kind" + "".join("%14s" % k for k in keys))
for kind, per in (("set", n), ("get", n), ("mget", n // 10), ("delete", n)):
    d = json.load(open("%s/%s.json" % (out, kind)))
    # a runtime without a counter (an older build) shows "-"
    print("%-7s" % kind + "".join("%14.2f" % ((d[k] - base[k]) / per) if k in d else "%14s" % "-"
                                  for k in keys))
PY
