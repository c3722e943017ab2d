#!/usr/bin/env bash
# Ports the records example end to end and builds both versions:
#   OUT/persistent-types.json   nvmove's answer (load function store_load)
#   OUT/ported/                 persist-rewriter's output (sources untouched)
#   OUT/records-block           the original: serialise + write() + fsync()
#   OUT/records-pmem            the port: persistent heap + transactions + warm start
# Usage: port-and-build.sh [OUT]   (default build/examples/records)
# NVM_BUILD names the tools' build directory when it is not build/ (cmake -B elsewhere).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
OUT=$(mkdir -p "${1:-$REPO/build/examples/records}" && cd "${1:-$REPO/build/examples/records}" && pwd)
BUILD=${NVM_BUILD:-$REPO/build}
BIN=$BUILD/bin
CC=${CC:-cc}
CFLAGS=(-std=gnu11 -O2 -g -Wall -D_GNU_SOURCE)

"$HERE/make-compile-db.sh" "$OUT" >/dev/null
"$BIN/nvmove" -p "$OUT" --load-function=store_load --quiet --no-cache --format=json \
  -o "$OUT/persistent-types.json"
rm -rf "$OUT/ported"
"$BIN/persist-rewriter" -p "$OUT" --types="$OUT/persistent-types.json" --config="$HERE/port.conf" \
  --out="$OUT/ported" --summary="$OUT/port-summary.json"

"$CC" "${CFLAGS[@]}" -o "$OUT/records-block" "$HERE"/{main,ops,persist,store}.c
# The build tree's pkg-config file: the runtime's headers, the library and its rpath.
read -ra SHIM <<< "$(pkg-config --cflags --libs "$BUILD/lib/pkgconfig/pmem_shim.pc")"
"$CC" "${CFLAGS[@]}" -o "$OUT/records-pmem" "$OUT"/ported/{main,ops,persist,store}.c \
  "${SHIM[@]}" -pthread
echo "$OUT"
