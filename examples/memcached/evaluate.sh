#!/usr/bin/env bash
# The evaluation of issue 10 for memcached 1.6.18 (docs/evaluation.md): the persist-rewriter port
# against memcached's own restart file. Builds what is missing (the port and the same source
# built without porting, port-and-build.sh; YCSB, examples/ycsb/build.sh), then runs every
# variant -- plain, plain with `-e` (restart after a graceful SIGUSR1 stop), the port (dram), the
# port under the pmemcached preset, each with -t 1 and -t 4 -- with YCSB (six workloads) and
# memcslap (set, get, mget), interleaved REPEAT times; then SIGKILL durability and restart times
# (-t 4 variants); prints the tables and writes the plots. INSTRUMENTED_PORT_SERVER names the
# delay-injected port (examples/memcached/instrument-port.sh): adds it under pmemcached with the
# loads charged by address (port-pmc-inst-t1, -t4).
#   examples/memcached/evaluate.sh              # full run (see docs/evaluation.md for its length)
#   QUICK=1 examples/memcached/evaluate.sh      # smoke run in a few minutes
# Environment: RESULTS (default build/eval/memcached-<date>-<time>), REPEAT (5), RECORDS
# (100000), OPS (100000 per workload), MAX_SECONDS (20), CLIENT_THREADS (4), WORKLOADS,
# RESTART_KEYS ("100000,1000000"), RESTART_REPEAT (3), DURABILITY_SECONDS (5), BENCH_REQUESTS
# (100000 per memcslap test), MEM_MB (-m, 1024; the port's pool is MEM_MB + 512 MiB), VARIANTS,
# PHASES, WORKDIR, POOL_DIR (pools and -e files; default a directory under /dev/shm),
# PLAIN_SERVER, PORTED_SERVER. The port runs with PMEM_IS_PMEM_FORCE=1.
# Tables and plots of a saved run again: python3 scripts/eval/report.py RESULTS
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
WORK=${PORT_WORK:-$REPO/build/examples/memcached/port}
PLAIN=${PLAIN_SERVER:-$WORK/base/memcached}
PORTED=${PORTED_SERVER:-$WORK/ported/memcached}
say() { echo "evaluate: $*" >&2; }

: "${BENCH_REQUESTS:=100000}"
if [ -n "${QUICK:-}" ]; then
  : "${REPEAT:=1}" "${RECORDS:=2000}" "${OPS:=5000}" "${MAX_SECONDS:=10}" "${RESTART_KEYS:=2000,20000}"
  : "${RESTART_REPEAT:=1}" "${DURABILITY_SECONDS:=1.5}" "${MEM_MB:=256}"
  : "${WORKLOADS:=workloadc,paper-read-heavy,paper-write-heavy}"
  [ "$BENCH_REQUESTS" != 100000 ] || BENCH_REQUESTS=4000
fi
export REPEAT RECORDS OPS MAX_SECONDS CLIENT_THREADS WORKLOADS RESTART_KEYS RESTART_REPEAT \
  DURABILITY_SECONDS BENCH_REQUESTS MEM_MB

{ command -v memcslap || command -v memaslap; } >/dev/null && command -v mvn >/dev/null &&
  /usr/bin/python3 -c 'import matplotlib' 2>/dev/null || "$REPO/scripts/setup.sh" >&2
if [ ! -x "$PLAIN" ] || [ ! -x "$PORTED" ]; then
  say "building memcached and its port (examples/memcached/port-and-build.sh)"
  "$HERE/port-and-build.sh" >&2
fi
"$REPO/examples/ycsb/build.sh" >/dev/null

# Debian's matplotlib is for Debian's python3; another python3 first on PATH may lack it.
PY=python3
python3 -c 'import matplotlib' 2>/dev/null || PY=/usr/bin/python3
RESULTS=${RESULTS:-$REPO/build/eval/memcached-$(date +%Y%m%d-%H%M%S)}
WORKDIR=${WORKDIR:-$REPO/build/eval/work}
OWN_POOLS=
if [ -z "${POOL_DIR:-}" ]; then
  POOL_DIR=$(mktemp -d /dev/shm/memcached-eval.XXXXXX 2>/dev/null || mktemp -d /tmp/memcached-eval.XXXXXX)
  OWN_POOLS=1
fi
mkdir -p "$WORKDIR" "$POOL_DIR"
trap '[ -z "$OWN_POOLS" ] || rm -rf "$POOL_DIR"' EXIT
say "results in $RESULTS"
args=(--results "$RESULTS" --workdir "$WORKDIR" --pooldir "$POOL_DIR" --plain "$PLAIN"
      --port-server "$PORTED" --shim-lib "$REPO/build/lib/libpmem_shim.so.0"
      --ycsb-run "$REPO/examples/ycsb/ycsb-run.sh" --variants "${VARIANTS:-}"
      --phases "${PHASES:-throughput,durability,restart}")
[ -z "${QUICK:-}" ] || args+=(--quick)
if [ -n "${INSTRUMENTED_PORT_SERVER:-}" ]; then
  [ -x "$INSTRUMENTED_PORT_SERVER" ] || { say "INSTRUMENTED_PORT_SERVER: no $INSTRUMENTED_PORT_SERVER"; exit 1; }
  args+=(--instrumented "$INSTRUMENTED_PORT_SERVER")
fi
"$PY" "$REPO/scripts/eval/memcached_eval.py" "${args[@]}"
