#!/usr/bin/env bash
# barrier-deaths.sh [ROUNDS] [--tfs] [MORE...] -- long power-loss run of the
# Aerie library at persist barriers (docs/fs-libraries.md, "Power loss at
# persist barriers"): builds pmem_shim's msync shadow interposer and the
# crash tests' workload from test/ against build/lib, then dies at every
# barrier of ROUNDS (default 8) rounds of the fixed sequence, single-process
# or, with --tfs, through aerie-tfs. MORE goes to barrier_deaths.py (--max K).
# Needs the build (aerie, aerie-tfs, mkfs.aerie, fsck.aerie) first.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
ROUNDS=${1:-8}
shift || true
TFS=()
if [ "${1:-}" = --tfs ]; then TFS=(--tfs "$REPO/build/bin/aerie-tfs"); shift; fi
OUT=$(mktemp -d /tmp/aerie-barrier-deaths.XXXXXX)
trap 'rm -rf "$OUT"' EXIT
A="$REPO/examples/aerie" IN="$REPO/test/aerie/Inputs"
cc -shared -fPIC -O2 -Wall "$REPO/test/pmem_shim/Inputs/power-loss-shadow.c" -o "$OUT/shadow.so" -ldl
cc -std=gnu11 -O1 -Wall -I"$A/include" -I"$A/src" -I"$REPO/runtime/pmem_shim/include" \
  "$IN/meta-workload.c" -o "$OUT/meta-workload" \
  -L"$REPO/build/lib" -Wl,-rpath,"$REPO/build/lib" -laerie -lpmem_shim -pthread
python3 "$IN/barrier_deaths.py" --workload "$OUT/meta-workload" --mkfs "$REPO/build/bin/mkfs.aerie" \
  --fsck "$REPO/build/bin/fsck.aerie" --pool /dev/shm --shadow "$OUT/shadow.so" \
  --mkfs-opt=--size=16M --rounds "$ROUNDS" "${TFS[@]}" "$@"
