#!/usr/bin/env bash
# What the port costs (or, with PORTED_SERVER=<delay-injected server>, what the dram preset
# costs): redis-benchmark (Debian's redis-tools, loopback) GET/SET/LPUSH/MSET
# against the pristine redis-server and the persist-rewriter port (port-and-build.sh), runs
# interleaved REPEAT times (pristine, port; port, pristine; ...), median requests per second.
# Server on CPU 0, client on CPU 1. The port runs with PMEM_IS_PMEM_FORCE=1 (PMDK flushes with
# cache-line instructions, as on real persistent memory; on this machine's disk-backed pool file
# it would otherwise msync every flush).
#   examples/redis/bench-port.sh        # N=100000 requests per test, REPEAT=5
#   TESTS=get,incr,hset,sadd,zadd,lpop,lrange_100 examples/redis/bench-port.sh
# TESTS: redis-benchmark's -t names, one run of redis-benchmark each (get,set,lpush,mset)
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
WORK=${WORK:-$REPO/build/examples/redis/port}
PLAIN=${PLAIN_SERVER:-$WORK/base/src/redis-server}
PORTED=${PORTED_SERVER:-$WORK/ported/src/redis-server}
LABEL=${LABEL:-port} # the second server's name in the table
N=${N:-100000} REPEAT=${REPEAT:-5} PORT=${PORT:-6398} TESTS=${TESTS:-get,set,lpush,mset}
OUT=$(mktemp -d /tmp/redis-bench-port.XXXXXX)
fail() { echo "bench-port: $*" >&2; exit 1; }
[[ $TESTS =~ ^[a-z0-9_]+(,[a-z0-9_]+)*$ ]] || fail "TESTS must be redis-benchmark test names separated by commas, not '$TESTS'"
command -v redis-benchmark >/dev/null || fail "redis-benchmark missing (redis-tools, scripts/setup.sh)"
[ -x "$PLAIN" ] || fail "no pristine server $PLAIN (examples/redis/port-and-build.sh builds it)"
[ -x "$PORTED" ] || fail "no ported server $PORTED (examples/redis/port-and-build.sh)"
PIN_S=() PIN_C=()
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then PIN_S=(taskset -c 0) PIN_C=(taskset -c 1); fi
SPID=
stop() { if [ -n "$SPID" ]; then kill -TERM "$SPID" 2>/dev/null; wait "$SPID" 2>/dev/null || true; fi; SPID=; }
trap 'stop; rm -rf "$OUT"' EXIT

run() { # run LABEL SERVER [ENV...] -> appends "test rps" lines to $OUT/LABEL
  local label=$1 server=$2; shift 2
  rm -f "$OUT/pool"
  env "$@" "${PIN_S[@]}" "$server" --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no \
    --logfile "$OUT/$label.log" --dir "$OUT" &
  SPID=$!
  for _ in $(seq 200); do redis-cli -p "$PORT" ping >/dev/null 2>&1 && break; sleep 0.05; done
  redis-cli -p "$PORT" ping >/dev/null 2>&1 ||
    fail "$label server $server does not answer on port $PORT (log: $OUT/$label.log)"
  # The server's own CPU time (user + system, clock ticks) per test and over the whole run:
  # unlike throughput, other load on the machine hardly changes it.
  local t cpu0 cpu1
  for t in ${TESTS//,/ }; do
    cpu0=$(awk '{print $14 + $15}' "/proc/$SPID/stat")
    # One line a test (LRANGE_100, ...), less the fill an LRANGE test runs first.
    "${PIN_C[@]}" redis-benchmark -p "$PORT" -t "$t" -n "$N" -q 2>/dev/null | tr '\r' '\n' |
      grep -v 'needed to benchmark' |
      sed -n 's/^\([A-Z0-9_]*\)[^:]*: \([0-9.]*\) requests per second.*/\1 \2/p' >>"$OUT/$label"
    cpu1=$(awk '{print $14 + $15}' "/proc/$SPID/stat")
    echo "CPU_${t^^} $((cpu1 - cpu0))" >>"$OUT/$label"
  done
  echo "CPU $(awk '{print $14 + $15}' "/proc/$SPID/stat")" >>"$OUT/$label"
  stop
}
# The two servers swap places every round: a server's place in a round biases its figures on a
# 2-core machine (memcached's bench-port.sh saw the last one spend less CPU a request).
for i in $(seq "$REPEAT"); do
  if [ $((i % 2)) = 1 ]; then
    run pristine "$PLAIN"
    run port "$PORTED" PMS_POOL="$OUT/pool" PMS_POOL_SIZE=1G PMEM_IS_PMEM_FORCE=1
  else
    run port "$PORTED" PMS_POOL="$OUT/pool" PMS_POOL_SIZE=1G PMEM_IS_PMEM_FORCE=1
    run pristine "$PLAIN"
  fi
done
python3 - "$OUT" "$N" "$REPEAT" "$LABEL" "$TESTS" <<'PY'
import statistics, sys, collections
out, n, rep, name, asked = sys.argv[1:]
med, order = {}, []
for label in ("pristine", "port"):
    runs = collections.defaultdict(list)
    for line in open("%s/%s" % (out, label)):
        t, rps = line.split()
        runs[t].append(float(rps))
        if not t.startswith("CPU") and t not in order:
            order.append(t)
    med[label] = {t: statistics.median(v) for t, v in runs.items()}
if not order:
    sys.exit("bench-port: redis-benchmark printed no results for %s" % asked)
print("bench-port: N=%s per test, median of %s interleaved runs, requests per second" % (n, rep))
import os
hz = os.sysconf("SC_CLK_TCK")
print("%-6s %12s %12s %8s" % ("test", "pristine", name, name + "/pristine"))
for t in order:
    a, b = med["pristine"].get(t), med["port"].get(t)
    if a and b:
        print("%-6s %12.0f %12.0f %7.1f%%" % (t, a, b, 100.0 * b / a))
# A -t name that runs several tests (lrange) has one CPU figure for all of them.
print("server CPU per request (us), per redis-benchmark run:")
for t in asked.upper().split(","):
    a, b = med["pristine"].get("CPU_" + t), med["port"].get("CPU_" + t)
    if a and b:
        us = lambda ticks: 1e6 * ticks / hz / int(n)
        print("  %-6s %6.2f pristine %6.2f %s (%+.0f%%)" % (t, us(a), us(b), name, 100.0 * (b - a) / a))
a, b = med["pristine"].get("CPU"), med["port"].get("CPU")
if a and b:
    per = lambda ticks: 1e6 * ticks / hz / (len(order) * int(n))
    print("server CPU per request (all %d tests): %.2f us pristine, %.2f us %s (%+.1f%%)"
          % (len(order), per(a), per(b), name, 100.0 * (b - a) / a))
PY
