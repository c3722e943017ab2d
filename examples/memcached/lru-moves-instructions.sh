#!/usr/bin/env bash
# lru-moves.sh's workload, smaller, under callgrind: the instructions of the LRU maintainer
# thread (in all and in lru_pull_tail, where its moves are) and of the worker thread, plain
# memcached against the port. Counts do not drift with the machine as times do on a shared VM;
# the maintainer's number of moves still depends on its timing, so each line gives them too.
#   examples/memcached/lru-moves-instructions.sh
#   OTHER_SERVER=/path/memcached OTHER_LABEL=before examples/memcached/lru-moves-instructions.sh
# N keys (2000) are stored, then fetched TIMES times (5) in 50-key gets.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
N=${N:-2000} TIMES=${TIMES:-5} PORT=${PORT:-22399} NAME=lru-moves-instructions REPEAT=1
. "$HERE/bench-servers.sh"
command -v valgrind >/dev/null || fail "valgrind is not installed (scripts/setup.sh installs it)"
for v in N TIMES; do
  [[ ${!v} =~ ^[1-9][0-9]*$ ]] || fail "$v must be a positive number, not '${!v}'"
done
[ $((N % 50)) -eq 0 ] || fail "N must be a multiple of 50 (the gets ask for 50 keys), not '$N'"
TMP=$(mktemp -d)
trap 'stop_server; rm -rf "$TMP"' EXIT

run() { # run LABEL: one line of counts
  local label=$1 server=$PORTED env=(PMS_POOL="$POOL" PMS_POOL_SIZE=512M PMEM_IS_PMEM_FORCE=1)
  case $label in
    plain) server=$PLAIN env=() ;;
    port) ;;
    *) server=$OTHER ;;
  esac
  rm -f "$POOL" "$TMP"/cg.*
  # memcached sets its descriptor limit, soft and hard, to -c; under valgrind (which keeps 12
  # descriptors of a limit of 1,024 for itself) only to the 1,012 valgrind reports
  # (--trace-children: OTHER_SERVER may be a wrapper script that execs the server)
  (ulimit -n 1024; exec env "${env[@]}" valgrind --tool=callgrind --separate-threads=yes \
    --trace-children=yes --callgrind-out-file="$TMP/cg.%p" "$server" -u root -p "$PORT" -U 0 \
    -l 127.0.0.1 -t 1 -m 1024 -c 1012 -o no_lru_crawler,no_hashexpand,hashpower=21 \
    2>"$TMP/valgrind.log") &
  SPID=$!
  python3 - "$HERE" "$PORT" "$N" "$TIMES" >"$TMP/moves" <<'PY' || fail "the client failed against $label"
import sys, time
sys.path.insert(0, sys.argv[1])
from lru_client import Client
port, n, times = (int(x) for x in sys.argv[2:])
c = Client(port, "lru-moves-instructions", wait_s=60)  # the server starts slowly under valgrind
c.store(n)
time.sleep(3)
c.fetch(n, times)
time.sleep(5)  # the maintainer's moves of the fetches
print(c.moves())
PY
  [ -s "$TMP/moves" ] ||
    fail "no figures from $label: $(grep -v '^==' "$TMP/valgrind.log" | tail -1)"
  kill "$SPID" 2>/dev/null; wait "$SPID" 2>/dev/null || true
  SPID=
  python3 - "$label" "$(cat "$TMP/moves")" "$TMP" <<'PY'
import glob, re, subprocess, sys
label, moves, tmp = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def inclusive(path):
    out = subprocess.run(["callgrind_annotate", "--inclusive=yes", path], capture_output=True,
                         text=True, check=True).stdout
    got = {}
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+\S*:(\w+) \[", line)
        if m:
            got.setdefault(m.group(2), int(m.group(1).replace(",", "")))
    return got
threads = {}
for path in glob.glob(tmp + "/cg.*-*"):
    f = inclusive(path)
    for name in ("lru_maintainer_thread", "worker_libevent"):
        if name in f and "main" not in f:
            threads[name] = f
m, w = threads.get("lru_maintainer_thread"), threads.get("worker_libevent")
if not m or not w or moves <= 0:
    sys.exit("lru-moves-instructions: no maintainer or worker thread, or no moves, for " + label)
print("%-8s %7d moves  maintainer %11d (%5.0f a move)  lru_pull_tail %5.0f a move  "
      "worker %11d" % (label, moves, m["lru_maintainer_thread"],
                       m["lru_maintainer_thread"] / moves, m.get("lru_pull_tail", 0) / moves,
                       w["worker_libevent"]))
PY
}
for label in $LABELS; do run "$label"; done
