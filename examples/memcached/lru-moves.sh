#!/usr/bin/env bash
# What the LRU maintainer thread spends per move, plain memcached against the port, without
# memcslap's noise: a fresh server (one worker, the whole server on CPU 0) stores N keys
# (100-byte values), then one client on CPU 1 fetches them TIMES times in 50-key gets; the
# fetched items go COLD -> WARM and WARM overflows back to COLD, the same moves in both servers.
# Prints, per server and round, the moves (`stats items`), the maintainer's CPU ns per move and
# the worker's per fetch (/proc/PID/task/*/schedstat). The servers alternate, REPEAT rounds.
#   examples/memcached/lru-moves.sh
#   REPEAT=3 OTHER_SERVER=/path/memcached OTHER_LABEL=before examples/memcached/lru-moves.sh
# (OTHER_SERVER: a third server, e.g. a wrapper running the port on another runtime build.)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
REPEAT=${REPEAT:-3} N=${N:-20000} TIMES=${TIMES:-10} PORT=${PORT:-22335} NAME=lru-moves
. "$HERE/bench-servers.sh"
for v in REPEAT N TIMES; do
  [[ ${!v} =~ ^[1-9][0-9]*$ ]] || fail "$v must be a positive number, not '${!v}'"
done
[ $((N % 50)) -eq 0 ] || fail "N must be a multiple of 50 (the gets ask for 50 keys), not '$N'"
trap stop_server EXIT

run() { # run LABEL: one line of figures
  local label=$1 line
  start_server "$label"
  line=$(taskset -c 1 python3 - "$HERE" "$PORT" "$SPID" "$N" "$TIMES" <<'PY'
import os, sys, time
sys.path.insert(0, sys.argv[1])
from lru_client import Client
port, pid, n, times = (int(x) for x in sys.argv[2:])
c = Client(port, "lru-moves")
c.store(n)
time.sleep(1.0)  # the maintainer's moves of the stores end
def cpu():
    out = {}
    for t in os.listdir("/proc/%d/task" % pid):
        with open("/proc/%d/task/%s/comm" % (pid, t)) as comm, \
             open("/proc/%d/task/%s/schedstat" % (pid, t)) as st:
            name = comm.read().strip()
            out[name] = out.get(name, 0) + int(st.read().split()[0])
    return out
c0, m0 = cpu(), c.moves()
c.fetch(n, times)
time.sleep(1.5)  # and those of the fetches
c1, m1 = cpu(), c.moves()
mv = m1 - m0
if mv <= 0:
    sys.exit("lru-moves: the server made no LRU moves")
lru = c1.get("mc-lrumaint", 0) - c0.get("mc-lrumaint", 0)
worker = sum(c1[k] - c0.get(k, 0) for k in c1 if k.startswith("mc-worker"))
print("%d %.0f %.0f" % (mv, lru / mv, worker / (n * times)))
PY
) || fail "the client failed against $label"
  stop_server
  read -r moves per_move per_fetch <<<"$line"
  printf '%-8s %9s moves %6s ns/move (maintainer) %6s ns/fetch (worker)\n' "$label" "$moves" \
    "$per_move" "$per_fetch"
}
for i in $(seq "$REPEAT"); do
  for label in $LABELS; do run "$label"; done
done
