#!/usr/bin/env bash
# The runtime's instructions per LRU move (pms-move-bench under callgrind), for A/B of runtime
# builds on a host whose timings are too noisy to tell a few per cent apart: the count is the
# same from run to run. Each move is counted as (60,000 moves - 20,000 moves) / 40,000, so the
# set-up of the items drops out; the functions that take the most of a move follow.
#   runtime/pmem_shim/bench/move-instructions.sh                 # the build's runtime
#   runtime/pmem_shim/bench/move-instructions.sh DIR [DIR...]    # libpmem_shim.so.0 of each DIR
# TOP=n: how many functions to list (10).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
BUILD=${BUILD:-$REPO/build}
BENCH=$BUILD/bin/pms-move-bench TOP=${TOP:-10}
fail() { echo "move-instructions: $*" >&2; exit 1; }
command -v valgrind >/dev/null || fail "valgrind is not installed (scripts/setup.sh installs it)"
[ -x "$BENCH" ] || fail "no $BENCH (ninja -C $BUILD pms-move-bench)"
[[ $TOP =~ ^[0-9]+$ ]] || fail "TOP must be a number, not '$TOP'"
[ $# -gt 0 ] || set -- "$BUILD/lib"
for dir in "$@"; do
  [ -e "$dir/libpmem_shim.so.0" ] || fail "no libpmem_shim.so.0 in '$dir'"
done
TMP=$(mktemp -d)
trap 'rm -rf "$TMP" /dev/shm/pms-move-instructions-$$.pool' EXIT

count() { # count DIR MOVES: a callgrind profile of that many moves, in $TMP/MOVES.out
  local pool=/dev/shm/pms-move-instructions-$$.pool
  rm -f "$pool"
  LD_LIBRARY_PATH=$1 PMS_POOL_SIZE=64M PMEM_IS_PMEM_FORCE=1 valgrind --tool=callgrind \
    --callgrind-out-file="$TMP/$2.out" "$BENCH" "$pool" "$2" >"$TMP/$2.log" 2>&1 ||
    fail "pms-move-bench failed under valgrind with $1: $(tail -1 "$TMP/$2.log")"
  rm -f "$pool"
  callgrind_annotate "$TMP/$2.out" >"$TMP/$2.txt"
}
for dir in "$@"; do
  count "$dir" 20000
  count "$dir" 60000
  python3 - "$dir" "$TMP/20000.txt" "$TMP/60000.txt" "$TOP" <<'PY'
import re, sys
def functions(path):
    got = {}
    for line in open(path):
        m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+\S*:(\S+) \[", line)
        if m:
            got[m.group(2)] = got.get(m.group(2), 0) + int(m.group(1).replace(",", ""))
    return got
lib, few, many, top = sys.argv[1], functions(sys.argv[2]), functions(sys.argv[3]), int(sys.argv[4])
per = sorted(((many[f] - few.get(f, 0)) / 40000, f) for f in many)
print("%s: %.0f instructions a move" % (lib, sum(p for p, _ in per)))
for p, f in reversed(per[-top:] if top else []):
    print("  %6.0f  %s" % (p, f))
PY
done
