#!/usr/bin/env bash
# The evaluation of issue 10 for Redis 7.0.15 (docs/evaluation.md): the persist-rewriter port
# against the persistence it replaces. Builds what is missing (pristine and ported Redis with
# port-and-build.sh, YCSB with examples/ycsb/build.sh), then runs every variant -- in-memory,
# RDB `save 1 1`, RDB default save points, AOF everysec, AOF always, the port (dram) and, when
# INSTRUMENTED_PORT_SERVER names the delay-injected port, that port under sttram and pcm,
# conservative and realistic -- with YCSB (six workloads) and redis-benchmark (all default
# tests), interleaved REPEAT times; then SIGKILL durability and restart times; prints the
# tables and writes the plots:
#   examples/redis/evaluate.sh              # full run (see docs/evaluation.md for its length)
#   QUICK=1 examples/redis/evaluate.sh      # smoke run in a few minutes
# Environment: RESULTS (default build/eval/redis-<date>-<time>), REPEAT (5), RECORDS (100000),
# OPS (100000 per workload), MAX_SECONDS (20 per workload), CLIENT_THREADS (4), WORKLOADS,
# RESTART_KEYS ("100000,1000000"), RESTART_REPEAT (3), DURABILITY_SECONDS (5), BENCH_REQUESTS
# (50000), VARIANTS (subset, comma-separated), PHASES (throughput,durability,restart),
# WORKDIR (RDB/AOF directories: on this machine's disk; default build/eval/work),
# POOL_DIR (the port's pools; default a directory under /dev/shm), PLAIN_SERVER, PORTED_SERVER.
# The port runs with PMEM_IS_PMEM_FORCE=1 as bench-port.sh does.
# Tables and plots of a saved run again: python3 scripts/eval/report.py RESULTS
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
WORK=${PORT_WORK:-$REPO/build/examples/redis/port}
PLAIN=${PLAIN_SERVER:-$WORK/base/src/redis-server}
PORTED=${PORTED_SERVER:-$WORK/ported/src/redis-server}
say() { echo "evaluate: $*" >&2; }

if [ -n "${QUICK:-}" ]; then
  : "${REPEAT:=1}" "${RECORDS:=2000}" "${OPS:=5000}" "${MAX_SECONDS:=10}" "${RESTART_KEYS:=2000,20000}"
  : "${RESTART_REPEAT:=1}" "${DURABILITY_SECONDS:=1.5}" "${BENCH_REQUESTS:=2000}"
  : "${WORKLOADS:=workloadc,paper-read-heavy,paper-write-heavy}"
fi
export REPEAT RECORDS OPS MAX_SECONDS CLIENT_THREADS WORKLOADS RESTART_KEYS RESTART_REPEAT \
  DURABILITY_SECONDS BENCH_REQUESTS

command -v redis-benchmark >/dev/null && command -v mvn >/dev/null &&
  /usr/bin/python3 -c 'import matplotlib' 2>/dev/null || "$REPO/scripts/setup.sh" >&2
if [ ! -x "$PLAIN" ] || [ ! -x "$PORTED" ]; then
  say "building the pristine and ported Redis (examples/redis/port-and-build.sh)"
  "$HERE/port-and-build.sh" >&2
fi
"$REPO/examples/ycsb/build.sh" >/dev/null

# Debian's matplotlib is for Debian's python3; another python3 first on PATH may lack it.
PY=python3
python3 -c 'import matplotlib' 2>/dev/null || PY=/usr/bin/python3
RESULTS=${RESULTS:-$REPO/build/eval/redis-$(date +%Y%m%d-%H%M%S)}
WORKDIR=${WORKDIR:-$REPO/build/eval/work}
OWN_POOLS=
if [ -z "${POOL_DIR:-}" ]; then
  POOL_DIR=$(mktemp -d /dev/shm/redis-eval.XXXXXX 2>/dev/null || mktemp -d /tmp/redis-eval.XXXXXX)
  OWN_POOLS=1
fi
mkdir -p "$WORKDIR" "$POOL_DIR"
trap '[ -z "$OWN_POOLS" ] || rm -rf "$POOL_DIR"' EXIT
say "results in $RESULTS"
args=(--results "$RESULTS" --workdir "$WORKDIR" --pooldir "$POOL_DIR" --plain "$PLAIN"
      --port-server "$PORTED" --shim-lib "$REPO/build/lib/libpmem_shim.so.0"
      --ycsb-run "$REPO/examples/ycsb/ycsb-run.sh" --variants "${VARIANTS:-}"
      --phases "${PHASES:-throughput,durability,restart}")
if [ -n "${INSTRUMENTED_PORT_SERVER:-}" ]; then
  [ -x "$INSTRUMENTED_PORT_SERVER" ] || { say "INSTRUMENTED_PORT_SERVER: no $INSTRUMENTED_PORT_SERVER"; exit 1; }
  args+=(--instrumented "$INSTRUMENTED_PORT_SERVER")
fi
[ -z "${QUICK:-}" ] || args+=(--quick)
"$PY" "$REPO/scripts/eval/redis_eval.py" "${args[@]}"
