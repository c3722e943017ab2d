#!/usr/bin/env bash
# Warm restart of the ported Redis (persist-rewriter, examples/redis/port-and-build.sh) against
# the pristine one loading an RDB. For each N in KEYS (default "100000 1000000"):
#   1. ported, fresh pool, no RDB/AOF: fill N keys, DBSIZE and DEBUG DIGEST, SIGKILL, check that
#      no dump.rdb/AOF exists, restart on the same pool and time exec -> PING answered and
#      DBSIZE == N; the digest must match and the log must not say "DB loaded from disk";
#      then once more with PMS_POOL_CHECK=0 (no PMDK consistency check at open);
#   2. pristine, same N keys, SAVE, SIGKILL, restart loading dump.rdb (same timing, same checks,
#      its log must say "DB loaded from disk");
#   3. ported cold start from that dump.rdb on a fresh pool (log must say "DB loaded from disk");
# and prints a table. Exits non-zero at the first failed check.
# Environment: KEYS, WORKDIR (default: a new directory under /dev/shm, see below), FILL=pipe
# (SET key:<i> <100 hex chars of SHA-512(key)> through redis-cli --pipe; one command is one
# transaction in the port) or FILL=populate (one DEBUG POPULATE N key 100: one transaction,
# superlinear in the port), POOL_SIZE (PMS_POOL_SIZE; default N x 1 KiB, at least 256M),
# READY_TIMEOUT (seconds, default 600), PORTED, PRISTINE, REDIS_CLI (binaries), KEEP=1 (keep
# the default WORKDIR).
# PMDK allocates the whole pool file at creation (posix_fallocate), so the pool is not sparse:
# WORKDIR needs POOL_SIZE free (twice, the warm pool is removed before the cold one is made).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
PORTED=${PORTED:-$REPO/build/examples/redis/port/ported/src/redis-server}
PRISTINE=${PRISTINE:-$REPO/build/examples/redis/redis-7.0.15/src/redis-server}
KEYS=${KEYS:-"100000 1000000"}
FILL=${FILL:-pipe}
READY_TIMEOUT=${READY_TIMEOUT:-600}
fail() { echo "warm-restart: FAILED: $*" >&2; exit 1; }
say() { echo "warm-restart: $*"; }

[ -x "$PORTED" ] || fail "no ported redis-server at $PORTED (examples/redis/port-and-build.sh builds it)"
[ -x "$PRISTINE" ] || fail "no pristine redis-server at $PRISTINE (examples/redis/fetch-and-build.sh builds it)"
if [ -z "${REDIS_CLI:-}" ]; then
  REDIS_CLI=$(command -v redis-cli || true)
  [ -n "$REDIS_CLI" ] || REDIS_CLI=$(dirname "$PORTED")/redis-cli
fi
[ -x "$REDIS_CLI" ] || fail "no redis-cli (install redis-tools: scripts/setup.sh, or set REDIS_CLI)"
command -v python3 >/dev/null || fail "python3 is needed"
case "$FILL" in pipe|populate) ;; *) fail "FILL must be pipe or populate, not '$FILL'" ;; esac
for n in $KEYS; do [[ "$n" =~ ^[1-9][0-9]*$ ]] || fail "KEYS: '$n' is not a positive number"; done

# A RAM-backed file is the usual stand-in for a pmem DAX file; the disk of this machine is also
# too full for a 4 GiB pool. WORKDIR chooses another place (it must not exist or be empty).
if [ -z "${WORKDIR:-}" ]; then
  base=/dev/shm; [ -d "$base" ] && [ -w "$base" ] || base=${TMPDIR:-/tmp}
  WORKDIR=$(mktemp -d "$base/redis-warm-restart.XXXXXX")
  OWN_WORKDIR=1
else
  mkdir -p "$WORKDIR"
  [ -z "$(ls -A "$WORKDIR")" ] || fail "WORKDIR $WORKDIR is not empty"
  OWN_WORKDIR=0
fi
WORKDIR=$(cd "$WORKDIR" && pwd)

