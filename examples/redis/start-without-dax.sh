#!/usr/bin/env bash
# The ported Redis with its pool on an ordinary file system (no DAX, PMEM_IS_PMEM_FORCE unset, so
# the runtime msyncs; docs/pmem_shim.md "Pools on a file system without DAX"): exec to the first
# PONG on an empty pool (cold), SETs per second (redis-benchmark -t set -n N -c 4), then SIGKILL
# and exec to PONG again on the same pool (warm) and DBSIZE after it.
#   examples/redis/start-without-dax.sh                    # pool under /var/tmp
#   POOL_DIR=/mnt/disk LIB=/path/to/other/runtime/dir examples/redis/start-without-dax.sh
# LIB: a directory holding another libpmem_shim.so.0 to run the same port with (LD_LIBRARY_PATH),
# e.g. an older runtime for a before/after figure.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SERVER=${SERVER:-$REPO/build/examples/redis/port/ported/src/redis-server}
POOL_DIR=${POOL_DIR:-/var/tmp} PORT=${PORT:-7391} N=${N:-2000} LIB=${LIB:-}
die() { echo "start-without-dax: $*" >&2; exit 1; }
[ -x "$SERVER" ] || die "no ported server $SERVER (examples/redis/port-and-build.sh)"
command -v redis-benchmark >/dev/null || die "redis-benchmark missing (scripts/setup.sh)"
[[ $N =~ ^[1-9][0-9]*$ ]] || die "N must be a positive number, not '$N'"
[ -d "$POOL_DIR" ] && [ -w "$POOL_DIR" ] || die "POOL_DIR '$POOL_DIR' is not a writable directory"
[ -z "$LIB" ] || [ -e "$LIB/libpmem_shim.so.0" ] || die "LIB '$LIB' holds no libpmem_shim.so.0"
redis-cli -p "$PORT" ping >/dev/null 2>&1 && die "something already answers on port $PORT"
WORK=$(mktemp -d "$POOL_DIR/start-without-dax.XXXXXX")
PID=
trap '[ -z "$PID" ] || kill -9 "$PID" 2>/dev/null; rm -rf "$WORK"' EXIT

start() { # start LABEL: the server on $WORK/pool; prints exec to PONG
  local t0 t1
  t0=$(date +%s%N)
  env -u PMEM_IS_PMEM_FORCE ${LIB:+LD_LIBRARY_PATH=$LIB} PMS_POOL="$WORK/pool" PMS_POOL_SIZE=1G \
    "$SERVER" --port "$PORT" --save "" --appendonly no --dir "$WORK" >"$WORK/$1.log" 2>&1 & PID=$!
  for _ in $(seq 6000); do
    redis-cli -p "$PORT" ping 2>/dev/null | grep -q PONG && break
    kill -0 "$PID" 2>/dev/null || die "the server exited (log: $(tail -1 "$WORK/$1.log"))"
    sleep 0.01
  done
  t1=$(date +%s%N)
  redis-cli -p "$PORT" ping 2>/dev/null | grep -q PONG || die "no PONG within 60 s"
  awk -v label="$1" -v ns=$((t1 - t0)) 'BEGIN { printf "%-5s exec to PONG %8.3f s\n", label, ns / 1e9 }'
}

echo "pool: $WORK/pool ($(df -T "$WORK" | awk 'NR == 2 {print $2}')), runtime: ${LIB:-build/lib}"
start cold
redis-benchmark -p "$PORT" -t set -n "$N" -c 4 -q 2>&1 | tr '\r' '\n' | grep -v '^$' | tail -1
kill -9 "$PID"; wait "$PID" 2>/dev/null || true; PID=
start warm
echo "DBSIZE after the warm start: $(redis-cli -p "$PORT" dbsize)"
