#!/usr/bin/env bash
# Builds nvmove and runs it on the bundled examples/records program: prints the persistent
# types and writes the JSON and the browsable HTML report next to the compile database.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$REPO/scripts/build.sh"
DB=$("$REPO/examples/records/make-compile-db.sh")
DB=$(cd "$DB" && pwd)
"$REPO/build/bin/nvmove" -p "$DB" --load-function=store_load --quiet --no-cache \
  --format=json -o "$DB/persistent-types.json" --html="$DB/report" --force
"$REPO/build/bin/nvmove" -p "$DB" --load-function=store_load --quiet --no-cache
echo
echo "JSON:   $(cd "$DB" && pwd)/persistent-types.json"
echo "Report: file://$(cd "$DB" && pwd)/report/index.html"

# The port: persist-rewriter with examples/records/port.conf, built against the runtime.
echo
"$REPO/examples/records/port-and-build.sh" "$DB" >/dev/null
echo "persist-rewriter: $(python3 -c "import json; d = json.load(open('$DB/port-summary.json')); print(d['edits'], 'edits:', ', '.join('%s %d' % kv for kv in sorted(d['kinds'].items())))")"
echo "Ported sources: $DB/ported (diff -ru examples/records $DB/ported)"
RUN=$(mktemp -d)
trap 'rm -rf "$RUN"' EXIT
export PMS_POOL=$RUN/records.pool RECORDS_DB=$RUN/records.db
echo
echo "First start of the port (cold: the load function runs), then three commands:"
(cd "$RUN" && printf 'set 1 100\nset 2 50\ntransfer 1 2 30\n' | "$DB/records-pmem" serve)
rm -f "$RUN/records.db"
echo "Second start, with records.db deleted (warm: no load, the records come from the pool):"
(cd "$RUN" && "$DB/records-pmem" list)
