#!/usr/bin/env bash
# Runs the runtime's benchmarks and prints their JSON lines:
#   1. delay accuracy (50/100/300/500 ns through pms_lat_delay_ns and the read
#      and write hooks) and dram-preset hook cost;
#   2. shim vs raw libpmemobj, alternating, REPS times each;
#   3. the SIGKILL crash harness with KILLS kills.
# usage: run-bench.sh [REPS=3] [SECONDS_PER_TEST=2] [KILLS=2000]
# The build tree is $BUILD (default: build/ in the repository).
# Pools go to /dev/shm with PMEM_IS_PMEM_FORCE=1 (cache flushes, no msync).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
BUILD=${BUILD:-$REPO/build}
BIN="$BUILD/bin"
REPS=${1:-3}; SECS=${2:-2}; KILLS=${3:-2000}
export PMEM_IS_PMEM_FORCE=1 PMS_POOL_SIZE=16M
ninja -C "$BUILD" pmem_shim pms-tx-bench pms-tx-bench-pmdk pms-lat-bench >&2
echo "# load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cpus"
echo "# latency"
"$BIN/pms-lat-bench"
echo "# shim vs pmdk"
for i in $(seq "$REPS"); do
  "$BIN/pms-tx-bench-pmdk" /dev/shm/pms-bench-pmdk.pool "$SECS"
  "$BIN/pms-tx-bench" /dev/shm/pms-bench-shim.pool "$SECS"
done
echo "# crash harness"
TMP=$(mktemp -d)
cc -std=gnu11 -O2 -I"$REPO/runtime/pmem_shim/include" \
  "$REPO/test/pmem_shim/Inputs/crash-harness.c" -o "$TMP/crash-harness" \
  -L"$BUILD/lib" -Wl,-rpath,"$BUILD/lib" -lpmem_shim -pthread
/usr/bin/time -f '# crash harness wall %e s' "$TMP/crash-harness" /dev/shm/pms-crash.pool "$KILLS" 42
rm -rf "$TMP"