PIDS=()
cleanup() {
  local p
  for p in "${PIDS[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do while kill -0 "$p" 2>/dev/null; do sleep 0.01; done; done
  if [ "$OWN_WORKDIR" = 1 ] && [ -z "${KEEP:-}" ]; then rm -rf "$WORKDIR"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# start_and_wait LOG PIDFILE N PORT ENV... -- BINARY ARGS...
# Starts the server (stdout/stderr into LOG) and polls, 1 ms apart, until PING answers PONG and
# DBSIZE is N; prints the seconds from just before exec to then. The server keeps running.
start_and_wait() {
  python3 - "$READY_TIMEOUT" "$@" <<'EOF'
import os, socket, subprocess, sys, time
timeout, log, pidfile, n, port = float(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
rest = sys.argv[6:]
sep = rest.index("--")
env = dict(os.environ)
for kv in rest[:sep]:
    k, v = kv.split("=", 1)
    env[k] = v
argv = rest[sep + 1:]

def cmd(f, s, *args):
    s.sendall(b"*%d\r\n" % len(args) + b"".join(b"$%d\r\n%s\r\n" % (len(a), a) for a in args))
    line = f.readline()
    if not line:
        raise ConnectionError("closed")
    return line.rstrip(b"\r\n")

out = open(log, "ab")
t0 = time.monotonic()
p = subprocess.Popen(argv, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
open(pidfile, "w").write("%d\n" % p.pid)
s = f = None
last = b""
while True:
    now = time.monotonic()
    if p.poll() is not None:
        print("exited with %d before it was ready (log %s)" % (p.returncode, log), file=sys.stderr)
        sys.exit(2)
    if now - t0 > timeout:
        print("not ready after %.0f s, last answer %r (log %s)" % (timeout, last, log), file=sys.stderr)
        sys.exit(3)
    try:
        if s is None:
            s = socket.create_connection(("127.0.0.1", port), timeout=30)
            f = s.makefile("rb")
        last = cmd(f, s, b"PING")
        if last == b"+PONG":
            last = cmd(f, s, b"DBSIZE")
            if last == b":%d" % n:
                t1 = time.monotonic()
                break
    except OSError:
        s = f = None
    time.sleep(0.001)
if p.poll() is not None:   # the answer must come from this server
    print("exited with %d (log %s)" % (p.returncode, log), file=sys.stderr)
    sys.exit(2)
print("%.3f" % (t1 - t0))
EOF
}

cli() { "$REDIS_CLI" -p "$1" "${@:2}"; }

# start NAME LOG PORT N ENV... -- ARGS: sets T (seconds to ready) and PID.
start() {
  local name=$1 log=$2 port=$3 n=$4
  shift 4
  local pidfile=$WORKDIR/$name.pid
  rm -f "$pidfile"
  set +e
  T=$(start_and_wait "$log" "$pidfile" "$n" "$port" "$@")
  local rc=$?
  set -e
  [ -s "$pidfile" ] && PID=$(cat "$pidfile") && PIDS+=("$PID")
  [ $rc -eq 0 ] || fail "$name: the server did not become ready with $n keys (see above)"
}

kill9() {
  kill -9 "$1"
  while kill -0 "$1" 2>/dev/null; do sleep 0.01; done
}

make_fill() {   # make_fill N FILE: SET key:<i> <100 bytes>, the same bytes for every server
  python3 - "$1" >"$2" <<'EOF'
import hashlib, sys
n = int(sys.argv[1]); out = sys.stdout.buffer; buf = []
for i in range(n):
    k = b"key:%d" % i
    v = hashlib.sha512(k).hexdigest()[:100].encode()   # incompressible for the RDB's LZF
    buf.append(b"*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$100\r\n%s\r\n" % (len(k), k, v))
    if len(buf) == 10000:
        out.write(b"".join(buf)); buf = []
out.write(b"".join(buf))
EOF
}

fill() {   # fill PORT N
  local port=$1 n=$2
  if [ "$FILL" = populate ]; then
    [ "$(cli "$port" DEBUG POPULATE "$n" key 100)" = OK ] || fail "DEBUG POPULATE $n failed"
  else
    local res
    res=$(cli "$port" --pipe <"$WORKDIR/fill-$n.resp" 2>&1) || fail "redis-cli --pipe: $res"
    grep -q "errors: 0, replies: $n" <<<"$res" || fail "redis-cli --pipe: $(tail -1 <<<"$res")"
  fi
}

check_keys() {   # check_keys WHAT PORT N DIGEST
  local got
  got=$(cli "$2" DBSIZE)
  [ "$got" = "$3" ] || fail "$1: DBSIZE $got, expected $3"
  got=$(cli "$2" DEBUG DIGEST)
  [ "$got" = "$4" ] || fail "$1: DEBUG DIGEST $got, expected $4"
}

no_persistence_files() {   # no RDB or AOF anywhere in DIR
  local f
  f=$(find "$1" \( -name '*.rdb' -o -name '*.aof' -o -name 'appendonlydir' -o -name 'temp-*' \) -print -quit)
  [ -z "$f" ] || fail "$2: found $f, the port must not write RDB/AOF files"
}

rss_mb() { awk '/^VmRSS:/ { printf "%.0f", $2 / 1024 }' "/proc/$1/status"; }

loaded_from_disk() { grep -q "DB loaded from disk" "$1"; }

pool_size_for() {   # N x 1 KiB, at least 256 MiB, in MiB (1 M keys of 100-byte values fit in 320 MiB)
  local mb=$(( ($1 * 1024 + 1048575) / 1048576 ))
  [ "$mb" -ge 256 ] || mb=256
  echo "${mb}M"
}

say "ported:   $PORTED"
say "pristine: $PRISTINE"
say "redis-cli: $REDIS_CLI; workdir $WORKDIR ($(df -h --output=fstype "$WORKDIR" | tail -1 | tr -d ' ')); fill: $FILL"
say "PMEM_IS_PMEM_FORCE=1: PMDK flushes with CPU cache-line instructions only (no msync), durable against a process crash, not against power loss on a non-DAX file system"
# restart NAME LOG PORT N EXPECT ENV... -- BINARY ARGS...: start (timed, T), RSS right after
# ready (RSS), check that the log of this start does (EXPECT=load) or does not (EXPECT=warm) say
# "DB loaded from disk", then DBSIZE and DEBUG DIGEST ($digest), then kill -9.
restart() {
  local name=$1 log=$2 port=$3 n=$4 expect=$5 before
  shift 5
  echo "--- $name" >>"$log"
  before=$(wc -l <"$log")
  start "$name" "$log" "$port" "$n" "$@"
  RSS=$(rss_mb "$PID")
  tail -n +"$((before + 1))" "$log" >"$log.last"
  if [ "$expect" = warm ]; then
    ! loaded_from_disk "$log.last" || fail "$name: the log says 'DB loaded from disk': the load function ran ($log)"
  else
    loaded_from_disk "$log.last" || fail "$name: the log does not say 'DB loaded from disk' ($log)"
  fi
  check_keys "$name" "$port" "$n" "$digest"
  kill9 "$PID"
}

# summary T...: "median" or "median (min-max)"
summary() {
  python3 -c 'import sys; t = sorted(map(float, sys.argv[1:])); m = t[len(t) // 2]
print("%.3f" % m if len(t) == 1 else "%.3f (%.3f-%.3f)" % (m, t[0], t[-1]))' "$@"
}

REPEAT=${REPEAT:-3}
[[ "$REPEAT" =~ ^[1-9][0-9]*$ ]] || fail "REPEAT: '$REPEAT' is not a positive number"
COMMON=(--save "" --appendonly no --enable-debug-command yes --logfile "")
ROWS=()
for n in $KEYS; do
  size=${POOL_SIZE:-$(pool_size_for "$n")}
  say "=== $n keys (PMS_POOL_SIZE=$size, $REPEAT timed restarts of each kind) ==="
  [ "$FILL" = populate ] || make_fill "$n" "$WORKDIR/fill-$n.resp"

  # 1. ported: fill, kill -9, warm restarts (each ended by kill -9), with and without the check
  d=$WORKDIR/ported-$n; mkdir -p "$d"
  pool=$d/redis.pool; log=$d/server.log
  PENV=(PMS_POOL="$pool" PMS_POOL_SIZE="$size" PMEM_IS_PMEM_FORCE=1)
  port=$(free_port)
  ARGS=("$PORTED" --port "$port" "${COMMON[@]}" --dir "$d")
  echo "--- fresh pool" >>"$log"
  start ported-fresh "$log" "$port" 0 "${PENV[@]}" -- "${ARGS[@]}"
  say "ported: fresh pool, up in $T s; filling $n keys"
  t0=$(date +%s.%N)
  fill "$port" "$n"
  t1=$(date +%s.%N)
  [ "$(cli "$port" DBSIZE)" = "$n" ] || fail "ported: DBSIZE after the fill is not $n"
  digest=$(cli "$port" DEBUG DIGEST)
  say "ported: filled in $(printf %.1f "$(echo "$t1 - $t0" | bc)") s, DBSIZE $n, digest $digest; kill -9"
  kill9 "$PID"
  no_persistence_files "$d" "ported after kill -9"
  [ -s "$pool" ] || fail "ported: no pool file at $pool after the fill (is $PORTED the port?)"
  pool_app=$(du -h --apparent-size "$pool" | cut -f1); pool_du=$(du -h "$pool" | cut -f1)

  warm=(); nocheck=(); rss_warm=
  for r in $(seq "$REPEAT"); do
    restart "ported warm restart $r" "$log" "$port" "$n" warm "${PENV[@]}" -- "${ARGS[@]}"
    warm+=("$T"); rss_warm=${rss_warm:-$RSS}
    echo "warm restart $n keys: $T s, digest ok"
    no_persistence_files "$d" "ported after warm restart $r"
  done
  for r in $(seq "$REPEAT"); do
    restart "ported warm restart $r, PMS_POOL_CHECK=0" "$log" "$port" "$n" warm "${PENV[@]}" PMS_POOL_CHECK=0 -- "${ARGS[@]}"
    nocheck+=("$T")
    echo "warm restart $n keys, PMS_POOL_CHECK=0: $T s, digest ok"
  done
  no_persistence_files "$d" "ported after the warm restarts"
  rm -f "$pool"   # the memory back before the next pool

  # 2. pristine: fill, SAVE, kill -9, restarts loading dump.rdb
  d=$WORKDIR/pristine-$n; mkdir -p "$d"; log=$d/server.log
  port=$(free_port)
  ARGS=("$PRISTINE" --port "$port" "${COMMON[@]}" --dir "$d")
  start pristine-fresh "$log" "$port" 0 -- "${ARGS[@]}"
  fill "$port" "$n"
  rm -f "$WORKDIR/fill-$n.resp"
  [ "$(cli "$port" DEBUG DIGEST)" = "$digest" ] || fail "pristine: the same $n keys have another digest than in the port"
  [ "$(cli "$port" SAVE)" = OK ] || fail "pristine: SAVE failed"
  kill9 "$PID"
  [ -s "$d/dump.rdb" ] || fail "pristine: no dump.rdb after SAVE"
  rdb_size=$(du -h --apparent-size "$d/dump.rdb" | cut -f1)
  rdb=(); rss_rdb=
  for r in $(seq "$REPEAT"); do
    restart "pristine RDB load $r" "$log" "$port" "$n" load -- "${ARGS[@]}"
    rdb+=("$T"); rss_rdb=${rss_rdb:-$RSS}
    echo "pristine RDB load $n keys ($rdb_size dump.rdb): $T s, digest ok"
  done

  # 3. ported cold starts from that dump.rdb, each on a fresh pool
  c=$WORKDIR/cold-$n; mkdir -p "$c"; log=$c/server.log
  mv "$d/dump.rdb" "$c/dump.rdb"
  port=$(free_port)
  ARGS=("$PORTED" --port "$port" "${COMMON[@]}" --dir "$c")
  cold=(); rss_cold=
  for r in $(seq "$REPEAT"); do
    rm -f "$c/redis.pool"
    restart "ported cold load $r" "$log" "$port" "$n" load PMS_POOL="$c/redis.pool" PMS_POOL_SIZE="$size" \
      PMEM_IS_PMEM_FORCE=1 -- "${ARGS[@]}"
    cold+=("$T"); rss_cold=${rss_cold:-$RSS}
    echo "ported cold load $n keys from dump.rdb (fresh pool): $T s, digest ok"
  done
  rm -rf "$c"

  ROWS+=("$(printf '%9s | %-22s | %-22s | %-22s | %-22s | %6s / %-6s | %6s MB | %6s MB | %6s MB' "$n" \
            "$(summary "${rdb[@]}")" "$(summary "${cold[@]}")" "$(summary "${warm[@]}")" \
            "$(summary "${nocheck[@]}")" "$pool_app" "$pool_du" "$rss_rdb" "$rss_cold" "$rss_warm")")
done

echo
echo "seconds from exec to PING answered and DBSIZE == N, median (min-max) of $REPEAT;" \
     "RSS right after ready (date: $(date -u +%Y-%m-%dT%H:%M:%SZ), fill: $FILL, workdir $(df --output=fstype "$WORKDIR" | tail -1 | tr -d ' '))"
printf '%9s | %-22s | %-22s | %-22s | %-22s | %15s | %9s | %9s | %9s\n' N "pristine RDB load" \
  "ported cold RDB load" "ported warm restart" "warm, PMS_POOL_CHECK=0" "pool apparent/du" \
  "RSS RDB" "RSS cold" "RSS warm"
for r in "${ROWS[@]}"; do echo "$r"; done
