#!/usr/bin/env bash
# Runs nvmove on Debian's memcached 1.6.18 (warm-restart load functions) in every mode.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DB=$("$REPO/examples/memcached/fetch-and-build.sh" | tail -n 1)
OUT=$(dirname "$(dirname "$DB")")
LOADS=(--load-function=restart_fixup --load-function=restart_mmap_open --load-function=_mc_meta_load_cb)
for mode in precise paper backtrack; do
  "${NVMOVE:-$REPO/build/bin/nvmove}" -p "$DB" "${LOADS[@]}" --mode="$mode" --all-tus \
    --format=json -o "$OUT/nvmove-$mode.json" --quiet 2>/dev/null || [ $? -eq 2 ]
  python3 "$REPO/scripts/summarize-types.py" "$OUT/nvmove-$mode.json"
done
