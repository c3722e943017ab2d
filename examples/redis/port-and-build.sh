#!/usr/bin/env bash
# Ports Redis 7.0.15 with persist-rewriter and builds it:
#   $WORK/base/          pristine Debian source, built under bear with the port's flags
#   $WORK/types.json     nvmove's persistent types (load function rdbLoad)
#   $WORK/ported/        full source tree with persist-rewriter's output over src/
#   $WORK/port-summary.json
# No hand edits: examples/redis/port.conf is the whole configuration.
# Usage: port-and-build.sh   (WORK defaults to build/examples/redis/port)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
WORK=${WORK:-$REPO/build/examples/redis/port}
BIN=$REPO/build/bin
INC=$REPO/runtime/pmem_shim/include
LIB=$REPO/build/lib
JOBS=$(nproc)
# Function pointers (dict types, object methods) live in the pool: code and data must be at the
# same addresses in every run, so no PIE. zmalloc_size must be a function (see port.conf).
FLAGS=(MALLOC=libc USE_SYSTEMD=no BUILD_TLS=no "OPT=-O2 -fno-pie"
       "REDIS_CFLAGS=-DNO_MALLOC_USABLE_SIZE -I$INC" "REDIS_LDFLAGS=-no-pie")
say() { echo "port-and-build: $*" >&2; }
die() { say "$*"; exit 1; }
. "$REPO/scripts/port-steps.sh"

PRISTINE=$(dirname "$("$HERE/fetch-and-build.sh")")
[ -x "$BIN/persist-rewriter" ] || "$REPO/scripts/build.sh" >&2

if [ ! -s "$WORK/base/compile_commands.json" ]; then
  say "building the pristine source under bear ($WORK/base)"
  rm -rf "$WORK/base" && mkdir -p "$WORK"
  cp -a "$PRISTINE" "$WORK/base"
  make -C "$WORK/base/src" distclean >/dev/null 2>&1 || true
  (cd "$WORK/base" && bear --output compile_commands.json.tmp -- \
     make -C src -j"$JOBS" redis-server "${FLAGS[@]}" >"$WORK/base-build.log" 2>&1)
  mv "$WORK/base/compile_commands.json.tmp" "$WORK/base/compile_commands.json"
fi

port_rewrite --complete "$WORK/base" "$WORK/base/src" "$HERE/port.conf" --load-function=rdbLoad

rm -rf "$WORK/ported"
cp -a "$WORK/base" "$WORK/ported"
make -C "$WORK/ported/src" distclean >/dev/null 2>&1 || true
cp -a "$WORK/out/." "$WORK/ported/src/"
say "building the port ($WORK/ported, log in $WORK/ported-build.log)"
if ! make -C "$WORK/ported/src" -j"$JOBS" all "${FLAGS[@]}" \
     "REDIS_LDFLAGS=-no-pie -L$LIB -Wl,-rpath,$LIB -Wl,--no-as-needed -lpmem_shim" \
     >"$WORK/ported-build.log" 2>&1; then
  grep -E "error|Error" "$WORK/ported-build.log" | head -20 >&2
  say "the ported Redis does not build"
  exit 1
fi
echo "$WORK/ported"
