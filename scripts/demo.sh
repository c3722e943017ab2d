#!/usr/bin/env bash
# Builds nvmove and runs it on the bundled examples/records program, printing the persistent types.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$REPO/scripts/build.sh"
DB=$("$REPO/examples/records/make-compile-db.sh")
"$REPO/build/bin/nvmove" -p "$DB" --load-function=store_load --quiet --no-cache \
  --format=json -o "$DB/persistent-types.json"
"$REPO/build/bin/nvmove" -p "$DB" --load-function=store_load --quiet --no-cache
echo "(JSON: $DB/persistent-types.json)"
