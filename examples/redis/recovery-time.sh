#!/usr/bin/env bash
# Where a warm restart of the ported Redis spends its time, from the runtime's own clock: for each
# N in KEYS, a fresh pool is filled with DEBUG POPULATE N, the server is SIGKILLed, started again
# on the same pool with PMS_STATS, and stopped cleanly once it answers; the runtime's open_* figures
# (PMS_STATS, docs/pmem_shim.md) say how long the pool's check, PMDK's open, the runtime's own
# recovery (undo-log replay, slab state) and the value roots took, without process start or
# Redis' own start-up. Each N is measured with PMDK's open check (the default) and without it
# (PMS_POOL_CHECK=0), REPEAT times each.
#   examples/redis/recovery-time.sh                 # KEYS="100000 1000000", REPEAT=3
# Environment: SERVER (the ported redis-server), KEYS, REPEAT, PORT (6431), POOL_DIR (/dev/shm).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SERVER=${SERVER:-$REPO/build/examples/redis/port/ported/src/redis-server}
KEYS=${KEYS:-100000 1000000} REPEAT=${REPEAT:-3} PORT=${PORT:-6431}
die() { echo "recovery-time: $*" >&2; exit 1; }
[ -x "$SERVER" ] || die "no ported server $SERVER (examples/redis/port-and-build.sh)"
command -v redis-cli >/dev/null || die "redis-cli missing (scripts/setup.sh)"
DIR=$(mktemp -d "${POOL_DIR:-/dev/shm}/recovery-time.XXXXXX")
PID=
trap '[ -z "$PID" ] || kill -9 "$PID" 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$DIR"' EXIT

start() { # start [ENV...]: the server on $DIR/pool, waits for PING
  env PMS_POOL="$DIR/pool" PMS_POOL_SIZE="$SIZE" PMEM_IS_PMEM_FORCE=1 "$@" \
    taskset -c 0 "$SERVER" --port "$PORT" --bind 127.0.0.1 --dir "$DIR" --save '' \
    --appendonly no --enable-debug-command yes --logfile "$DIR/log" &
  PID=$!
  for _ in $(seq 600); do [ "$(redis-cli -p "$PORT" ping 2>/dev/null)" = PONG ] && return; sleep 0.05; done
  die "the server did not answer (log $DIR/log)"
}

echo "runtime's recovery at a warm start (us; median of $REPEAT; PMS_STATS open_* fields)"
printf '%9s %-6s %9s %9s %9s %9s %9s %7s\n' keys check check pmdk-open recover values total found
for n in $KEYS; do
  SIZE=$(( n * 4096 > 268435456 ? n * 4096 : 268435456 ))
  rm -f "$DIR/pool"
  start
  [ "$(redis-cli -p "$PORT" debug populate "$n" key 100)" = OK ] || die "DEBUG POPULATE failed"
  kill -9 "$PID"; wait "$PID" 2>/dev/null || true; PID=
  for check in 1 0; do
    : >"$DIR/rows"
    for _ in $(seq "$REPEAT"); do
      start PMS_POOL_CHECK=$check PMS_STATS="$DIR/stats.json"
      found=$(redis-cli -p "$PORT" dbsize)
      redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
      wait "$PID" 2>/dev/null || true; PID=
      [ "$found" = "$n" ] || die "$found keys after the restart, expected $n"
      python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); assert s["open_warm"] == 1, "not warm"
print(" ".join("%.1f" % s[k] for k in ("open_check_us","open_pmdk_us","open_recover_us","open_values_us","open_total_us")))' \
        "$DIR/stats.json" >>"$DIR/rows" || die "no warm start in $DIR/stats.json"
    done
    python3 - "$DIR/rows" "$n" "$check" "$found" <<'PY'
import statistics, sys
rows = [[float(x) for x in l.split()] for l in open(sys.argv[1])]
med = [statistics.median(c) for c in zip(*rows)]
print("%9s %-6s %9.1f %9.1f %9.1f %9.1f %9.1f %7s" % (sys.argv[2], "on" if sys.argv[3] == "1" else "off",
      *med, sys.argv[4]))
PY
  done
done
