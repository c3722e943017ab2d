#!/usr/bin/env bash
# Builds the persist-rewriter port of Redis 7.0.15 instrumented by the delay-injector: the server
# examples/redis/evaluate.sh runs as INSTRUMENTED_PORT_SERVER (its variants charged by address,
# scripts/eval/redis_eval.py). Prints the path of that redis-server on stdout, the rest on stderr.
#   $OUT/sources/        copy of the ported tree (sources only) with its compile_commands.json
#   $OUT/instrumented/   delay-injector's output (src/ files), $OUT/summary.json its summary
#   $OUT/build/          fresh copy of the ported tree with the instrumented files, built
# Reads build/examples/redis/port/{base,types.json,ported} (port-and-build.sh, run only when the
# port is not built) and never writes there. Every run starts again from an empty $OUT.
# Usage: examples/redis/instrument-port.sh   (PORT_WORK as in evaluate.sh)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
WORK=${PORT_WORK:-$REPO/build/examples/redis/port}
OUT=$REPO/build/examples/redis/port-instrumented
BIN=$REPO/build/bin
INC=$REPO/runtime/pmem_shim/include
LIB=$REPO/build/lib
# Exactly the port's flags (port-and-build.sh): the instrumented port must differ from the port
# only by the charges. No PIE (function pointers live in the pool); zmalloc_size a function.
FLAGS=(MALLOC=libc USE_SYSTEMD=no BUILD_TLS=no "OPT=-O2 -fno-pie"
       "REDIS_CFLAGS=-DNO_MALLOC_USABLE_SIZE -I$INC"
       "REDIS_LDFLAGS=-no-pie -L$LIB -Wl,-rpath,$LIB -Wl,--no-as-needed -lpmem_shim")
# The machine is shared (benchmarks run on it): nice 19 (port-steps.sh), at most two jobs.
JOBS=2
START=$SECONDS
say() { echo "instrument-port: $*" >&2; }
die() { echo "instrument-port: $*" >&2; exit 1; }
. "$REPO/scripts/port-steps.sh"

instrument_inputs "$WORK/ported/src/redis-server"

rm -rf "$OUT"
mkdir -p "$OUT"
# The ported tree without build products (it stays as ported/ was before its build).
copy_ported() {
  mkdir -p "$1"
  tar -C "$WORK/ported" --exclude='*.o' --exclude='*.d' --exclude='*.a' \
    --exclude=compile_commands.json -cf - . | tar -C "$1" -xf -
  make -C "$1/src" distclean >/dev/null 2>&1 || true
}

# Only src/ files are ported (and instrumented).
instrument_database src

# What the port keeps volatile (its exclude-type lines) is not charged either.
instrument_sources --need-excludes "$OUT/sources/src" "${FILES[@]}"

say "building the instrumented port ($OUT/build, log in $OUT/build.log)"
copy_ported "$OUT/build"
cp -a "$OUT/instrumented/." "$OUT/build/src/"
if ! nice -n 19 make -C "$OUT/build/src" -j"$JOBS" redis-server "${FLAGS[@]}" \
     >"$OUT/build.log" 2>&1; then
  die "build failed: $(grep -m1 -E 'error|Error' "$OUT/build.log" || echo "see log") (log: $OUT/build.log)"
fi
SERVER=$OUT/build/src/redis-server
[ -x "$SERVER" ] || die "the build made no $SERVER"
[[ $(ldd "$SERVER") == *libpmem_shim* ]] || die "$SERVER does not link libpmem_shim"

# Smoke test as evaluate.sh runs it: a fresh pool under /dev/shm, PCM, charged by address.
CLI=$(command -v redis-cli || echo "$WORK/ported/src/redis-cli")
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
SMOKE=$(mktemp -d /dev/shm/instrument-port.XXXXXX) || die "cannot make a pool directory under /dev/shm"
PID=
cleanup() {
  [ -z "$PID" ] || kill "$PID" 2>/dev/null || true
  [ -z "$PID" ] || wait "$PID" 2>/dev/null || true
  rm -rf "$SMOKE"
}
trap cleanup EXIT
say "smoke test on port $PORT (log in $OUT/smoke.log)"
PMS_POOL=$SMOKE/redis.pool PMS_POOL_SIZE=1G PMEM_IS_PMEM_FORCE=1 PMS_NVM_MODEL=pcm \
  PMS_NVM_CHARGE=address "$SERVER" --port "$PORT" --bind 127.0.0.1 --dir "$SMOKE" \
  --save "" --appendonly no --daemonize no --logfile "" >"$OUT/smoke.log" 2>&1 &
PID=$!
for _ in $(seq 300); do
  [ "$("$CLI" -p "$PORT" PING 2>/dev/null)" = PONG ] && break
  kill -0 "$PID" 2>/dev/null || die "the server exited at start-up (log: $OUT/smoke.log)"
  sleep 0.1
done
[ "$("$CLI" -p "$PORT" PING 2>/dev/null)" = PONG ] || die "the server did not answer PING in 30 s (log: $OUT/smoke.log)"
[ "$("$CLI" -p "$PORT" SET a b)" = OK ] || die "SET a b did not answer OK (log: $OUT/smoke.log)"
[ "$("$CLI" -p "$PORT" GET a)" = b ] || die "GET a did not answer b (log: $OUT/smoke.log)"
"$CLI" -p "$PORT" SHUTDOWN NOSAVE >/dev/null 2>&1 || true
for _ in $(seq 300); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
kill -0 "$PID" 2>/dev/null && die "the server did not exit in 30 s after SHUTDOWN (log: $OUT/smoke.log)"
rc=0
wait "$PID" || rc=$?
PID=
[ $rc -eq 0 ] || die "the server exited $rc at shutdown (log: $OUT/smoke.log)"
say "smoke test passed (SET/GET, clean shutdown); done in $((SECONDS - START)) s"
echo "$SERVER"
