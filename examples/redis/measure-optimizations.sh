#!/usr/bin/env bash
# Effect of each of the paper's optimizations (a)-(d) on Redis: functions visited, types, time.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
NVMOVE=${NVMOVE:-$REPO/build/bin/nvmove}
DB=$("$REPO/examples/redis/fetch-and-build.sh" | tail -n 1)
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
printf '%-10s %-34s %8s %6s %8s\n' mode switch visited types seconds
for mode in paper precise; do
  for switch in "" --skip-trivial-signatures=false --libc-copies-assign=false \
                --skip-library-bodies=false --each-body-once=false; do
    start=$(date +%s.%N)
    "$NVMOVE" -p "$DB" --load-function=rdbLoad --mode=$mode $switch --quiet \
      --format=json -o "$OUT/r.json" 2>/dev/null || [ $? -eq 2 ]
    end=$(date +%s.%N)
    python3 - "$OUT/r.json" "$mode" "${switch:-(all on)}" "$start" "$end" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print(f"{sys.argv[2]:<10} {sys.argv[3]:<34} {len(d['functions_visited']):>8} "
      f"{len(d['types']):>6} {float(sys.argv[5]) - float(sys.argv[4]):>8.2f}")
PY
  done
done
