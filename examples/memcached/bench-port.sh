#!/usr/bin/env bash
# What the port costs: memcslap (Debian's libmemcached-tools) set, get and mget against the plain
# memcached and the persist-rewriter port (port-and-build.sh), runs interleaved REPEAT times:
# median keys per second of memcslap's timed phase and the server's CPU time per key in it, the
# worker's and the other threads' (memcslap-phase.py; a get or mget test first stores 25,000
# keys from one connection, which memcslap does not time and this does not count either).
# Server with one worker thread on CPU 0, client (4 connections, 25,000 operations each) on CPU 1; the
# port's pool is in /dev/shm with PMEM_IS_PMEM_FORCE=1 (cache-line flushes, as on real
# persistent memory).
# Every server first runs one untimed memcslap mget test (WARMUP=0 skips it): memcslap's
# untimed loads pipeline their sets, and memcached keeps every response buffer the burst made it
# allocate (its rbuf cache, 50-90 MB here), so a server that answered its loads faster started
# the timed phases with more buffers already touched, and the other one paid the first-touch
# page faults of the rest in a timed multi-get (docs/persist-rewriter.md, tenth round).
# The order of the servers turns by one place every round (plain, port; then port, plain; ...).
#   examples/memcached/bench-port.sh                      # REPEAT=3
#   OTHER_SERVER=/path/memcached OTHER_LABEL=before ...   # a third server (another port) too
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
WORK=${WORK:-$REPO/build/examples/memcached/port}
PLAIN=${PLAIN_SERVER:-$WORK/base/memcached}
PORTED=${PORTED_SERVER:-$WORK/ported/memcached}
OTHER=${OTHER_SERVER:-} OTHER_LABEL=${OTHER_LABEL:-other}
REPEAT=${REPEAT:-3} PORT=${PORT:-22333} WARMUP=${WARMUP:-1}
fail() { echo "bench-port: $*" >&2; exit 1; }
command -v memcslap >/dev/null || fail "memcslap missing (libmemcached-tools, scripts/setup.sh)"
[ -x "$PLAIN" ] || fail "no plain server $PLAIN (examples/memcached/port-and-build.sh builds it)"
[ -x "$PORTED" ] || fail "no ported server $PORTED (examples/memcached/port-and-build.sh)"
[ -z "$OTHER" ] || [ -x "$OTHER" ] || fail "no server $OTHER (OTHER_SERVER)"
[[ $REPEAT =~ ^[1-9][0-9]*$ ]] || fail "REPEAT must be a positive number, not '$REPEAT'"
[[ $WARMUP =~ ^[01]$ ]] || fail "WARMUP must be 0 or 1, not '$WARMUP'"
OUT=$(mktemp -d /tmp/memcached-bench.XXXXXX)
POOL=/dev/shm/memcached-bench-$$.pool
SPID=
stop() { if [ -n "$SPID" ]; then kill "$SPID" 2>/dev/null; wait "$SPID" 2>/dev/null || true; fi; SPID=; }
trap 'stop; rm -rf "$OUT" "$POOL"' EXIT

run() { # run LABEL SERVER [ENV...]: appends "test keys seconds worker_ns other_ns" lines
  local label=$1 server=$2 t phase; shift 2
  rm -f "$POOL"
  env "$@" taskset -c 0 "$server" -u root -p "$PORT" -U 0 -l 127.0.0.1 -t 1 -m 1024 -c 4096 \
    -o no_lru_crawler,no_hashexpand,hashpower=21 & SPID=$!
  for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/"$PORT") 2>/dev/null && break; sleep 0.05; done
  if [ "$WARMUP" = 1 ]; then
    taskset -c 1 memcslap --servers=127.0.0.1:"$PORT" --test=mget --concurrency=4 \
      --execute-number=25000 >/dev/null || fail "the warm-up memcslap failed against $label"
  fi
  for t in set get mget; do
    phase=$(python3 "$HERE/memcslap-phase.py" "$SPID" 1 -- memcslap --servers=127.0.0.1:"$PORT" \
      --test=$t --concurrency=4 --execute-number=25000) ||
      fail "memcslap --test=$t failed against $label"
    echo "$t $phase" >>"$OUT/$label"
  done
  stop
}
LABELS="plain port${OTHER:+ $OTHER_LABEL}"
run_server() { # run_server LABEL
  case $1 in
    plain) run plain "$PLAIN" ;;
    port) run port "$PORTED" PMS_POOL="$POOL" PMS_POOL_SIZE=1536M PMEM_IS_PMEM_FORCE=1 ;;
    *) run "$OTHER_LABEL" "$OTHER" PMS_POOL="$POOL" PMS_POOL_SIZE=1536M PMEM_IS_PMEM_FORCE=1 ;;
  esac
}
# The servers' order turns by one place every round: the place in a round biases a server's
# figures on this 2-core machine (the one run last spent 1-2 us less CPU a get, in whichever
# order), and with a fixed order that bias went to the same server every time.
read -ra ORDER <<<"$LABELS"
for i in $(seq "$REPEAT"); do
  for k in "${!ORDER[@]}"; do
    run_server "${ORDER[(k + i - 1) % ${#ORDER[@]}]}"
  done
done
echo "bench-port: memcslap's timed phase (get and mget: after memcslap stored its keys)," \
  "median of $REPEAT interleaved runs$([ "$WARMUP" = 1 ] || echo ', no warm-up')"
python3 "$HERE/bench-summary.py" "$OUT" $LABELS
