#!/usr/bin/env bash
# Where a warm restart of the ported Redis spends its time, from the runtime's own clock: for each
# N in KEYS, a fresh pool is filled with DEBUG POPULATE N and the server is SIGKILLed; then it is
# started again on the same pool with PMS_STATS, REPEAT times after a kill (each start ended by
# kill -9, so the next one finds the pool not closed) and REPEAT times after a clean stop (ended
# by SHUTDOWN). The runtime's open_* figures (PMS_STATS, docs/pmem_shim.md) say how long loading
# libpmemobj, PMDK's consistency check (by default only after an unclean stop), PMDK's open, the
# runtime's undo-log replay, the slab's state and the value roots took (and, after a clean stop,
# "deferred": PMDK's open when the run needed PMDK at all, docs/pmem_shim.md), without process start or
# Redis' own start-up. Exec to first answer is timed by exec-to-pong.py (process start included,
# the port polled every half millisecond).
#   examples/redis/recovery-time.sh                 # KEYS="100000 1000000", REPEAT=3
# The pristine server's empty start (exec to PONG, no data) is timed last, for comparison.
# Environment: SERVER (the ported redis-server), PRISTINE (the pristine one), KEYS, REPEAT, PORT (6431), POOL_DIR (/dev/shm),
# PMS_POOL_CHECK (passed on: 1 checks at every open, 0 never).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SERVER=${SERVER:-$REPO/build/examples/redis/port/ported/src/redis-server}
PRISTINE=${PRISTINE:-$REPO/build/examples/redis/redis-7.0.15/src/redis-server}
KEYS=${KEYS:-100000 1000000} REPEAT=${REPEAT:-3} PORT=${PORT:-6431}
die() { echo "recovery-time: $*" >&2; exit 1; }
[ -x "$SERVER" ] || die "no ported server $SERVER (examples/redis/port-and-build.sh)"
[ -x "$PRISTINE" ] || die "no pristine server $PRISTINE (examples/redis/fetch-and-build.sh)"
command -v redis-cli >/dev/null || die "redis-cli missing (scripts/setup.sh)"
DIR=$(mktemp -d "${POOL_DIR:-/dev/shm}/recovery-time.XXXXXX")
PID=
trap '[ -z "$PID" ] || kill -9 "$PID" 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$DIR"' EXIT

start() { # start [ENV...]: the server on $DIR/pool, waits for PING; EXEC_MS: exec to PONG
  local out
  out=$(env PMS_POOL="$DIR/pool" PMS_POOL_SIZE="$SIZE" PMEM_IS_PMEM_FORCE=1 "$@" \
    "$HERE/exec-to-pong.py" "$PORT" -- taskset -c 0 "$SERVER" --port "$PORT" --bind 127.0.0.1 \
    --dir "$DIR" --save '' --appendonly no --enable-debug-command yes --logfile "$DIR/log") ||
    die "the server did not answer (log $DIR/log)"
  read -r PID EXEC_MS <<<"$out"
}
stop() { # stop clean|kill: ends the server and waits until it is gone (it is not our child)
  if [ "$1" = clean ]; then redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
  else kill -9 "$PID" 2>/dev/null || true; fi
  while kill -0 "$PID" 2>/dev/null; do sleep 0.005; done
  PID=
}

echo "runtime's recovery at a warm start (us; median of $REPEAT; PMS_STATS open_* fields; exec: ms from exec to PONG)"
printf '%9s %-6s %8s %8s %9s %8s %8s %7s %9s %9s %7s %7s\n' keys after load check pmdk-open recover slab values total deferred exec found
for n in $KEYS; do
  SIZE=$(( n * 1024 > 268435456 ? n * 1024 : 268435456 ))
  rm -f "$DIR/pool"
  start
  [ "$(redis-cli -p "$PORT" debug populate "$n" key 100)" = OK ] || die "DEBUG POPULATE failed"
  stop kill
  for after in kill clean; do
    : >"$DIR/rows"
    # one unmeasured start that ends the way the measured ones begin
    start
    stop "$after"
    for _ in $(seq "$REPEAT"); do
      start PMS_STATS="$DIR/stats.json"
      exec_ms=$EXEC_MS
      found=$(redis-cli -p "$PORT" dbsize)
      stop "$after"
      [ "$found" = "$n" ] || die "$found keys after the restart, expected $n"
      # after kill -9 PMS_STATS is not written: the clean stop's row is the one with figures,
      # and a kill's row takes them from a start that is stopped cleanly right after
      if [ "$after" = kill ]; then
        start PMS_STATS="$DIR/stats.json"
        stop clean
        start; stop kill
      fi
      python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); assert s["open_warm"] == 1, "not warm"
print(" ".join("%.1f" % s[k] for k in ("open_load_us","open_check_us","open_pmdk_us","open_recover_us","open_slab_us","open_values_us","open_total_us","pmdk_deferred_open_us")), sys.argv[2])' \
        "$DIR/stats.json" "$exec_ms" >>"$DIR/rows" || die "no warm start in $DIR/stats.json"
    done
    python3 - "$DIR/rows" "$n" "$after" "$found" <<'PY'
import statistics, sys
rows = [[float(x) for x in l.split()] for l in open(sys.argv[1])]
med = [statistics.median(c) for c in zip(*rows)]
print("%9s %-6s %8.1f %8.1f %9.1f %8.1f %8.1f %7.1f %9.1f %9.1f %7.1f %7s" % (sys.argv[2], sys.argv[3], *med, sys.argv[4]))
PY
  done
done

: >"$DIR/rows"
for _ in $(seq "$REPEAT"); do
  rm -f "$DIR"/dump.rdb
  SERVER=$PRISTINE start
  stop clean
  echo "$EXEC_MS" >>"$DIR/rows"
done
python3 -c 'import statistics,sys; print("pristine empty start: exec to PONG %.1f ms (median of %d)" % (statistics.median(float(l) for l in open(sys.argv[1])), int(sys.argv[2])))' "$DIR/rows" "$REPEAT"
