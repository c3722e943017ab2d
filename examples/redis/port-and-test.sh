#!/usr/bin/env bash
# Ports Redis with persist-rewriter (port-and-build.sh), checks that the port builds with no
# warning the pristine build does not have, and runs Redis' own tests on it:
# unit/type/{string,list,hash,set,zset} and unit/expire (TESTS overrides).
# Each test server gets its own pool (PMS_POOL with %p = pid): the suite expects empty servers.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
WORK=${WORK:-$REPO/build/examples/redis/port}
TESTS=${TESTS:-"unit/type/string unit/type/list unit/type/hash unit/type/set unit/type/zset unit/expire"}
fail() { echo "port-and-test: $*" >&2; exit 1; }

TREE=$("$HERE/port-and-build.sh")
python3 -c "
import json; d = json.load(open('$WORK/port-summary.json'))
print('port-and-test: %d edits:' % d['edits'], ', '.join('%s %d' % kv for kv in sorted(d['kinds'].items())))
print('port-and-test: %d allocation sites undecided, %d findings' % (len(d['undecided_allocations']), len(d['findings'])))"

# No new warnings: the same warning lines as the pristine build under the same flags.
new=$(comm -13 <(grep -o '[^ ]*: warning: .*' "$WORK/base-build.log" | sort -u) \
               <(grep -o '[^ ]*: warning: .*' "$WORK/ported-build.log" | sort -u) || true)
[ -z "$new" ] || { echo "$new" >&2; fail "the port adds compiler warnings"; }
echo "port-and-test: no new compiler warnings"

POOLS=$(mktemp -d /tmp/redis-port-pools.XXXXXX)
# PMDK allocates a pool file's whole size on disk: remove each test server's pool once the
# server is gone, or a run of the suite would keep a hundred of them.
( while [ -d "$POOLS" ]; do
    for f in "$POOLS"/*.pool; do
      [ -e "$f" ] || continue
      pid=${f##*/}; pid=${pid%.pool}
      kill -0 "$pid" 2>/dev/null || rm -f "$f"
    done
    sleep 2
  done ) &
JANITOR=$!
trap 'kill $JANITOR 2>/dev/null; rm -rf "$POOLS"' EXIT
singles=()
for t in $TESTS; do singles+=(--single "$t"); done
LOG=$WORK/runtest.log
rc=0
(cd "$TREE" && PMEM_IS_PMEM_FORCE=${PMEM_IS_PMEM_FORCE:-1} PMS_POOL="$POOLS/%p.pool" \
   PMS_POOL_SIZE=${PMS_POOL_SIZE:-2G} ./runtest "${singles[@]}" --clients "${RUNTEST_CLIENTS:-2}" \
   --timeout 600) 2>&1 | sed 's/\x1b\[[0-9;]*m//g' >"$LOG" || rc=$?
ok=$(grep -c '^\[ok\]' "$LOG" || true)
err=$(grep -cE '^\[(err|exception)\]' "$LOG" || true)
echo "port-and-test: runtest $TESTS: $ok ok, $err err/exception (exit $rc; log $LOG)"
grep -A1 -E '^\[(err|exception)\]' "$LOG" || true
[ "$rc" -eq 0 ] && [ "$err" -eq 0 ] || fail "Redis tests failed on the port"
