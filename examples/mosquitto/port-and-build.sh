#!/usr/bin/env bash
# Ports mosquitto 2.0.11's broker with persist-rewriter and builds it:
#   $PRISTINE                 Debian source built under bear (fetch-and-build.sh): the pristine
#                             broker (src/mosquitto) and the compile database
#   $WORK/types.json          nvmove's persistent types (load function persist__restore)
#   $WORK/out/                persist-rewriter's output (only the files it changed)
#   $WORK/port-summary.json
#   $WORK/ported/             the source with the output on top, built against libpmem_shim
#   $WORK/port-check/         scripts/port-check.sh on the ported tree (the CI check; must pass)
# No hand edits: examples/mosquitto/port.conf is the whole configuration.
# Usage: port-and-build.sh [WORK]   (default build/examples/mosquitto/port); prints the ported
# broker. NVM_BUILD names the tools' build directory when it is not build/; the Debian source is
# fetched once into $NVM_BUILD/examples/mosquitto (fetch-and-build.sh).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
BUILD=${NVM_BUILD:-$REPO/build}
WORK=${1:-${WORK:-$BUILD/examples/mosquitto/port}}
BIN=$BUILD/bin
INC=$REPO/runtime/pmem_shim/include
LIB=$BUILD/lib
say() { echo "port-and-build: $*" >&2; }
die() { say "$*"; exit 1; }
. "$REPO/scripts/port-steps.sh"

DB=$(NVM_WORK=${NVM_WORK:-$BUILD/examples} "$HERE/fetch-and-build.sh" | tail -n 1)
PRISTINE=$(dirname "$DB")
[ -x "$BIN/persist-rewriter" ] || "$REPO/scripts/build.sh" >&2
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)

port_rewrite "$PRISTINE" "$PRISTINE" "$HERE/port.conf" --load-function=persist__restore

say "building the port ($WORK/ported, log in $WORK/ported-build.log)"
port_tree "$PRISTINE" ./src/mosquitto
# The broker's own make variables (fetch-and-build.sh) and flags, plus the runtime; no PIE: the
# pool is bound to the executable's build and load address (see README.md).
if ! make -C "$WORK/ported/src" -j2 WITH_TLS=no WITH_CJSON=no WITH_DOCS=no WITH_WEBSOCKETS=no \
     CFLAGS="-Wall -ggdb -O2 -Wconversion -Wextra -fno-pie -I$INC" \
     LDFLAGS="-no-pie -L$LIB -Wl,-rpath,$LIB -Wl,--no-as-needed -lpmem_shim" mosquitto \
     >"$WORK/ported-build.log" 2>&1; then
  grep -E "error" "$WORK/ported-build.log" | head -20 >&2
  die "the ported mosquitto does not build"
fi
[[ $(ldd "$WORK/ported/src/mosquitto") == *pmem_shim* ]] || die "mosquitto does not link libpmem_shim"
say "port check (scripts/port-check.sh, output in $WORK/port-check)"
python3 "$REPO/scripts/instrument_port.py" move-db "$PRISTINE" "$WORK/ported" "$INC" >/dev/null
# Against the types the port was made from: nvmove on the ported sources would add a minute.
NVM_BIN=$BIN "$REPO/scripts/port-check.sh" -p "$WORK/ported" --out="$WORK/port-check" \
  --types="$WORK/types.json" "$WORK/ported" persist__restore "$HERE/port.conf" \
  >"$WORK/port-check.diff" 2>"$WORK/port-check.stderr" ||
  { tail -n 1 "$WORK/port-check.stderr" >&2; die "the port check failed (diff in $WORK/port-check.diff)"; }
echo "$WORK/ported/src/mosquitto"
