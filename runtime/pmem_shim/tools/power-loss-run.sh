#!/usr/bin/env bash
# power-loss-run.sh [CYCLES] [SEED] [MAX_DELAY_US] -- long power-loss
# simulation of the shim (see docs/pmem_shim.md, "Crash harness"): builds the
# msync interposer and the harness from test/pmem_shim/Inputs against
# build/lib/libpmem_shim.so and runs CYCLES (default 500) simulated power
# losses with the pool on /dev/shm.  Needs ./scripts/build.sh first.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
CYCLES=${1:-500} SEED=${2:-1} DELAY=${3:-3000}
OUT=$(mktemp -d /tmp/pms-power-loss.XXXXXX)
trap 'rm -rf "$OUT"' EXIT
IN="$REPO/test/pmem_shim/Inputs"
cc -shared -fPIC -O2 -Wall "$IN/power-loss-shadow.c" -o "$OUT/libpms-shadow.so" -ldl
cc -std=gnu11 -O2 -Wall -I"$REPO/runtime/pmem_shim/include" "$IN/power-loss-harness.c" \
  -o "$OUT/power-loss-harness" -L"$REPO/build/lib" -Wl,-rpath,"$REPO/build/lib" -lpmem_shim -pthread
PMS_POOL_SIZE=${PMS_POOL_SIZE:-16M} LD_PRELOAD="$OUT/libpms-shadow.so" \
  "$OUT/power-loss-harness" /dev/shm "$CYCLES" "$SEED" "$DELAY"
