#!/usr/bin/env bash
# What one request of each kind pays in the delay-injected Redis port (instrument-port.sh) or any
# other server: for each redis-benchmark test, a fresh server on a fresh pool runs N requests of
# that test alone with PMS_STATS, and the runtime's counters are divided by N: NVM reads and
# writes charged, accesses skipped (volatile objects, when charged by address), flushes, persist
# barriers, transactions, bytes logged, pool allocations. Prints one table.
#   examples/redis/charges-per-request.sh                      # instrumented port, pcm, by address
#   CHARGE=type examples/redis/charges-per-request.sh          # charged by static type instead
#   SERVER=build/examples/redis/port/ported/src/redis-server examples/redis/charges-per-request.sh
# Environment: SERVER, MODEL (pcm), MODE (conservative), CHARGE (address), N (20000),
# TESTS (get,set,incr,lpush,lpop,sadd,hset,zadd,mset), PORT (6421).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SERVER=${SERVER:-$REPO/build/examples/redis/port-instrumented/build/src/redis-server}
MODEL=${MODEL:-pcm} MODE=${MODE:-conservative} CHARGE=${CHARGE:-address}
N=${N:-20000} PORT=${PORT:-6421}
TESTS=${TESTS:-get,set,incr,lpush,lpop,sadd,hset,zadd,mset}
die() { echo "charges-per-request: $*" >&2; exit 1; }
[ -x "$SERVER" ] || die "no server $SERVER (examples/redis/instrument-port.sh builds it)"
command -v redis-benchmark >/dev/null || die "redis-benchmark missing (scripts/setup.sh)"
OUT=$(mktemp -d /dev/shm/charges-per-request.XXXXXX)
trap 'rm -rf "$OUT"' EXIT

for t in ${TESTS//,/ }; do
  PMS_POOL=$OUT/pool PMS_POOL_SIZE=1G PMEM_IS_PMEM_FORCE=1 PMS_NVM_MODEL=$MODEL \
    PMS_NVM_MODE=$MODE PMS_NVM_CHARGE=$CHARGE PMS_STATS=$OUT/$t.json \
    taskset -c 0 "$SERVER" --port "$PORT" --bind 127.0.0.1 --dir "$OUT" --save '' \
    --appendonly no --logfile "$OUT/$t.log" &
  pid=$!
  for _ in $(seq 300); do redis-cli -p "$PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
  taskset -c 1 redis-benchmark -p "$PORT" -t "$t" -n "$N" -q >/dev/null 2>&1 ||
    die "redis-benchmark -t $t failed (log $OUT/$t.log)"
  redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
  wait "$pid" || true
  rm -f "$OUT/pool"
done
PMS_POOL=$OUT/pool PMS_POOL_SIZE=1G PMEM_IS_PMEM_FORCE=1 PMS_NVM_MODEL=$MODEL PMS_NVM_MODE=$MODE \
  PMS_NVM_CHARGE=$CHARGE PMS_STATS=$OUT/idle.json taskset -c 0 "$SERVER" --port "$PORT" \
  --bind 127.0.0.1 --dir "$OUT" --save '' --appendonly no --logfile "$OUT/idle.log" &
pid=$!
for _ in $(seq 300); do redis-cli -p "$PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
wait "$pid" || true

python3 - "$OUT" "$N" "$TESTS" "$MODEL" "$MODE" "$CHARGE" "$SERVER" <<'PY'
import json, sys
out, n, tests, model, mode, charge, server = sys.argv[1:]
n = int(n)
idle = json.load(open("%s/idle.json" % out))
# flushes and barriers count what the latency model charges; fences, entries and wr-backs
# (written-back lines) what the runtime itself did
cols = [("reads", "reads"), ("writes", "writes"), ("skipped_reads", "skip rd"),
        ("skipped_writes", "skip wr"), ("flushes", "flushes"), ("barriers", "barriers"),
        ("transactions", "tx"), ("fences", "fences"), ("log_entries", "entries"),
        ("writebacks", "wr-backs"), ("bytes_logged", "logged B"), ("allocs", "allocs"),
        ("injected_ns", "inj. us")]
print("charges per request: %s, %s %s, charged by %s, %d requests per test, start-up subtracted"
      % (server, model, mode, charge, n))
print("%-6s" % "test" + "".join("%10s" % c for _, c in cols))
for t in tests.split(","):
    s = json.load(open("%s/%s.json" % (out, t)))
    row = []
    for k, _ in cols:
        v = (s.get(k, 0) - idle.get(k, 0)) / n
        row.append("%10.2f" % (v / 1000.0 if k == "injected_ns" else v))
    print("%-6s" % t.upper() + "".join(row))
PY
