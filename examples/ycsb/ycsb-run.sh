#!/usr/bin/env bash
# Runs YCSB 0.17.0's client (site.ycsb.Client) with this project's bindings (build.sh builds them):
#   examples/ycsb/ycsb-run.sh load|run --db redis|memcached -P WORKLOAD [-p NAME=VALUE ...] [CLIENT ARGS]
# WORKLOAD may be a file or a name in examples/ycsb/workloads (paper-read-heavy, workloada, ...).
# Binding properties: redis.host, redis.port, redis.timeout; memcached.host, memcached.port,
# memcached.timeout (milliseconds). Latency is measured with HdrHistogram and reported at the
# percentiles the evaluation plots (override with -p hdrhistogram.percentiles=...). Everything
# after --db is passed to the client as it is (-threads N, -target N, -s, ...).
# Environment: YCSB_OUT (the build directory, default build/ycsb; built when missing), JAVA
# (default java), JAVA_OPTS (default: -Xmx1g).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
usage() { echo "usage: ycsb-run.sh load|run --db redis|memcached -P WORKLOAD [-p NAME=VALUE ...]" >&2; exit 2; }
[ $# -ge 3 ] || usage
case "$1" in load) phase=-load ;; run) phase=-t ;; *) usage ;; esac
[ "$2" = --db ] || usage
case "$3" in
  redis) db=org.nvmove.ycsb.RedisClient ;;
  memcached) db=org.nvmove.ycsb.MemcachedClient ;;
  *) echo "ycsb-run: unknown --db '$3' (redis or memcached)" >&2; exit 2 ;;
esac
shift 3
args=()
while [ $# -gt 0 ]; do
  if [ "$1" = -P ] && [ $# -ge 2 ]; then
    w=$2
    [ -f "$w" ] || w=$HERE/workloads/$2
    [ -f "$w" ] || { echo "ycsb-run: no workload '$2' (file or name in $HERE/workloads)" >&2; exit 2; }
    args+=(-P "$w"); shift 2
  else
    args+=("$1"); shift
  fi
done
OUT=${YCSB_OUT:-$REPO/build/ycsb}
[ -s "$OUT/nvmove-ycsb.jar" ] || YCSB_OUT=$OUT "$HERE/build.sh" >/dev/null
# Defaults first: a later -p of the caller wins (YCSB keeps the last value of a property).
# shellcheck disable=SC2086
exec "${JAVA:-java}" ${JAVA_OPTS:--Xmx1g} -cp "$OUT/nvmove-ycsb.jar:$OUT/lib/*" site.ycsb.Client \
  "$phase" -db "$db" -p measurementtype=hdrhistogram \
  -p hdrhistogram.percentiles=1,5,10,20,30,40,50,60,70,80,90,95,99,99.9,99.99 "${args[@]}"
