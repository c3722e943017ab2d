#!/usr/bin/env bash
# Builds nvmove and runs it on the bundled examples/records program: prints the persistent
# types and writes the JSON and the browsable HTML report next to the compile database.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$REPO/scripts/build.sh"
DB=$("$REPO/examples/records/make-compile-db.sh")
"$REPO/build/bin/nvmove" -p "$DB" --load-function=store_load --quiet --no-cache \
  --format=json -o "$DB/persistent-types.json" --html="$DB/report" --force
"$REPO/build/bin/nvmove" -p "$DB" --load-function=store_load --quiet --no-cache
echo
echo "JSON:   $(cd "$DB" && pwd)/persistent-types.json"
echo "Report: file://$(cd "$DB" && pwd)/report/index.html"
