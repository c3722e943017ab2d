#!/usr/bin/env bash
# Benchmark: nvmove on Redis 7.0.15, cold (empty summary cache) and unchanged re-run (warm).
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DB=$("$REPO/examples/redis/fetch-and-build.sh" | tail -n 1)
CACHE=$(mktemp -d)
trap 'rm -rf "$CACHE"' EXIT
run() {
  /usr/bin/time -f "$1: %e s wall, %M KB peak RSS" "${NVMOVE:-$REPO/build/bin/nvmove}" -p "$DB" \
    --load-function=rdbLoad --cache-dir="$CACHE" --format=json -o /dev/null --quiet "${@:2}" 2>&1 \
    | grep -v "warning: call through function pointer"
}
run "cold, lazy parsing (-j default)"
run "warm re-run"
rm -rf "${CACHE:?}"/*
run "cold, every TU (--all-tus)" --all-tus
run "warm, every TU" --all-tus
