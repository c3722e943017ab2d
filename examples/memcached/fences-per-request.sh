#!/usr/bin/env bash
# Where the memcached port's persist barriers come from: uprobes (perf, root) on the runtime's
# barrier (persist_fence_counted) and on its undo-log entry writer (ulog_log), with call
# stacks, while one client overwrites N stored keys one request at a time; each event is
# charged to the first function of the server's own code on its stack, per request. The
# counters of charges-per-request.sh say how many barriers a set pays; this says which code
# pays them (a run of stores, a single store, a commit). x86-64 only (ulog_log's arguments are
# read from its registers).
#   examples/memcached/fences-per-request.sh                 # N=2000 overwrites
#   KIND=delete N=5000 examples/memcached/fences-per-request.sh
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SERVER=${SERVER:-$REPO/build/examples/memcached/port/ported/memcached}
N=${N:-2000} PORT=${PORT:-11332} KIND=${KIND:-set}
die() { echo "fences-per-request: $*" >&2; exit 1; }
[ -x "$SERVER" ] || die "no server $SERVER (examples/memcached/port-and-build.sh builds it)"
[[ $N =~ ^[1-9][0-9]*$ ]] || die "N must be a positive number, not '$N'"
[[ $KIND =~ ^(set|delete)$ ]] || die "KIND must be set or delete, not '$KIND'"
command -v perf >/dev/null || die "perf missing (linux-perf, scripts/setup.sh)"
[ "$(id -u)" -eq 0 ] || die "uprobes need root"
[ "$(uname -m)" = x86_64 ] || die "x86-64 only: ulog_log's arguments are read from its registers"
SHIM=$(ldd "$SERVER" 2>/dev/null | awk '/libpmem_shim/ { print $3 }' || true)
[ -n "$SHIM" ] && [ -e "$SHIM" ] || die "$SERVER does not load libpmem_shim (not a port?)"
SHIM=$(readlink -f "$SHIM")
OUT=$(mktemp -d /dev/shm/memcached-fences.XXXXXX)
GROUP=pms_fences_$$
SPID=
cleanup() {
  [ -n "$SPID" ] && { kill "$SPID" 2>/dev/null; wait "$SPID" 2>/dev/null || true; }
  perf probe -q -d "$GROUP:*" 2>/dev/null || true
  rm -rf "$OUT"
}
trap cleanup EXIT

perf probe -q -x "$SHIM" "$GROUP:fence=persist_fence_counted" ||
  die "cannot place a uprobe on persist_fence_counted in $SHIM"
perf probe -q -x "$SHIM" "$GROUP:entry=ulog_log size=%si:u64" ||
  die "cannot place a uprobe on ulog_log in $SHIM"

client() { # client KIND: N requests of KIND (set: keys k0..k<N-1>) on one connection
  python3 - "$PORT" "$N" "$1" <<'PY'
import socket, sys
port, n, kind = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
s = socket.create_connection(("127.0.0.1", port))
f = s.makefile("rb")
for i in range(n):
    if kind == "set":
        s.sendall(b"set k%d 0 0 100\r\n%s\r\n" % (i, b"v" * 100)); want = b"STORED\r\n"
    else:
        s.sendall(b"delete k%d\r\n" % i); want = b"DELETED\r\n"
    if f.readline() != want:
        sys.exit("fences-per-request: unexpected answer to request %d" % i)
PY
}

PMS_POOL=$OUT/pool PMS_POOL_SIZE=1G PMEM_IS_PMEM_FORCE=1 "$SERVER" -u root -p "$PORT" -U 0 \
  -l 127.0.0.1 -t 1 -m 512 -o no_lru_crawler,no_hashexpand,hashpower=20 >"$OUT/log" 2>&1 &
SPID=$!
for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/"$PORT") 2>/dev/null && break; sleep 0.05; done
kill -0 "$SPID" 2>/dev/null || die "$SERVER did not start (log: $(tail -1 "$OUT/log"))"
client set # the keys the measured requests overwrite or delete
perf record -q -m 8M -e "$GROUP:*" --call-graph dwarf,4096 -p "$SPID" -o "$OUT/perf.data" \
  >/dev/null 2>&1 &
PERF=$!
sleep 1 # perf attaches
client "$KIND"
kill -INT "$PERF"; wait "$PERF" 2>/dev/null || true
perf script -i "$OUT/perf.data" 2>/dev/null >"$OUT/events.txt"
python3 - "$OUT/events.txt" "$N" "$KIND" "$GROUP" "$(readlink -f "$SERVER")" <<'PY'
import collections, sys
events, n, kind, group, server = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
per_fn = collections.defaultdict(lambda: [0, 0])  # function -> [barriers, entries]
totals = [0, 0]
event, frames = None, []
def charge():
    if event is None:
        return
    own = [f.split()[1].split("+")[0] for f in frames if "(" + server + ")" in f]
    fn = own[0] if own else "(no frame of the server)"
    k = 0 if event == "fence" else 1
    per_fn[fn][k] += 1
    totals[k] += 1
for line in open(events):
    if group + ":" in line:
        charge()
        event, frames = line.split(group + ":")[1].split(":")[0], []
    elif line.strip():
        frames.append(line.strip())
charge()
print("fences-per-request: memcached port, %d %ss of stored keys; per request:" % (n, kind))
print("%-34s %10s %14s" % ("server function on the stack", "barriers", "undo entries"))
for fn, (b, e) in sorted(per_fn.items(), key=lambda kv: -kv[1][0] - kv[1][1] / 1000):
    print("%-34s %10.2f %14.2f" % (fn, b / n, e / n))
print("%-34s %10.2f %14.2f" % ("total", totals[0] / n, totals[1] / n))
PY
