#!/usr/bin/env bash
# Runs nvmove on Debian's Redis 7.0.15 (rdbLoad) in every mode; JSON lands in build/examples/redis/.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DB=$("$REPO/examples/redis/fetch-and-build.sh" | tail -n 1)
OUT=$(dirname "$(dirname "$DB")")
for mode in precise paper backtrack; do
  "${NVMOVE:-$REPO/build/bin/nvmove}" -p "$DB" --load-function=rdbLoad --mode="$mode" --all-tus \
    --format=json -o "$OUT/nvmove-$mode.json" --quiet 2>/dev/null || [ $? -eq 2 ]
  python3 "$REPO/scripts/summarize-types.py" "$OUT/nvmove-$mode.json"
done
