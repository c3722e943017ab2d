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
REPEAT=${REPEAT:-3} PORT=${PORT:-22333} WARMUP=${WARMUP:-1} NAME=bench-port
. "$HERE/bench-servers.sh"
command -v memcslap >/dev/null || fail "memcslap missing (libmemcached-tools, scripts/setup.sh)"
[[ $REPEAT =~ ^[1-9][0-9]*$ ]] || fail "REPEAT must be a positive number, not '$REPEAT'"
[[ $WARMUP =~ ^[01]$ ]] || fail "WARMUP must be 0 or 1, not '$WARMUP'"
OUT=$(mktemp -d /tmp/memcached-bench.XXXXXX)
trap 'stop_server; rm -rf "$OUT"' EXIT

run() { # run LABEL: appends "test keys seconds worker_ns other_ns" lines to $OUT/LABEL
  local label=$1 t phase
  start_server "$label"
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
  stop_server
}
# The servers' order turns by one place every round: the place in a round biases a server's
# figures on this 2-core machine (the one run last spent 1-2 us less CPU a get, in whichever
# order), and with a fixed order that bias went to the same server every time.
read -ra ORDER <<<"$LABELS"
for i in $(seq "$REPEAT"); do
  for k in "${!ORDER[@]}"; do
    run "${ORDER[(k + i - 1) % ${#ORDER[@]}]}"
  done
done
echo "bench-port: memcslap's timed phase (get and mget: after memcslap stored its keys)," \
  "median of $REPEAT interleaved runs$([ "$WARMUP" = 1 ] || echo ', no warm-up')"
python3 "$HERE/bench-summary.py" "$OUT" $LABELS
