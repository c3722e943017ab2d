#!/usr/bin/env bash
# Ports dnsmasq 2.90 with persist-rewriter and builds it:
#   $PRISTINE                 Debian source built under bear (fetch-and-build.sh): the pristine
#                             dnsmasq and the compile database
#   $WORK/types.json          nvmove's persistent types (load function read_leases)
#   $WORK/out/                persist-rewriter's output (only the files it changed)
#   $WORK/port-summary.json
#   $WORK/ported/             the source with the output on top, built against libpmem_shim
#   $WORK/port-check/         scripts/port-check.sh on the ported tree (the CI check; must pass)
# No hand edits: examples/dnsmasq/port.conf is the whole configuration.
# Usage: port-and-build.sh [WORK]   (default build/examples/dnsmasq/port); prints the ported binary.
# NVM_BUILD names the tools' build directory when it is not build/ (cmake -B elsewhere); the
# Debian source is fetched once into $NVM_BUILD/examples/dnsmasq (fetch-and-build.sh).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
BUILD=${NVM_BUILD:-$REPO/build}
WORK=${1:-${WORK:-$BUILD/examples/dnsmasq/port}}
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

port_rewrite "$PRISTINE" "$PRISTINE" "$HERE/port.conf" --load-function=read_leases

say "building the port ($WORK/ported, log in $WORK/ported-build.log)"
port_tree "$PRISTINE" ./src/dnsmasq
# dnsmasq's own flags (-Wall -W -O2) with warnings as errors: a rewrite must not add any.
if ! make -C "$WORK/ported" -j"$(nproc)" COPTS="-O2 -Werror -I$INC" \
     LDFLAGS="-L$LIB -Wl,-rpath,$LIB" LIBS="-lpmem_shim" >"$WORK/ported-build.log" 2>&1; then
  grep -E "error" "$WORK/ported-build.log" | head -20 >&2
  say "the ported dnsmasq does not build"
  exit 1
fi
[[ $(ldd "$WORK/ported/src/dnsmasq") == *pmem_shim* ]] || { say "dnsmasq does not link libpmem_shim"; exit 1; }

say "port check (scripts/port-check.sh, output in $WORK/port-check)"
python3 "$REPO/scripts/instrument_port.py" move-db "$PRISTINE" "$WORK/ported" "$INC" >/dev/null
NVM_BIN=$BIN "$REPO/scripts/port-check.sh" -p "$WORK/ported" --out="$WORK/port-check" \
  "$WORK/ported" read_leases "$HERE/port.conf" >"$WORK/port-check.diff" ||
  { say "the port check failed (diff in $WORK/port-check.diff)"; exit 1; }
echo "$WORK/ported/src/dnsmasq"
