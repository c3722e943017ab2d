# Sourced by the benchmark scripts that compare plain memcached with the port (bench-port.sh,
# lru-moves.sh): the servers, their checks, and one server started the same way for all of
# them (one worker; the whole server on CPU 0, the client goes on CPU 1; the port's pool in
# /dev/shm with PMEM_IS_PMEM_FORCE=1, cache-line write-backs as on persistent memory).
# The caller sets NAME (its messages' prefix), HERE and REPO, and PORT.
WORK=${WORK:-$REPO/build/examples/memcached/port}
PLAIN=${PLAIN_SERVER:-$WORK/base/memcached}
PORTED=${PORTED_SERVER:-$WORK/ported/memcached}
OTHER=${OTHER_SERVER:-} OTHER_LABEL=${OTHER_LABEL:-other}
fail() { echo "$NAME: $*" >&2; exit 1; }
[ -x "$PLAIN" ] || fail "no plain server $PLAIN (examples/memcached/port-and-build.sh builds it)"
[ -x "$PORTED" ] || fail "no ported server $PORTED (examples/memcached/port-and-build.sh)"
[ -z "$OTHER" ] || [ -x "$OTHER" ] || fail "no server $OTHER (OTHER_SERVER)"
LABELS="plain port${OTHER:+ $OTHER_LABEL}"
POOL=/dev/shm/memcached-$NAME-$$.pool
SPID=
stop_server() {
  if [ -n "$SPID" ]; then kill "$SPID" 2>/dev/null; wait "$SPID" 2>/dev/null || true; fi
  SPID=
  rm -f "$POOL"
}

# start_server LABEL: the server of LABEL (plain, port or $OTHER_LABEL) on a fresh pool, in SPID,
# once it accepts connections on $PORT
start_server() {
  local server=$PORTED env=(PMS_POOL="$POOL" PMS_POOL_SIZE=1536M PMEM_IS_PMEM_FORCE=1)
  case $1 in
    plain) server=$PLAIN env=() ;;
    port) ;;
    *) server=$OTHER ;;
  esac
  rm -f "$POOL"
  env "${env[@]}" taskset -c 0 "$server" -u root -p "$PORT" -U 0 -l 127.0.0.1 -t 1 -m 1024 \
    -c 4096 -o no_lru_crawler,no_hashexpand,hashpower=21 & SPID=$!
  for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/"$PORT") 2>/dev/null && return; sleep 0.05; done
  fail "the $1 server ($server) does not accept connections on port $PORT"
}
