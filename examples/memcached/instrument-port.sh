#!/usr/bin/env bash
# Builds the persist-rewriter port of memcached 1.6.18 instrumented by the delay-injector: the
# server examples/memcached/evaluate.sh runs as INSTRUMENTED_PORT_SERVER (its variants charged by
# address, so that only pool objects pay). Prints the path of that memcached on stdout, the rest
# on stderr.
#   $OUT/sources/        copy of the configured port with its compile_commands.json
#   $OUT/instrumented/   delay-injector's output, $OUT/summary.json its summary
#   $OUT/build/          copy of the configured port with the instrumented files, built
# Reads build/examples/memcached/port/{base,types.json,ported} (port-and-build.sh, run only when
# the port is not built) and never writes there. Every run starts again from an empty $OUT.
# Usage: examples/memcached/instrument-port.sh   (WORK as in port-and-build.sh)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
WORK=${WORK:-$REPO/build/examples/memcached/port}
OUT=$REPO/build/examples/memcached/port-instrumented
BIN=$REPO/build/bin
INC=$REPO/runtime/pmem_shim/include
LIB=$REPO/build/lib
# The machine is shared (benchmarks run on it): the tools and the build run at nice 19.
JOBS=$(nproc)
START=$SECONDS
say() { echo "instrument-port: $*" >&2; }
die() { echo "instrument-port: $*" >&2; exit 1; }
. "$REPO/scripts/port-steps.sh"

instrument_inputs "$WORK/ported/memcached"

rm -rf "$OUT"
mkdir -p "$OUT"
# The configured port (config.h included) without its build products.
copy_ported() {
  mkdir -p "$1"
  tar -C "$WORK/ported" --exclude='*.o' --exclude=./memcached --exclude=./memcached-debug \
    --exclude=./timedrun --exclude=compile_commands.json -cf - . | tar -C "$1" -xf -
}

instrument_database ""

instrument_sources "$OUT/sources" "${FILES[@]}"

say "building the instrumented port ($OUT/build, log in $OUT/build.log)"
copy_ported "$OUT/build"
cp -a "$OUT/instrumented/." "$OUT/build/"
# The port's flags (port-and-build.sh) without -Werror: the charges add casts some warnings see.
if ! nice -n 19 make -C "$OUT/build" -j"$JOBS" memcached CPPFLAGS="-I$INC" \
     CFLAGS="-g -O2 -fno-pie -pthread" \
     LDFLAGS="-no-pie -L$LIB -Wl,-rpath,$LIB -Wl,--no-as-needed" LIBS="-lpmem_shim -levent" \
     >"$OUT/build.log" 2>&1; then
  die "build failed: $(grep -m1 -E 'error|Error' "$OUT/build.log" || echo "see log") (log: $OUT/build.log)"
fi
SERVER=$OUT/build/memcached
[ -x "$SERVER" ] || die "the build made no $SERVER"
[[ $(ldd "$SERVER") == *libpmem_shim* ]] || die "$SERVER does not link libpmem_shim"

# Smoke test as evaluate.sh runs it: a fresh pool under /dev/shm, pmemcached, charged by address.
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
PMS_POOL=$SMOKE/mc.pool PMS_POOL_SIZE=1G PMEM_IS_PMEM_FORCE=1 PMS_NVM_MODEL=pmemcached \
  PMS_NVM_CHARGE=address "$SERVER" -u root -p "$PORT" -l 127.0.0.1 -m 256 -U 0 \
  -o no_lru_crawler,no_hashexpand,hashpower=16 >"$OUT/smoke.log" 2>&1 &
PID=$!
python3 - "$PORT" "$PID" <<'PY' || die "smoke test failed (log: $OUT/smoke.log)"
import os, socket, sys, time
port, pid = int(sys.argv[1]), int(sys.argv[2])
for _ in range(300):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        break
    except OSError:
        os.kill(pid, 0)  # raises when the server is gone
        time.sleep(0.1)
else:
    sys.exit("no answer")
s.sendall(b"set smoke 0 0 5\r\nhello\r\nget smoke\r\n")
data = b""
while not data.endswith(b"END\r\n"):
    chunk = s.recv(4096)
    if not chunk:
        break
    data += chunk
if data != b"STORED\r\nVALUE smoke 0 5\r\nhello\r\nEND\r\n":
    sys.exit("unexpected reply %r" % data)
PY
say "smoke test passed (set/get); done in $((SECONDS - START)) s"
echo "$SERVER"
