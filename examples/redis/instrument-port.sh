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
DI=$REPO/build/bin/delay-injector
INC=$REPO/runtime/pmem_shim/include
LIB=$REPO/build/lib
# Exactly the port's flags (port-and-build.sh): the instrumented port must differ from the port
# only by the charges. No PIE (function pointers live in the pool); zmalloc_size a function.
FLAGS=(MALLOC=libc USE_SYSTEMD=no BUILD_TLS=no "OPT=-O2 -fno-pie"
       "REDIS_CFLAGS=-DNO_MALLOC_USABLE_SIZE -I$INC"
       "REDIS_LDFLAGS=-no-pie -L$LIB -Wl,-rpath,$LIB -Wl,--no-as-needed -lpmem_shim")
# The machine is shared (benchmarks run on it): lowest priority, at most two jobs.
NICE=(nice -n 19)
JOBS=2
START=$SECONDS
say() { echo "instrument-port: $*" >&2; }
die() { echo "instrument-port: $*" >&2; exit 1; }

if [ ! -x "$WORK/ported/src/redis-server" ]; then
  say "no ported redis-server: running port-and-build.sh"
  WORK=$WORK "$HERE/port-and-build.sh" >&2 || die "port-and-build.sh failed"
fi
[ -s "$WORK/base/compile_commands.json" ] || die "no $WORK/base/compile_commands.json"
[ -s "$WORK/types.json" ] || die "no $WORK/types.json"
[ -x "$DI" ] || die "no delay-injector at $DI (scripts/build.sh)"
[ -e "$LIB/libpmem_shim.so" ] || die "no libpmem_shim.so in $LIB (scripts/build.sh)"

rm -rf "$OUT"
mkdir -p "$OUT"
# The ported tree without build products (it stays as ported/ was before its build).
copy_ported() {
  mkdir -p "$1"
  tar -C "$WORK/ported" --exclude='*.o' --exclude='*.d' --exclude='*.a' \
    --exclude=compile_commands.json -cf - . | tar -C "$1" -xf -
  make -C "$1/src" distclean >/dev/null 2>&1 || true
}

# The base database moved onto a copy of the ported tree: the port changed only the contents
# of src/ files, so base's commands (the port's flags) compile them; port.h needs -I$INC.
say "compile database for the ported sources ($OUT/sources)"
copy_ported "$OUT/sources"
python3 "$REPO/scripts/instrument_port.py" move-db "$WORK/base" "$OUT/sources" "$INC" src \
  >"$OUT/src-files" || die "could not write the compile database"
mapfile -t FILES <"$OUT/src-files"
[ ${#FILES[@]} -gt 0 ] || die "no src/ entries in $WORK/base/compile_commands.json"

# The same types the port was made with; what the port keeps volatile is not charged either.
EXCLUDE=$(python3 "$REPO/scripts/instrument_port.py" exclude-types "$HERE/port.conf") || die "could not read $HERE/port.conf"
[ -n "$EXCLUDE" ] || die "no exclude-type lines in $HERE/port.conf"

say "delay-injector on ${#FILES[@]} src/ files -> $OUT/instrumented"
rc=0
"${NICE[@]}" "$DI" -p "$OUT/sources/compile_commands.json" --types="$WORK/types.json" \
  --exclude-types="$EXCLUDE" --root="$OUT/sources/src" --out="$OUT/instrumented" \
  --summary="$OUT/summary.json" "${FILES[@]}" 2>"$OUT/delay-injector.stderr" || rc=$?
[ $rc -eq 0 ] || [ $rc -eq 2 ] ||
  die "delay-injector exited $rc: $(grep -m1 -i error "$OUT/delay-injector.stderr" || tail -n1 "$OUT/delay-injector.stderr")"
[ $rc -eq 0 ] || say "warning: delay-injector exit 2 (some TUs did not parse, left as they were; $OUT/delay-injector.stderr)"
python3 "$REPO/scripts/instrument_port.py" summary "$OUT/summary.json" >&2

say "building the instrumented port ($OUT/build, log in $OUT/build.log)"
copy_ported "$OUT/build"
cp -a "$OUT/instrumented/." "$OUT/build/src/"
if ! "${NICE[@]}" make -C "$OUT/build/src" -j"$JOBS" redis-server "${FLAGS[@]}" \
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
