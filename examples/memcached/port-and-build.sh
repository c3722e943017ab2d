#!/usr/bin/env bash
# Ports memcached 1.6.18 with persist-rewriter and builds it (memcached, memcached-debug, timedrun):
#   $WORK/base/              Debian source, configured with the port's flags, `make memcached` under bear
#   $WORK/types.json         nvmove's persistent types (precise; load functions restart_fixup,
#                            restart_mmap_open, _mc_meta_load_cb, as in run-nvmove.sh)
#   $WORK/out/               persist-rewriter's output (only the files it changed)
#   $WORK/port-summary.json
#   $WORK/ported/            configured tree with the output on top, built against libpmem_shim
#   $WORK/port-check/        scripts/port-check.sh on the ported tree (the CI check; must pass)
# No hand edits: examples/memcached/port.conf is the whole configuration.
# Usage: port-and-build.sh   (WORK defaults to build/examples/memcached/port); prints $WORK/ported.
#   PORT_TESTS="t/getset.t ..." (or PORT_TESTS=t for all 82 files) then runs memcached's own
#   tests on the port: `prove -j$JOBS` with one pool per server (PMS_POOL=.../mc-%p.pool), the
#   pools of servers that exited removed as the run goes; log in $WORK/ported-prove.log.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
WORK=${WORK:-$REPO/build/examples/memcached/port}
BIN=$REPO/build/bin
INC=$REPO/runtime/pmem_shim/include
LIB=$REPO/build/lib
JOBS=$(nproc)
# Pool objects hold pointers to each other and to nothing else, but the pool is mapped at a
# fixed address and memcached keeps data and code addresses side by side (the global `hash`
# function pointer, statics): build without PIE like the Redis port so that every start has
# the same layout. memcached's configure adds -Wall -Werror -pedantic ... to these.
CFG_FLAGS=(CFLAGS="-g -O2 -fno-pie" LDFLAGS="-no-pie")
say() { echo "port-and-build: $*" >&2; }
die() { say "$*"; exit 1; }
. "$REPO/scripts/port-steps.sh"

DB=$("$HERE/fetch-and-build.sh" | tail -n 1)   # Debian source (and the tools: bear, clang)
PRISTINE=$(dirname "$DB")
[ -x "$BIN/persist-rewriter" ] || "$REPO/scripts/build.sh" >&2

# copy_tree SRC DST: the source tree without build products, compile database or configure state.
copy_tree() {
  rm -rf "$2" && mkdir -p "$2"
  tar -C "$1" --exclude='*.o' --exclude=compile_commands.json --exclude=./memcached \
    --exclude=./memcached-debug --exclude=./timedrun --exclude=./Makefile --exclude=./config.h \
    --exclude=./config.status --exclude=./config.log --exclude=./stamp-h1 --exclude=./.deps \
    -cf - . | tar -C "$2" -xf -
}

if [ ! -s "$WORK/base/compile_commands.json" ]; then
  say "configuring and building the pristine source under bear ($WORK/base)"
  mkdir -p "$WORK"
  copy_tree "$PRISTINE" "$WORK/base"
  (cd "$WORK/base" && ./configure "${CFG_FLAGS[@]}" >"$WORK/base-configure.log" 2>&1)
  (cd "$WORK/base" && bear --output compile_commands.json.tmp -- make -j"$JOBS" memcached \
     >"$WORK/base-build.log" 2>&1)
  mv "$WORK/base/compile_commands.json.tmp" "$WORK/base/compile_commands.json"
fi

port_rewrite "$WORK/base" "$WORK/base" "$HERE/port.conf" --load-function=restart_fixup \
  --load-function=restart_mmap_open --load-function=_mc_meta_load_cb --mode=precise --all-tus

say "building the port ($WORK/ported, log in $WORK/ported-build.log)"
copy_tree "$WORK/base" "$WORK/ported"
cp -a "$WORK/out/." "$WORK/ported/"
(cd "$WORK/ported" && ./configure "${CFG_FLAGS[@]}" >"$WORK/ported-configure.log" 2>&1)
# memcached's own warning flags, all of them errors, as in its own build.
MAKE_CFLAGS="-g -O2 -fno-pie -pthread -Wall -Werror -pedantic -Wmissing-prototypes \
  -Wmissing-declarations -Wredundant-decls"
PORT_CPPFLAGS="-I$INC"
if ! make -C "$WORK/ported" -j"$JOBS" memcached memcached-debug timedrun CPPFLAGS="$PORT_CPPFLAGS" \
     CFLAGS="$MAKE_CFLAGS" \
     LDFLAGS="-no-pie -L$LIB -Wl,-rpath,$LIB -Wl,--no-as-needed" LIBS="-lpmem_shim -levent" \
     >"$WORK/ported-build.log" 2>&1; then
  grep -E "error|Error" "$WORK/ported-build.log" | head -20 >&2
  say "the ported memcached does not build"
  exit 1
fi
for b in memcached memcached-debug; do
  [[ $(ldd "$WORK/ported/$b") == *pmem_shim* ]] || { say "$b does not link libpmem_shim"; exit 1; }
done

# The CI check on the result: nvmove on the ported sources, then persist-rewriter --check
# (docs/ci.md); base's commands moved onto the ported tree compile them.
say "port check (scripts/port-check.sh, output in $WORK/port-check)"
python3 "$REPO/scripts/instrument_port.py" move-db "$WORK/base" "$WORK/ported" "$INC" >/dev/null
NVM_BIN=$BIN "$REPO/scripts/port-check.sh" -p "$WORK/ported" --out="$WORK/port-check" "$WORK/ported" \
  restart_fixup,restart_mmap_open,_mc_meta_load_cb "$HERE/port.conf" >"$WORK/port-check.diff" ||
  { say "the port check failed (diff in $WORK/port-check.diff)"; exit 1; }

if [ -n "${PORT_TESTS:-}" ]; then
  POOLS=$(mktemp -d "${TMPDIR:-/tmp}/memcached-port-pools.XXXXXX")
  # PMDK allocates the whole pool file: 1 GiB per test server (the largest -m in t/ that stores
  # data is 256), removed once its server is gone (the pid is in the name).
  ( while :; do
      for f in "$POOLS"/mc-*.pool; do
        [ -e "$f" ] || continue
        pid=${f##*/mc-}; pid=${pid%.pool}
        kill -0 "$pid" 2>/dev/null || rm -f "$f"
      done
      sleep 1
    done ) &
  cleaner=$!
  say "memcached tests ($PORT_TESTS) on the port (log in $WORK/ported-prove.log)"
  rc=0
  # shellcheck disable=SC2086
  (cd "$WORK/ported" && PMEM_IS_PMEM_FORCE=1 PMS_POOL="$POOLS/mc-%p.pool" \
     PMS_POOL_SIZE=$((1 << 30)) prove -j"$JOBS" $PORT_TESTS) >"$WORK/ported-prove.log" 2>&1 || rc=$?
  kill "$cleaner"; wait "$cleaner" 2>/dev/null || true
  rm -rf "$POOLS"
  grep -E '^(Files=|Result:)' "$WORK/ported-prove.log" >&2
  grep -E '^t/.*(Failed|Wstat|Dubious)' "$WORK/ported-prove.log" >&2 || true
  [ $rc -eq 0 ] || { say "tests failed (exit $rc)"; exit 1; }
fi
echo "$WORK/ported"
